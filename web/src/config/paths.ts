/**
 * Every screen of the product as data: the route pattern, where it lives by default and
 * how to build a link to it. The router registers each page twice, under the tab container
 * (`/tabs/<pattern>`, where the spec's own links point) and at the root (`/<pattern>`).
 */

/** Names of the `:params` in a pattern, `?` marking optional ones. */
type ParamSegments<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? Name | ParamSegments<Tail>
    : Rest
  : never;

type RequiredName<S> = S extends `${string}?` ? never : S;
type OptionalName<S> = S extends `${infer Name}?` ? Name : never;

export type ParamValue = string | number;

export type RouteParams<P extends string> = {
  [K in RequiredName<ParamSegments<P>>]: ParamValue;
} & {
  [K in OptionalName<ParamSegments<P>>]?: ParamValue;
};

/** Where a screen's canonical link points: inside the tab container or at the root. */
export type RouteBase = 'tabs' | 'root';

export interface RouteDef<Name extends string = string, P extends string = string> {
  /** The spec's route name, shown as the page heading until the page has its own content. */
  name: Name;
  /** Pattern relative to the base, as the spec writes it (`calendario/:action/:type`). */
  pattern: P;
  base: RouteBase;
  /** Absolute pattern of the canonical location. */
  path: string;
  getHref: (params: RouteParams<P>) => string;
}

export const TABS_PREFIX = '/tabs';

function prefix(base: RouteBase): string {
  return base === 'tabs' ? `${TABS_PREFIX}/` : '/';
}

/** Fills `:name` / `:name?` segments; an absent optional segment is dropped. */
export function buildHref(
  absolutePattern: string,
  params: Readonly<Record<string, ParamValue | undefined>>,
): string {
  return absolutePattern
    .split('/')
    .flatMap((segment) => {
      if (!segment.startsWith(':')) return [segment];
      const optional = segment.endsWith('?');
      const name = segment.slice(1, optional ? -1 : undefined);
      const value = params[name];
      if (value === undefined || value === '') {
        if (optional) return [];
        throw new Error(`Missing route parameter "${name}" for ${absolutePattern}`);
      }
      return [encodeURIComponent(String(value))];
    })
    .join('/');
}

function route<const Name extends string, const P extends string>(
  name: Name,
  pattern: P,
  base: RouteBase,
): RouteDef<Name, P> {
  const path = `${prefix(base)}${pattern}`;
  return { name, pattern, base, path, getHref: (params) => buildHref(path, params) };
}

