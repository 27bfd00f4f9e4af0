import type { ComponentType } from 'react';
import { lazy, Suspense, useState } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import type { RouteDef } from '../config/paths';
import { HOME_HREF, paths, routePatterns, TABS_ROOT } from '../config/paths';
import { allowedWhileLocked, KIOSK_PATH, kioskLocked } from '../lib/kiosk-lock';
import { NotFoundPage } from './not-found-page';
import { PageErrorBoundary } from './page-error-boundary';
import { PageLoading } from './page-loading';
// The start page (manifest start_url, where `/` leads) is part of the entry: a lazy page makes
// the first render show the spinner and reveal the page a round later
// (docs/decisions/103-start-page-in-the-entry.md).
import InicioPage, { preloadMemberPanels } from './routes/inicio';

export interface PageEntry {
  route: RouteDef;
  Page: ComponentType;
  /** Loads what the page's first render needs ahead of it: a lazy page's chunk, home's panels. */
  preload?: () => Promise<unknown>;
}

/**
 * A page in its own chunk, loaded when first opened, or before the app's first render when the
 * app starts on it (`preloadPageAt`): that render then draws the page, not the spinner, so the
 * heading index.html painted is not replaced by the spinner first
 * (docs/architecture/performance.md#member-pages-painted-by-indexhtml).
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>): Omit<PageEntry, 'route'> {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  function LazyPage() {
    // Chosen once per mount: switching from Lazy to the loaded page later would remount it.
    const [Page] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Page />;
  }
  return { Page: LazyPage, preload };
}

/** Every screen of the product, each in its own chunk loaded when first opened (home aside). */
export const pages: readonly PageEntry[] = [
  { route: paths.inicio, Page: InicioPage, preload: preloadMemberPanels },
  { route: paths.profileUser, ...lazyPage(() => import('./routes/profile-user')) },
  { route: paths.cart, ...lazyPage(() => import('./routes/cart')) },
  { route: paths.calendario, ...lazyPage(() => import('./routes/calendario')) },
  { route: paths.paquetes, ...lazyPage(() => import('./routes/paquetes')) },
  { route: paths.misCompras, ...lazyPage(() => import('./routes/mis-compras')) },
  { route: paths.confirmarCompra, ...lazyPage(() => import('./routes/confirmar-compra')) },
  { route: paths.realizarCompra, ...lazyPage(() => import('./routes/realizar-compra')) },
  { route: paths.graciasCompra, ...lazyPage(() => import('./routes/gracias-compra')) },
  { route: paths.buyCredits, ...lazyPage(() => import('./routes/buy-credits')) },
  { route: paths.buySpCredits, ...lazyPage(() => import('./routes/buy-spcredits')) },
  { route: paths.buyTrainCredits, ...lazyPage(() => import('./routes/buy-train-credits')) },
  { route: paths.events, ...lazyPage(() => import('./routes/events')) },
  { route: paths.waitlist, ...lazyPage(() => import('./routes/waitlist')) },
  { route: paths.contacto, ...lazyPage(() => import('./routes/contacto')) },
  { route: paths.sobreNosotros, ...lazyPage(() => import('./routes/sobre-nosotros')) },
  { route: paths.coach, ...lazyPage(() => import('./routes/coach')) },
  { route: paths.login, ...lazyPage(() => import('./routes/login')) },
  { route: paths.registro, ...lazyPage(() => import('./routes/registro')) },
  { route: paths.resetPassword, ...lazyPage(() => import('./routes/reset-password')) },
  { route: paths.crearClases, ...lazyPage(() => import('./routes/crear-clases')) },
  { route: paths.crearCupones, ...lazyPage(() => import('./routes/crear-cupones')) },
  { route: paths.listaPagos, ...lazyPage(() => import('./routes/lista-pagos')) },
  { route: paths.adminInsights, ...lazyPage(() => import('./routes/admin-insights')) },
  { route: paths.adminClases, ...lazyPage(() => import('./routes/admin-clases')) },
  { route: paths.adminPrecios, ...lazyPage(() => import('./routes/admin-precios')) },
  { route: paths.adminPreciosEvents, ...lazyPage(() => import('./routes/admin-precios-events')) },
  {
    route: paths.adminPrecioIndividual,
    ...lazyPage(() => import('./routes/admin-precio-individual')),
  },
  { route: paths.adminExercise, ...lazyPage(() => import('./routes/admin-exercise')) },
  { route: paths.adminCoach, ...lazyPage(() => import('./routes/admin-coach')) },
  { route: paths.adminSpot, ...lazyPage(() => import('./routes/admin-spot')) },
  { route: paths.adminSuscripcion, ...lazyPage(() => import('./routes/admin-suscripcion')) },
  {
    route: paths.adminSuscripcionPrice,
    ...lazyPage(() => import('./routes/admin-suscripcion-price')),
  },
  { route: paths.adminPlanes, ...lazyPage(() => import('./routes/admin-planes')) },
  { route: paths.adminPreciosTrain, ...lazyPage(() => import('./routes/admin-precios-train')) },
  { route: paths.adminAudit, ...lazyPage(() => import('./routes/admin-audit')) },
  { route: paths.adminStudio, ...lazyPage(() => import('./routes/admin-studio')) },
  { route: paths.adminMail, ...lazyPage(() => import('./routes/admin-mail')) },
  { route: paths.adminImport, ...lazyPage(() => import('./routes/admin-import')) },
  { route: paths.adminToday, ...lazyPage(() => import('./routes/admin-today')) },
  { route: paths.adminCoachPay, ...lazyPage(() => import('./routes/admin-coach-pay')) },
  { route: paths.deskSale, ...lazyPage(() => import('./routes/desk-sale')) },
  { route: paths.adminListsClass, ...lazyPage(() => import('./routes/admin-lists-class')) },
  { route: paths.allUsers, ...lazyPage(() => import('./routes/all-users')) },
  { route: paths.userListClass, ...lazyPage(() => import('./routes/user-list-class')) },
  { route: paths.plantillaDate, ...lazyPage(() => import('./routes/plantilla-date')) },
  { route: paths.checador, ...lazyPage(() => import('./routes/checador')) },
  { route: paths.kiosk, ...lazyPage(() => import('./routes/kiosk')) },
];

/**
 * Loads the page at `pathname` (`/tabs/<name>/…` or `/<name>/…`: every pattern starts with its
 * route's name), or nothing; never fails, the page's own render reports a chunk that did not load.
 */
export function preloadPageAt(pathname: string): Promise<void> {
  const name = pathname
    .replace(/^\/(tabs\/)?/i, '')
    .split('/')[0]
    ?.toLowerCase();
  const page = pages.find(({ route }) => route.name === name);
  return (page?.preload?.() ?? Promise.resolve()).then(
    () => undefined,
    () => undefined,
  );
}

export function AppRoutes() {
  const [location] = useLocation();
  // A device the kiosk has locked stays on it (sign-in aside) until the front desk unlocks it.
  if (kioskLocked() && !allowedWhileLocked(location)) return <Redirect to={KIOSK_PATH} replace />;
  return (
    <PageErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          <Route path="/">
            <Redirect to={HOME_HREF} replace />
          </Route>
          <Route path={TABS_ROOT}>
            <Redirect to={HOME_HREF} replace />
          </Route>
          {pages.flatMap(({ route, Page }) =>
            routePatterns(route).map((pattern) => (
              <Route key={pattern} path={pattern} component={Page} />
            )),
          )}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </PageErrorBoundary>
  );
}
