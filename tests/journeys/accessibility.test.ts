// Accessibility pass: every route of web/src/config/paths.ts that a role can open, for a guest and
// the demo member, coach and admin, with axe-core (WCAG 2.0 A/AA, 2.1 AA): no serious or critical
// violation, on the demo studio as members live in it (bookings, a nearly full class, a waiting
// list: support/lived-in.ts). The links of the purchase and admin screens that lead to otherwise
// unlinked routes are followed once, and the states a route alone does not show (the class sheet,
// a filled cart, a coupon at checkout, the subscription offer, the side menu) are audited too.
// With SCREENSHOTS=1 (`npm run screenshots`) the same visits make the gallery in
// docs/screenshots/ (support/gallery.ts): each route as the role that uses it, and each state.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { paths, type RouteKey } from '../../web/src/config/paths.ts';
import { formatViolations, seriousViolations } from '../support/axe.ts';
import {
  photograph,
  settled,
  writeGalleryIndex,
  type GalleryEntry,
  type GalleryRole,
} from '../support/gallery.ts';
import { callAs, offerAlreadyShown, signedInPage, useJourney } from '../support/journey.ts';
import { addDays, formatDate, paths as dataPaths } from '@studio/core';
import { DEMO_PASSWORD } from '../../scripts/lib/seed.ts';
import { DEMO_PLAN_IDS } from '../../scripts/lib/seed-plans.ts';
import { liveIn, type LivedIn } from '../support/lived-in.ts';

const journey = useJourney();
let lived: LivedIn;
beforeAll(async () => {
  lived = await liveIn(journey);
}, 300_000);

type Role = GalleryRole;
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
  adminImport: { audience: 'admin', href: () => paths.adminImport.getHref({}) },
  adminPlanes: { audience: 'admin', href: () => paths.adminPlanes.getHref({}) },
  adminToday: { audience: 'admin', href: () => paths.adminToday.getHref({}) },
  adminCoachPay: { audience: 'admin', href: () => paths.adminCoachPay.getHref({}) },
  deskSale: { audience: 'admin', href: () => paths.deskSale.getHref({}) },
  adminListsClass: { audience: 'coach', href: () => paths.adminListsClass.getHref({}) },
  allUsers: { audience: 'admin', href: () => paths.allUsers.getHref({}) },
  userListClass: { audience: 'coach', href: ({ roster }) => paths.userListClass.getHref(roster) },
  plantillaDate: { audience: 'admin', href: () => paths.plantillaDate.getHref({}) },
  checador: { audience: 'coach', href: () => paths.checador.getHref({}) },
  kiosk: { audience: 'admin', href: () => paths.kiosk.getHref({}) },
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
  const pack = (kind: string) => {
    const found = Object.entries(packages).find(([, pkg]) => pkg.kind === kind);
    if (!found) throw new Error(`The demo data has no ${kind} package`);
    return { id: found[0], credits: found[1].credits };
  };
  // The class lists show the member's class, booked nearly full.
  const { id: key, cls } = lived.booked;
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

/** The gallery shows the sign-in pages as a guest, every other route as the role it is for. */
const GUEST_ROUTES: readonly RouteKey[] = ['login', 'registro', 'resetPassword'];
const SHOWN_AS: Record<Audience, Role> = {
  anyone: 'member',
  member: 'member',
  coach: 'coach',
  admin: 'admin',
};

function shownAs(key: RouteKey): Role {
  return GUEST_ROUTES.includes(key) ? 'guest' : SHOWN_AS[ROUTES[key].audience];
}

