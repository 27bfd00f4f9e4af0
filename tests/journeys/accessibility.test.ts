// Accessibility pass: every route of web/src/config/paths.ts that a role can open, for a guest and
// the demo member, coach and admin, with axe-core (WCAG 2.0 A/AA, 2.1 AA): no serious or critical
// violation. The links of the purchase and admin screens that lead to otherwise unlinked routes
// are followed once. With SCREENSHOTS=1 (`npm run screenshots`) each visit also saves the page at
// 390 and 1280 px wide to docs/screenshots/routes/<role>-<route>-<width>.png (git-ignored).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { paths, type RouteKey } from '../../web/src/config/paths.ts';
import { ROOT } from '../../scripts/lib/stack.ts';
import { formatViolations, seriousViolations } from '../support/axe.ts';
import { offerAlreadyShown, useJourney } from '../support/journey.ts';

const journey = useJourney();

type Role = 'guest' | 'member' | 'coach' | 'admin';
/** Who may open a route: anyone, a signed-in member (every role), coaches and admins, admins. */
type Audience = 'anyone' | 'member' | 'coach' | 'admin';

/** A guest opens the member pages too: they show the sign-in prompt that leads back to them. */
const OPENS: Record<Role, readonly Audience[]> = {
  guest: ['anyone', 'member'],
  member: ['anyone', 'member'],
  coach: ['anyone', 'member', 'coach'],
  admin: ['anyone', 'member', 'coach', 'admin'],
};

const ACCOUNTS: Record<Exclude<Role, 'guest'>, { email: string; uid: string }> = {
  member: { email: 'member@demo.studio', uid: 'demo-member' },
  coach: { email: 'coach@demo.studio', uid: 'demo-coach' },
  admin: { email: 'admin@demo.studio', uid: 'demo-admin' },
};

/** Real demo ids the routes' parameters are filled with, read from the database. */
interface DemoIds {
  uid: string;
  host: string;
  branch: string;
  packages: Record<'credits' | 'spcredits' | 'train-credits', { id: string; credits: number }>;
  roster: { fecha: string; hora: string; key: string; coach: string; classtype: string };
}

/**
 * Every route with its audience and a link built from demo ids. A `Record` over RouteKey, so a
 * route added to paths.ts does not compile here until this pass visits it.
 */
const ROUTES: Record<RouteKey, { audience: Audience; href: (ids: DemoIds) => string }> = {
  inicio: { audience: 'anyone', href: () => paths.inicio.getHref({}) },
  profileUser: { audience: 'member', href: ({ uid }) => paths.profileUser.getHref({ uid }) },
  cart: { audience: 'anyone', href: () => paths.cart.getHref({}) },
  calendario: {
    audience: 'anyone',
    href: () => paths.calendario.getHref({ action: 'choose', type: 'user' }),
  },
  paquetes: { audience: 'anyone', href: () => paths.paquetes.getHref({ number: 0 }) },
  misCompras: {
    audience: 'member',
    href: () => paths.misCompras.getHref({ type: 'user', action: 'view' }),
  },
  confirmarCompra: {
    audience: 'member',
    href: ({ host, branch }) =>
      paths.confirmarCompra.getHref({ type: 'stripe', promocode: host, sucursal: branch }),
  },
  realizarCompra: { audience: 'member', href: () => paths.realizarCompra.getHref({}) },
  graciasCompra: { audience: 'member', href: () => paths.graciasCompra.getHref({}) },
  buyCredits: {
    audience: 'anyone',
    href: (ids) => buyHref(paths.buyCredits, ids, 'credits'),
  },
  buySpCredits: {
    audience: 'anyone',
    href: (ids) => buyHref(paths.buySpCredits, ids, 'spcredits'),
  },
  buyTrainCredits: {
    audience: 'anyone',
    href: (ids) => buyHref(paths.buyTrainCredits, ids, 'train-credits'),
  },
  events: { audience: 'anyone', href: () => paths.events.getHref({}) },
  waitlist: { audience: 'member', href: () => paths.waitlist.getHref({}) },
  contacto: { audience: 'anyone', href: () => paths.contacto.getHref({}) },
  sobreNosotros: { audience: 'anyone', href: () => paths.sobreNosotros.getHref({}) },
  coach: {
    audience: 'anyone',
    href: ({ roster }) => paths.coach.getHref({ coachId: roster.coach }),
  },
  login: { audience: 'anyone', href: () => paths.login.getHref({}) },
  registro: { audience: 'anyone', href: () => paths.registro.getHref({}) },
  resetPassword: { audience: 'anyone', href: () => paths.resetPassword.getHref({}) },
  crearClases: { audience: 'admin', href: () => paths.crearClases.getHref({}) },
  crearCupones: { audience: 'admin', href: () => paths.crearCupones.getHref({}) },
  listaPagos: { audience: 'admin', href: () => paths.listaPagos.getHref({}) },
  adminInsights: { audience: 'admin', href: () => paths.adminInsights.getHref({}) },
  adminClases: { audience: 'admin', href: () => paths.adminClases.getHref({}) },
  adminPrecios: { audience: 'admin', href: () => paths.adminPrecios.getHref({}) },
  adminPreciosEvents: { audience: 'admin', href: () => paths.adminPreciosEvents.getHref({}) },
  adminPrecioIndividual: {
    audience: 'admin',
    href: () => paths.adminPrecioIndividual.getHref({}),
  },
  adminExercise: { audience: 'admin', href: () => paths.adminExercise.getHref({}) },
  adminCoach: { audience: 'admin', href: () => paths.adminCoach.getHref({}) },
  adminSpot: { audience: 'admin', href: () => paths.adminSpot.getHref({}) },
  adminSuscripcion: { audience: 'admin', href: () => paths.adminSuscripcion.getHref({}) },
  adminSuscripcionPrice: {
    audience: 'admin',
    href: () => paths.adminSuscripcionPrice.getHref({}),
  },
  adminPreciosTrain: { audience: 'admin', href: () => paths.adminPreciosTrain.getHref({}) },
  adminAudit: { audience: 'admin', href: () => paths.adminAudit.getHref({}) },
  adminStudio: { audience: 'admin', href: () => paths.adminStudio.getHref({}) },
  adminMail: { audience: 'admin', href: () => paths.adminMail.getHref({}) },
  adminListsClass: { audience: 'coach', href: () => paths.adminListsClass.getHref({}) },
  allUsers: { audience: 'admin', href: () => paths.allUsers.getHref({}) },
  userListClass: { audience: 'coach', href: ({ roster }) => paths.userListClass.getHref(roster) },
  plantillaDate: { audience: 'admin', href: () => paths.plantillaDate.getHref({}) },
  checador: { audience: 'coach', href: () => paths.checador.getHref({}) },
};