export const paths = {
  // Tab container (inicio, profile-user, cart, calendario, paquetes, mis-compras).
  inicio: route('inicio', 'inicio', 'tabs'),
  profileUser: route('profile-user', 'profile-user/:uid', 'tabs'),
  cart: route('cart', 'cart', 'tabs'),
  calendario: route('calendario', 'calendario/:action/:type', 'tabs'),
  paquetes: route('paquetes', 'paquetes/:number', 'tabs'),
  misCompras: route('mis-compras', 'mis-compras/:type/:action', 'tabs'),

  // Member screens linked from the tabs (the spec links buy-credits under /tabs).
  confirmarCompra: route('confirmar-compra', 'confirmar-compra/:type/:promocode/:sucursal', 'tabs'),
  realizarCompra: route('realizar-compra', 'realizar-compra', 'tabs'),
  graciasCompra: route('gracias-compra', 'gracias-compra', 'tabs'),
  buyCredits: route('buy-credits', 'buy-credits/:type/:promocode/:sucursal/:credits', 'tabs'),
  buySpCredits: route('buy-spcredits', 'buy-spcredits/:type/:promocode/:sucursal/:credits', 'tabs'),
  buyTrainCredits: route(
    'buy-train-credits',
    'buy-train-credits/:type/:promocode/:sucursal/:credits',
    'tabs',
  ),
  events: route('events', 'events', 'tabs'),
  waitlist: route('waitlist', 'waitlist', 'tabs'),
  contacto: route('contacto', 'contacto', 'tabs'),
  sobreNosotros: route('sobre-nosotros', 'sobre-nosotros', 'tabs'),
  /** Not a spec screen: a coach's photo, bio, specialities and upcoming classes. */
  coach: route('coach', 'coach/:coachId', 'tabs'),

  // Account screens.
  login: route('login', 'login/:promocode?', 'root'),
  registro: route('registro', 'registro', 'root'),
  resetPassword: route('reset-password', 'reset-password', 'root'),

  // Studio administration and coach screens (the spec names /checador and /admin-lists-class).
  crearClases: route('crear-clases', 'crear-clases', 'root'),
  crearCupones: route('crear-cupones', 'crear-cupones', 'root'),
  listaPagos: route('lista-pagos', 'lista-pagos', 'root'),
  /** Not a spec screen: the nightly rollups (docs/architecture/insights.md), after lista-pagos. */
  adminInsights: route('admin-insights', 'admin-insights', 'root'),
  adminClases: route('admin-clases', 'admin-clases', 'root'),
  adminPrecios: route('admin-precios', 'admin-precios', 'root'),
  adminPreciosEvents: route('admin-precios-events', 'admin-precios-events', 'root'),
  adminPrecioIndividual: route('admin-precio-individual', 'admin-precio-individual', 'root'),
  adminExercise: route('admin-exercise', 'admin-exercise', 'root'),
  adminCoach: route('admin-coach', 'admin-coach', 'root'),
  adminSpot: route('admin-spot', 'admin-spot', 'root'),
  adminSuscripcion: route('admin-suscripcion', 'admin-suscripcion', 'root'),
  adminSuscripcionPrice: route('admin-suscripcion-price', 'admin-suscripcion-price', 'root'),
  /**
   * Not a spec screen: the plan catalogue, bulk freezes, freezes and commitments ending
   * (docs/architecture/plans.md).
   */
  adminPlanes: route('admin-planes', 'admin-planes', 'root'),
  /**
   * Not a spec screen: training-credit packages, linked from admin-precios
   * (docs/architecture/admin-and-audit.md#catalogue).
   */
  adminPreciosTrain: route('admin-precios-train', 'admin-precios-train', 'root'),
  /**
   * Not a spec screen: the catalogue audit log, linked from the admin screens
   * (docs/architecture/admin-and-audit.md#catalogue).
   */
  adminAudit: route('admin-audit', 'admin-audit', 'root'),
  /**
   * Not a spec screen: the studio's name, logo, colour and contact details, the side menu's one
   * item beyond the spec's (docs/architecture/web-app.md#studio-branding).
   */
  adminStudio: route('admin-studio', 'admin-studio', 'root'),
  /**
   * Not a product screen: the e-mail outbox, status per message and resend
   * (docs/architecture/admin-and-audit.md#sent-e-mail).
   */
  adminMail: route('admin-mail', 'admin-mail', 'root'),
  /**
   * Not a product screen: the import wizard, a studio's members, packs, plans and visits from its
   * old system (docs/architecture/import.md).
   */
  adminImport: route('admin-import', 'admin-import', 'root'),
  /**
   * Not a product screen: the workspace's home for admins and the front desk — today's classes
   * with fill and check-ins, sales today, alerts (docs/architecture/web-app.md#navigation).
   */
  adminToday: route('admin-today', 'admin-today', 'root'),
  /**
   * Not a product screen: what coaches are paid, the pay report with its CSV and the pay rates
   * (docs/architecture/front-desk.md#coach-pay).
   */
  adminCoachPay: route('admin-coach-pay', 'admin-coach-pay', 'root'),
  /**
   * Not a product screen: a sale at the front desk, a pack or a plan paid in cash or by card
   * (docs/architecture/front-desk.md#walk-ins-sales-and-substitutes).
   */
  deskSale: route('desk-sale', 'desk-sale', 'root'),
  adminListsClass: route('admin-lists-class', 'admin-lists-class', 'root'),
  allUsers: route('all-users', 'all-users', 'root'),
  userListClass: route(
    'user-list-class',
    'user-list-class/:fecha/:hora/:key/:coach/:classtype',
    'root',
  ),
  plantillaDate: route('plantilla-date', 'plantilla-date', 'root'),
  checador: route('checador', 'checador', 'root'),
  /**
   * Not a spec screen: the door's tablet, locked to check-in, for members to check themselves in
   * (docs/architecture/front-desk.md#check-in-and-the-kiosk).
   */
  kiosk: route('kiosk', 'kiosk', 'root'),
} as const;

export type RouteKey = keyof typeof paths;

/** The tab container's own location; it and `/` open the home tab. */
export const TABS_ROOT = TABS_PREFIX;
export const HOME_HREF = paths.inicio.getHref({});

/** Both places a page answers: under the tab container and at the root. */
export function routePatterns(route: RouteDef): readonly [string, string] {
  return [`${TABS_PREFIX}/${route.pattern}`, `/${route.pattern}`];
}