/** The states the gallery shows besides the routes (`photographState` takes only these names). */
const STATES = [
  { name: 'subscription-offer', role: 'guest', caption: 'the BEST CHOICE offer on a first visit' },
  { name: 'side-menu-guest', role: 'guest', caption: 'the side menu' },
  { name: 'side-menu-member', role: 'member', caption: 'the side menu' },
  {
    name: 'class-sheet-booked',
    role: 'member',
    caption: 'class sheet: spot map with the member’s spot, coach, cancel',
  },
  {
    name: 'class-sheet-full',
    role: 'member',
    caption: 'class sheet of a full class: the member’s place on the waiting list',
  },
  {
    name: 'booking-1-spot-map',
    role: 'member',
    caption: 'booking, step 1: the class sheet and its room before a spot is chosen',
  },
  {
    name: 'booking-2-spot-chosen',
    role: 'member',
    caption: 'booking, step 2: a spot chosen, the cost under the Book button',
  },
  {
    name: 'booking-3-booked',
    role: 'member',
    caption: 'booking, step 3: booked, Add to calendar and Directions first',
  },
  {
    name: 'purchase-sheet',
    role: 'member',
    caption: 'Buy on a pack: what you get, coupon, Pay with the amount',
  },
  { name: 'cart-filled', role: 'member', caption: 'the cart with a package' },
  { name: 'confirm-purchase', role: 'member', caption: 'confirmar-compra from the cart' },
  { name: 'pay', role: 'member', caption: 'realizar-compra from the cart' },
  { name: 'coupon', role: 'member', caption: 'buying a package with the WELCOME10 coupon' },
  {
    name: 'switch-plan',
    role: 'member',
    caption: 'Buy Credits for a member on a plan: switching to another asks first, saying when',
  },
  { name: 'side-menu-coach', role: 'coach', caption: 'the side menu' },
  { name: 'side-menu-admin', role: 'admin', caption: 'the side menu' },
  {
    name: 'insights-figures',
    role: 'admin',
    caption: 'admin-insights: the figures and charts of the last 30 days',
  },
  {
    name: 'member-sheet',
    role: 'admin',
    caption: 'all-users: a member’s sheet (profile, credits, plan)',
  },
  {
    name: 'member-sheet-pass',
    role: 'admin',
    caption: 'the member sheet further down: role, studio pass, credit adjustment',
  },
  {
    name: 'member-sheet-waiver',
    role: 'admin',
    caption: 'the member sheet’s foot: the signed waiver record, printable',
  },
  {
    name: 'member-sheet-revoke',
    role: 'admin',
    caption: 'revoking a member’s studio pass asks first',
  },
  {
    name: 'layout-editor',
    role: 'admin',
    caption: 'admin-spot: a room’s layout open in the editor (spots, coach, doors)',
  },
] as const satisfies readonly GalleryEntry[];

function photographState(
  page: Page,
  name: (typeof STATES)[number]['name'],
  scrollTo?: Locator,
): Promise<void> {
  return photograph(page, 'states', name, scrollTo);
}

afterAll(() => {
  writeGalleryIndex(
    (Object.keys(ROUTES) as RouteKey[]).map((key) => ({
      name: paths[key].name,
      role: shownAs(key),
      caption: paths[key].path,
    })),
    [...STATES],
  );
});

/**
 * Opens a class's sheet from the schedule, as a member taps its card: first the class's week,
 * from the week shown (the schedule keeps the last sheet's: on a Sunday the booked class is in
 * the next week and the full one in this one).
 */