function buyHref(
  route: typeof paths.buyCredits | typeof paths.buySpCredits | typeof paths.buyTrainCredits,
  { host, branch, packages }: DemoIds,
  kind: keyof DemoIds['packages'],
): string {
  const pkg = packages[kind];
  const href = route.getHref({ type: 'stripe', promocode: host, sucursal: branch, ...pkg });
  return `${href}?package=${encodeURIComponent(pkg.id)}`;
}

async function demoIds(uid: string): Promise<DemoIds> {
  const branches = (await journey.read('Branches')) as Record<string, unknown>;
  const packages = (await journey.read('Packages')) as Record<
    string,
    { kind: string; credits: number }
  >;
  const classes = (await journey.read('Classes')) as Record<
    string,
    { date: string; hour: string; coach: string; exercise: string }
  >;
  const pack = (kind: string) => {
    const found = Object.entries(packages).find(([, pkg]) => pkg.kind === kind);
    if (!found) throw new Error(`The demo data has no ${kind} package`);
    return { id: found[0], credits: found[1].credits };
  };
  const [key, cls] = Object.entries(classes)[0] ?? [];
  if (!key || !cls) throw new Error('The demo data has no class');
  return {
    uid,
    host: new URL(journey.baseUrl).hostname,
    branch: Object.keys(branches)[0] ?? 'centro',
    packages: {
      credits: pack('credits'),
      spcredits: pack('spcredits'),
      'train-credits': pack('train-credits'),
    },
    roster: {
      fecha: cls.date,
      hora: cls.hour,
      key,
      coach: cls.coach,
      classtype: cls.exercise,
    },
  };
}

/**
 * The page's own content is there: a fresh heading in <main>, no spinner or "Loading…" left in
 * it, and no request in flight.
 */
async function waitForContent(page: Page): Promise<void> {
  await page.locator('main h1:not([data-visited])').first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    () => {
      const main = document.querySelector('main');
      return (
        main !== null &&
        main.querySelector('.page-loading') === null &&
        !/Loading…|Cargando…/.test(main.textContent ?? '')
      );
    },
    undefined,
    { timeout: 20_000 },
  );
  await page.waitForLoadState('networkidle');
}

/** Moves inside the app as its links do (no reload: the session stays as it is). */
async function openInApp(page: Page, href: string): Promise<void> {
  await page.evaluate((to) => {
    // The same address renders nothing new: its heading stays the page's own.
    if (location.pathname + location.search === to) return;
    for (const heading of document.querySelectorAll('main h1')) {
      heading.setAttribute('data-visited', '');
    }
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, href);
  await waitForContent(page);
}

/** No transition running (the side menu slides in and out with the width and the menu button). */
async function settled(page: Page): Promise<void> {
  // Two frames, so a transition the last change starts is already running when looked for.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

const WIDTHS = [390, 1280] as const;

/** With SCREENSHOTS=1, the page at each gallery width; the viewport is put back afterwards. */
async function gallery(page: Page, name: string): Promise<void> {
  if (process.env['SCREENSHOTS'] !== '1') return;
  const folder = path.join(ROOT, 'docs/screenshots/routes');
  mkdirSync(folder, { recursive: true });
  const before = page.viewportSize();
  // The "ready to work offline" strip comes and goes on its own; the pictures leave it out.
  const note = page.getByRole('button', { name: 'Dismiss' });
  if (await note.isVisible()) await note.click();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 860 });
    await settled(page);
    await page.screenshot({ path: path.join(folder, `${name}-${width}.png`) });
  }
  if (before) await page.setViewportSize(before);
}