async function openClassSheet(page: Page, cls: { date: string; hour: string }): Promise<Locator> {
  await openInApp(page, paths.calendario.getHref({ action: 'choose', type: 'user' }));
  const day = page.locator(`section[aria-labelledby="day-${cls.date}"]`);
  const shownDay = page.locator('.week section.day').first();
  await shownDay.waitFor({ state: 'attached' });
  if ((await day.count()) === 0) {
    const shown = (await shownDay.getAttribute('aria-labelledby')) ?? '';
    const later = shown.replace(/^day-/, '') > cls.date;
    await page.getByRole('button', { name: later ? 'Previous week' : 'Next week' }).click();
    await day.waitFor();
  }
  await day.getByRole('button', { name: new RegExp(`^${cls.hour}`) }).click();
  const sheet = page.locator('.class-detail');
  await sheet.getByText(cls.hour).first().waitFor();
  await page.waitForLoadState('networkidle');
  await settled(page);
  return sheet;
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

const DAILY_PLAN = 'Unlimited, one class a day';

/**
 * A demo member the desk may give a plan (to show the switch on Buy Credits): the first of
 * member2 … member20 holding neither the monthly subscription nor a plan (the history gives a few
 * of them the subscription).
 */
async function memberWithoutPlan(): Promise<{ uid: string; email: string }> {
  for (let n = 2; n <= 20; n += 1) {
    const uid = `demo-member${n}`;
    const subscribed = await journey.read(dataPaths.userField(uid, 'activeSuscription'));
    const membership = (await journey.read(dataPaths.membership(uid))) as {
      status?: string;
    } | null;
    if (subscribed !== true && (membership === null || membership.status === 'ended')) {
      return { uid, email: `member${n}@demo.studio` };
    }
  }
  throw new Error('Every demo member holds a plan or the subscription');
}

/** The demo member, as the admin's list names her. */
const MEMBER_NAME = 'Mariana López';

/** The studio's written waiver, in both languages, as an admin publishes it. */
const WAIVER = {
  en: 'I take part in the studio’s classes at my own risk. I am fit to exercise, I tell the coach about any injury and I follow the coach’s instructions.',
  es: 'Participo en las clases del estudio bajo mi propio riesgo. Estoy en condiciones de hacer ejercicio, aviso al coach de cualquier lesión y sigo sus indicaciones.',
};

/** A signature as a finger draws it on the pad: a PNG data URL drawn on a canvas in the page. */
function drawnSignature(page: Page): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 160;
    const pen = canvas.getContext('2d');
    if (!pen) throw new Error('no 2d canvas');
    pen.lineWidth = 3;
    pen.lineCap = 'round';
    pen.strokeStyle = '#1d1b2e';
    pen.beginPath();
    pen.moveTo(40, 110);
    for (let x = 40; x <= 420; x += 6) pen.lineTo(x, 90 + 34 * Math.sin(x / 23) * Math.cos(x / 71));
    pen.moveTo(120, 130);
    pen.quadraticCurveTo(260, 150, 400, 124);
    pen.stroke();
    return canvas.toDataURL('image/png');
  });
}

/** The kiosk locks the device to itself: the admin leaves it as the front desk does. */
async function leaveKiosk(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Leave kiosk' }).click();
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.waitForURL(/\/admin-today$/);
  await waitForContent(page);
}

/** Every route the role opens, then its side menu. Returns the findings. */
async function visitEveryRoute(page: Page, role: Role, ids: DemoIds): Promise<string[]> {
  const found: string[] = [];
  for (const [key, { audience, href }] of Object.entries(ROUTES)) {
    if (!OPENS[role].includes(audience)) continue;
    const name = paths[key as RouteKey].name;
    await openInApp(page, href(ids));
    await audit(page, `${role} ${name}`, found);
    if (shownAs(key as RouteKey) === role) await photograph(page, 'routes', name);
    if (key === 'kiosk') await leaveKiosk(page);
  }
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Side menu' }).waitFor();
  // Audited once it has slid in, not half-way through its transition.
  await settled(page);
  await audit(page, `${role} side menu`, found);
  await photographState(page, `side-menu-${role}`);
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

  test('a guest meets no serious or critical axe violation on the public and member routes, nor in the subscription offer', async () => {
    const { page, ids } = await startAs('guest');
    const found = await visitEveryRoute(page, 'guest', ids);

    // A first visit: the BEST CHOICE offer opens by itself after 5 s.
    const first = await journey.newPage();
    await first.goto(`${journey.baseUrl}${paths.inicio.getHref({})}`);
    await waitForContent(first);
    await first.getByRole('dialog').waitFor({ timeout: 20_000 });
    await settled(first);
    await audit(first, 'guest subscription offer', found);
    await photographState(first, 'subscription-offer');
    expect(found.join('\n')).toBe('');
  });

  test('the member meets none, and reaches confirmar-compra and realizar-compra from the cart', async () => {
    const { page, ids } = await startAs('member');
    const found = await visitEveryRoute(page, 'member', ids);

    // The class sheet of the member's booked class (spot 7 on the map), then of the full class.
    const booked = await openClassSheet(page, lived.booked.cls);
    await booked.getByRole('button', { name: 'Spot 7, yours' }).waitFor();
    await audit(page, 'member class sheet (booked)', found);
    await photographState(page, 'class-sheet-booked');
    await page.keyboard.press('Escape');
    await booked.waitFor({ state: 'detached' });
    await openClassSheet(page, lived.full.cls);
    await audit(page, 'member class sheet (full, waiting)', found);
    await photographState(page, 'class-sheet-full');
    await page.keyboard.press('Escape');

    // Booking, step by step: the room before a spot is chosen, a spot chosen, booked.
    const open = await openClassSheet(page, lived.open.cls);
    await open.getByRole('button', { name: 'Book the first free spot' }).waitFor();
    await audit(page, 'member class sheet (to book)', found);
    await photographState(page, 'booking-1-spot-map');
    const free = open.getByRole('button', { name: /^Spot \d+, free$/ }).nth(5);
    const spotName = (await free.getAttribute('aria-label')) ?? '';
    await free.click();
    const bookChosen = open.getByRole('button', {
      name: `Book spot ${spotName.replace(/^Spot (\d+), free$/, '$1')}`,
    });
    await bookChosen.waitFor();
    // The first-free button turns secondary as the spot is chosen: its background fades while its
    // text colour does not, and axe must not read the colours half-way.
    await settled(page);
    await audit(page, 'member class sheet (spot chosen)', found);
    await photographState(page, 'booking-2-spot-chosen');
    await bookChosen.click();
    await open.getByText('Your spot').waitFor({ timeout: 90_000 });
    await open.getByRole('button', { name: /^Add to calendar/ }).waitFor({ timeout: 90_000 });
    await settled(page);
    await audit(page, 'member class sheet (just booked)', found);
    await photographState(page, 'booking-3-booked');
    await page.keyboard.press('Escape');
    await open.waitFor({ state: 'detached' });

    // Buy on a pack: the summary sheet, then the cart path.
    await openInApp(page, paths.paquetes.getHref({ number: 0 }));
    await page.getByRole('button', { name: 'Buy: 10 classes' }).click();
    const purchase = page.getByRole('dialog', { name: 'Review and pay' });
    await purchase.getByRole('button', { name: /^Pay \$/ }).waitFor({ timeout: 90_000 });
    await settled(page);
    await audit(page, 'member purchase sheet', found);
    await photographState(page, 'purchase-sheet');
    await page.keyboard.press('Escape');
    await purchase.waitFor({ state: 'detached' });

    // Cart → confirmar-compra → realizar-compra, with a package in the cart.
    await openInApp(page, paths.paquetes.getHref({ number: 0 }));
    await page.getByRole('button', { name: /^Add to cart: 5 classes/ }).click();
    await openInApp(page, paths.cart.getHref({}));
    await audit(page, 'member cart (a package)', found);
    await photographState(page, 'cart-filled');
    await page.locator('main').getByRole('link', { name: 'Confirm purchase' }).click();
    await page.waitForURL(/\/tabs\/confirmar-compra\/stripe\/[^/]+\/[^/]+$/);
    await waitForContent(page);
    await audit(page, 'member confirmar-compra (cart)', found);
    await photographState(page, 'confirm-purchase');
    await page.locator('main').getByRole('link', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/tabs\/realizar-compra$/);
    await waitForContent(page);
    await page.locator('main').getByRole('button', { name: /^Pay / }).waitFor();
    await audit(page, 'member realizar-compra (cart)', found);
    await photographState(page, 'pay');

    // A package bought with the WELCOME10 coupon: the server's price preview.
    await openInApp(page, ROUTES.buyCredits.href(ids));
    await page.getByLabel('Coupon code').fill('WELCOME10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.locator('dl.price-lines').getByText('−$6.50').waitFor({ timeout: 90_000 });
    await audit(page, 'member buy-credits (coupon)', found);
    await photographState(page, 'coupon');

    // A member on a plan (given by the desk as a prize) picks another on Buy Credits: the switch
    // is asked first, with what changes and when.
    const holderAccount = await memberWithoutPlan();
    await callAs(journey, ACCOUNTS.admin.email, 'compMembership', {
      uid: holderAccount.uid,
      planId: DEMO_PLAN_IDS.twoAWeek,
      until: addDays(formatDate(Date.now()), 30),
      reason: 'Prize: November attendance challenge',
    });
    const holder = await signedInPage(journey, holderAccount.email);
    await waitForContent(holder);
    await openInApp(holder, paths.paquetes.getHref({ number: 0 }));
    await holder.getByRole('button', { name: `Switch to this plan: ${DAILY_PLAN}` }).click();
    await holder.getByRole('dialog', { name: `Switch to ${DAILY_PLAN}` }).waitFor();
    await settled(holder);
    await audit(holder, 'member switch-plan confirmation', found);
    await photographState(holder, 'switch-plan');
    expect(found.join('\n')).toBe('');
  });

  test('the coach meets none on the member and coach routes', async () => {
    const { page, ids } = await startAs('coach');
    expect((await visitEveryRoute(page, 'coach', ids)).join('\n')).toBe('');
  });

  test('the admin meets none, and reaches admin-precio-individual and admin-suscripcion', async () => {
    const { page, ids } = await startAs('admin');
    const found = await visitEveryRoute(page, 'admin', ids);

    // The insights' figures, below the range and filters (four weeks of history are rolled up).
    await openInApp(page, paths.adminInsights.getHref({}));
    const summary = page.getByRole('heading', { name: 'Summary' });
    await summary.waitFor();
    await photographState(page, 'insights-figures', summary);

    // A member's sheet on all-users, with the written waiver she signed (published now, signed
    // by the admin first, as a new version asks everyone again) and the studio pass.
    const { version } = (await callAs(journey, ACCOUNTS.admin.email, 'saveWaiver', {
      text: WAIVER,
    })) as { version: number };
    const signature = await drawnSignature(page);
    for (const [email, fullName, lang] of [
      [ACCOUNTS.admin.email, 'Ana Villarreal', 'en'],
      [ACCOUNTS.member.email, MEMBER_NAME, 'es'],
    ] as const) {
      await callAs(journey, email, 'signWaiver', { version, fullName, lang, signature });
    }
    await openInApp(page, paths.allUsers.getHref({}));
    // Found as the desk finds a member: the list's first page holds the first 50 by name.
    await page.getByLabel('Search by name, e-mail or phone').fill('Mariana');
    await page.getByRole('button', { name: `Open ${MEMBER_NAME}` }).click({ timeout: 60_000 });
    const sheet = page.getByRole('dialog', { name: MEMBER_NAME });
    const record = sheet.locator('section.waiver-record');
    await record.getByText(`Typed name`).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await settled(page);
    await audit(page, 'admin member sheet', found);
    await photographState(page, 'member-sheet');
    const pass = sheet.getByRole('form', { name: 'Studio pass' });
    await photographState(page, 'member-sheet-pass', sheet.getByRole('form', { name: 'Set role' }));
    await photographState(page, 'member-sheet-waiver', record);
    await pass.getByRole('button', { name: 'Revoke the pass' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Revoke ${MEMBER_NAME}’s pass?` });
    await confirm.waitFor();
    await settled(page);
    await audit(page, 'admin revoke-pass confirmation', found);
    await photographState(page, 'member-sheet-revoke');
    await confirm.getByRole('button', { name: 'Keep the pass' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    // A room's layout in the editor: its spots, the coach's place and the doors on the grid.
    await openInApp(page, paths.adminSpot.getHref({}));
    await page.getByRole('button', { name: /^Edit Cycling room/ }).click();
    const editor = page.getByRole('form', { name: /^Cycling room/ });
    await editor.waitFor();
    await settled(page);
    await audit(page, 'admin layout editor', found);
    await photographState(page, 'layout-editor', editor);

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