/** axe on what the page shows now; the findings are collected, the test fails on all at once. */
async function audit(page: Page, where: string, found: string[]): Promise<void> {
  const violations = await seriousViolations(page);
  if (violations.length > 0) found.push(formatViolations(where, violations));
}

async function startAs(role: Role): Promise<{ page: Page; ids: DemoIds }> {
  const page = await journey.newPage();
  await offerAlreadyShown(page);
  if (role === 'guest') {
    await page.goto(`${journey.baseUrl}${paths.inicio.getHref({})}`);
  } else {
    await journey.signIn(page, ACCOUNTS[role].email);
  }
  await waitForContent(page);
  return { page, ids: await demoIds(role === 'guest' ? 'null' : ACCOUNTS[role].uid) };
}

/** Every route the role opens, then its side menu. Returns the findings. */
async function visitEveryRoute(page: Page, role: Role, ids: DemoIds): Promise<string[]> {
  const found: string[] = [];
  for (const [key, { audience, href }] of Object.entries(ROUTES)) {
    if (!OPENS[role].includes(audience)) continue;
    const name = paths[key as RouteKey].name;
    await openInApp(page, href(ids));
    await audit(page, `${role} ${name}`, found);
    await gallery(page, `${role}-${name}`);
  }
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Side menu' }).waitFor();
  // Audited once it has slid in, not half-way through its transition.
  await settled(page);
  await audit(page, `${role} side menu`, found);
  await gallery(page, `${role}-side-menu`);
  await page.keyboard.press('Escape');
  return found;
}

describe('accessibility of every route', { timeout: 300_000 }, () => {
  test('the axe check reports a button without a name, so a clean pass means something', async () => {
    const { page } = await startAs('guest');
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.id = 'nameless';
      document.querySelector('main')?.append(button);
    });
    const violations = await seriousViolations(page);
    expect(violations.map((v) => [v.id, v.targets])).toContainEqual(['button-name', ['#nameless']]);
  });

  test('a guest meets no serious or critical axe violation on the public and member routes', async () => {
    const { page, ids } = await startAs('guest');
    expect((await visitEveryRoute(page, 'guest', ids)).join('\n')).toBe('');
  });

  test('the member meets none, and reaches confirmar-compra and realizar-compra from the cart', async () => {
    const { page, ids } = await startAs('member');
    const found = await visitEveryRoute(page, 'member', ids);

    // Cart → confirmar-compra → realizar-compra, with a package in the cart.
    await openInApp(page, paths.paquetes.getHref({ number: 0 }));
    await page.getByRole('button', { name: /^Add to cart: 5 classes/ }).click();
    await openInApp(page, paths.cart.getHref({}));
    await page.locator('main').getByRole('link', { name: 'Confirm purchase' }).click();
    await page.waitForURL(/\/tabs\/confirmar-compra\/stripe\/[^/]+\/[^/]+$/);
    await waitForContent(page);
    await audit(page, 'member confirmar-compra (cart)', found);
    await page.locator('main').getByRole('link', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/tabs\/realizar-compra$/);
    await waitForContent(page);
    await page.locator('main').getByRole('button', { name: 'Pay' }).waitFor();
    await audit(page, 'member realizar-compra (cart)', found);
    expect(found.join('\n')).toBe('');
  });

  test('the coach meets none on the member and coach routes', async () => {
    const { page, ids } = await startAs('coach');
    expect((await visitEveryRoute(page, 'coach', ids)).join('\n')).toBe('');
  });

  test('the admin meets none, and reaches admin-precio-individual and admin-suscripcion', async () => {
    const { page, ids } = await startAs('admin');
    const found = await visitEveryRoute(page, 'admin', ids);

    await openInApp(page, paths.adminPrecios.getHref({}));
    await page
      .locator('main')
      .getByRole('link', { name: 'Single class price (one-credit package)' })
      .click();
    await page.waitForURL(/\/admin-precio-individual$/);
    await waitForContent(page);

    await openInApp(page, paths.adminSuscripcionPrice.getHref({}));
    await page
      .locator('main')
      .getByRole('link', { name: 'Subscribers and the status of each subscription' })
      .click();
    await page.waitForURL(/\/admin-suscripcion$/);
    await waitForContent(page);
    expect(found.join('\n')).toBe('');
  });
});
