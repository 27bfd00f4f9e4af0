/**
 * Lighthouse mobile on every member route: the public ones as a guest, the ones a
 * member must sign in for as the demo member. Signed-in pages need Auth and the callables the
 * session layer makes at start (`stampServerTime`), so this runs on the local stack's Auth and
 * Functions emulators (scripts/lib/stack.ts) with the demo data, and serves the build as
 * Hosting does (local-site.ts). The member signs in once through the login page in the same
 * Chromium profile Lighthouse drives; those runs keep the origin's storage, so the session
 * (Auth's IndexedDB) is there when the page loads. The member has booked classes through the
 * booking callable first (`bookMemberClasses`), so My Classes and the profile are measured as a
 * member with bookings sees them, and one unmeasured run opens the first route before the
 * measured ones (`warmUp`), so no route pays for Chromium's and the stack's first page.
 */
import type { StudioClass } from '@studio/core';
import { formatDate, paths } from '@studio/core';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD, seedDemoData } from '../../scripts/lib/seed.ts';
import { KEPT_TOKEN_KEY } from '../src/lib/kept-token.ts';
import { OFFLINE_DATABASE } from '../src/lib/offline-copy.ts';
import type { Stack } from '../../scripts/lib/stack.ts';
import { NAMESPACE, PROJECT_ID, REGION, startStack } from '../../scripts/lib/stack.ts';
import type { Lhr, Metric } from './lighthouse-report.ts';
import { explain, metricsOf } from './lighthouse-report.ts';
import type { RunLighthouse } from './lighthouse.ts';
import { CATEGORIES, installedLighthouse, loadLighthouse } from './lighthouse.ts';
import { serveDist } from './local-site.ts';

export interface MemberRoute {
  path: string;
  /** Measured signed in as the demo member (the page shows a sign-in prompt to a guest). */
  signedIn: boolean;
}

/**
 * The routes a member uses: the tab bar, the member's side menu, the pages they link to (a coach's
 * page, the purchase flow) and the account screens.
 */
export const MEMBER_ROUTES: readonly MemberRoute[] = [
  { path: '/tabs/inicio', signedIn: false },
  { path: '/tabs/calendario/choose/user', signedIn: false },
  { path: '/tabs/paquetes/0', signedIn: false },
  { path: '/tabs/events', signedIn: false },
  { path: '/tabs/cart', signedIn: false },
  { path: '/tabs/contacto', signedIn: false },
  { path: '/tabs/sobre-nosotros', signedIn: false },
  { path: '/tabs/coach/carlos', signedIn: false },
  { path: '/login', signedIn: false },
  { path: '/registro', signedIn: false },
  { path: '/reset-password', signedIn: false },
  { path: '/tabs/inicio', signedIn: true },
  { path: '/tabs/calendario/choose/user', signedIn: true },
  { path: '/tabs/profile-user/null', signedIn: true },
  { path: '/tabs/mis-compras/user/view', signedIn: true },
  { path: '/tabs/waitlist', signedIn: true },
  // The purchase flow as a member walks it (the demo catalogue's packages; an empty cart).
  { path: '/tabs/buy-credits/stripe/127.0.0.1/centro/5?package=credits-5', signedIn: true },
  { path: '/tabs/buy-spcredits/stripe/127.0.0.1/centro/2?package=special-2', signedIn: true },
  { path: '/tabs/buy-train-credits/stripe/127.0.0.1/centro/4?package=train-4', signedIn: true },
  { path: '/tabs/cart', signedIn: true },
  { path: '/tabs/confirmar-compra/stripe/127.0.0.1/centro', signedIn: true },
  { path: '/tabs/realizar-compra', signedIn: true },
  { path: '/tabs/gracias-compra', signedIn: true },
];

const MEMBER_EMAIL = 'member@demo.studio';

export interface RouteScore {
  route: MemberRoute;
  performance: number;
  accessibility: number;
  bestPractices: number;
  metrics: Metric[];
}

/** What the first route loads of the studio's look: its fonts and its cover picture. */
export interface BrandBytes {
  fonts: { file: string; bytes: number }[];
  cover: { file: string; bytes: number } | null;
}

export type RouteScores =
  | { measured: false; reason: string }
  | { measured: true; version: string; routes: RouteScore[]; brand: BrandBytes | null };

export async function measureMemberRoutes(log: (line: string) => void): Promise<RouteScores> {
  if (!installedLighthouse()) {
    return { measured: false, reason: 'npm package `lighthouse` is not installed in node_modules' };
  }
  const { lighthouse, launchChrome } = await loadLighthouse();
  log('  starting the local stack (database, Auth, Functions) for the signed-in pages…');
  const stack = await startStack({ only: ['auth', 'functions'] });
  try {
    Object.assign(process.env, stack.env);
    await seedDemoData();
    const booked = await bookMemberClasses(stack);
    log(`  the demo member booked ${booked.length} classes through bookClass`);
    const site = await serveDist(stack.ports.database, undefined, {
      auth: stack.ports.auth,
      functions: stack.ports.functions,
      // The studio's pictures (cover, coaches, class types) are the stack's Storage objects.
      storage: stack.ports.storage,
    });
    await callablesAnswer(stack.ports.functions, site.url);
    const chrome = await launchChrome();
    try {
      const routes: RouteScore[] = [];
      let version = '';
      let brand: BrandBytes | null = null;
      await warmUp(lighthouse, chrome.port, site.url, log);
      // Guests first: signing in leaves the session in the profile for the pages after.
      const ordered = [...MEMBER_ROUTES].sort((a, b) => Number(a.signedIn) - Number(b.signedIn));
      let signedIn = false;
      for (const route of ordered) {
        if (route.signedIn && !signedIn) {
          await signInMember(chrome.port, site.url);
          signedIn = true;
        }
        // Lighthouse clears nothing on the signed-in runs, so the caches are emptied here: each
        // page loads its files from the network, as a guest's run does.
        if (route.signedIn) await clearCachesKeepingSession(chrome.port, site.url);
        const url = `${site.url}${route.path}`;
        log(`  lighthouse ${route.path}${route.signedIn ? ' (signed in)' : ''}`);
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
          disableStorageReset: route.signedIn,
        });
        if (!result) throw new Error(`lighthouse returned no result for ${route.path}`);
        version = result.lhr.lighthouseVersion;
        const score = (name: string) => Math.round((result.lhr.categories[name]?.score ?? 0) * 100);
        const row: RouteScore = {
          route,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          metrics: metricsOf(result.lhr),
        };
        routes.push(row);
        if (route === MEMBER_ROUTES[0]) brand = brandBytes(result.lhr);
        // The reasons are printed only where a score is under the target.
        if (Math.min(row.performance, row.accessibility, row.bestPractices) < 95) {
          for (const line of explain(result.lhr)) log(line);
        }
      }
      return { measured: true, version, routes, brand };
    } finally {
      await chrome.kill();
      await site.stop();
    }
  } finally {
    await stack.stop();
  }
}

/**
 * One Lighthouse run of the first route as a guest, not counted: the first page a freshly
 * launched Chromium loads (and the first the stack serves) pays for starting its renderer and
 * the servers' first answers, which the page's visitors do not (Lighthouse's main-thread times
 * are scaled by 4, so that start weighed up to 1 s of TBT on whichever route came first). Every
 * measured run, the first route's included, then loads its files from the network as before.
 */
export async function warmUp(
  lighthouse: RunLighthouse,
  chromePort: number,
  siteUrl: string,
  log: (line: string) => void,
): Promise<void> {
  log(`  warm-up (not counted): lighthouse ${MEMBER_ROUTES[0]?.path}`);
  await lighthouse(`${siteUrl}${MEMBER_ROUTES[0]?.path ?? '/'}`, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
  });
}

/** How many upcoming classes the demo member books before the signed-in routes are measured. */
export const BOOKED_CLASSES = 3;
const HOUR_MS = 60 * 60 * 1000;

/**
 * The demo member books the soonest `BOOKED_CLASSES` classes of the coming days through the
 * `bookClass` callable, signed in through the Auth emulator, as the app books them: My Classes
 * then lists them and the credit history has their lines. Returns the class ids booked.
 */
export async function bookMemberClasses(stack: Stack): Promise<string[]> {
  const signIn = await fetch(
    `http://127.0.0.1:${stack.ports.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: MEMBER_EMAIL,
        password: DEMO_PASSWORD,
        returnSecureToken: true,
      }),
    },
  );
  if (!signIn.ok) throw new Error(`the demo member could not sign in (${signIn.status})`);
  const { idToken } = (await signIn.json()) as { idToken: string };
  const read = await fetch(
    `http://127.0.0.1:${stack.ports.database}/${paths.classes()}.json?ns=${NAMESPACE}`,
  );
  const classes = (await read.json()) as Record<string, StudioClass> | null;
  // Outside the cancellation window and inside the booking window, soonest first.
  const soonest = Object.entries(classes ?? {})
    .filter(([, cls]) => cls.startsAt > Date.now() + 13 * HOUR_MS)
    .sort((a, b) => a[1].startsAt - b[1].startsAt)
    .slice(0, BOOKED_CLASSES);
  for (const [classId] of soonest) {
    const response = await fetch(stack.functionUrl('bookClass'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
      body: JSON.stringify({ data: { classId } }),
    });
    if (!response.ok)
      throw new Error(`bookClass ${classId} failed (${response.status}): ${await response.text()}`);
  }
  if (soonest.length < BOOKED_CLASSES)
    throw new Error(`only ${soonest.length} demo classes to book in the coming days`);
  return soonest.map(([classId]) => classId);
}

/**
 * The fonts and the studio's cover picture the first route loaded, as transferred (the
 * Lighthouse run's network requests; the cover is the Storage object under the cover slot).
 */
export function brandBytes(lhr: Lhr): BrandBytes {
  const requests = (lhr.audits['network-requests']?.details?.items ?? []) as {
    url?: unknown;
    resourceType?: unknown;
    transferSize?: unknown;
  }[];
  const rows = requests.flatMap((request) =>
    typeof request.url === 'string' && typeof request.transferSize === 'number'
      ? [{ url: request.url, type: request.resourceType, bytes: request.transferSize }]
      : [],
  );
  const name = (url: string) => decodeURIComponent(new URL(url).pathname).split('/').pop() ?? url;
  const cover = rows.find(
    (row) => row.type === 'Image' && decodeURIComponent(row.url).includes('/cover/'),
  );
  return {
    fonts: rows
      .filter((row) => row.type === 'Font')
      .map((row) => ({ file: name(row.url), bytes: row.bytes })),
    cover: cover ? { file: name(cover.url), bytes: cover.bytes } : null,
  };
}

/** The callables the signed-in pages make as they open. */
const OPENING_CALLABLES = ['stampServerTime', 'previewPrice'] as const;

/**
 * The Functions emulator answers the app's callables from the site's origin (their CORS
 * preflight allows it). A functions build without one of them (a stale `functions/lib`; the web
 * bench builds it first) answers 404 without CORS headers: the pages then log blocked calls,
 * best practices loses its points and the pages wait on calls that never come, so the run stops
 * here instead of measuring that.
 */
export async function callablesAnswer(functionsPort: number, siteUrl: string): Promise<void> {
  for (const name of OPENING_CALLABLES) {
    const response = await fetch(
      `http://127.0.0.1:${functionsPort}/${PROJECT_ID}/${REGION}/${name}`,
      {
        method: 'OPTIONS',
        headers: {
          Origin: new URL(siteUrl).origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization,content-type',
        },
      },
    );
    if (!response.ok || response.headers.get('access-control-allow-origin') === null) {
      throw new Error(
        `the Functions emulator does not answer ${name} from ${siteUrl} (${response.status}): ` +
          'rebuild the functions (npm run build -w functions)',
      );
    }
  }
}

/**
 * Signs the demo member in through the login page in Lighthouse's Chromium (its default
 * profile), and marks today's subscription offer as shown so it does not cover the pages.
 */
export async function signInMember(chromePort: number, siteUrl: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context to sign in');
    const page = await context.newPage();
    await page.goto(`${siteUrl}/login`);
    await page.evaluate(
      (today) => localStorage.setItem('weekly_modal_date', today),
      formatDate(Date.now()),
    );
    await page.getByLabel(/^(Email|Correo)/).fill(MEMBER_EMAIL);
    await page.getByLabel(/^(Password|Contraseña)/).fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(/\/tabs\/inicio/, { timeout: 60_000 });
    // The device as a member's is after signing in: the session has recorded the account (`UID` in
    // local storage), which the next start reads before Auth answers.
    await page.waitForFunction(
      () => {
        const uid = localStorage.getItem('UID');
        return uid !== null && uid !== 'null';
      },
      null,
      { timeout: 30_000 },
    );
    // …and kept the account's ID token beside its copies (web/src/lib/kept-token.ts).
    await page.waitForFunction(keptTokenSaved, KEPT_TOKEN_AT, { timeout: 30_000, polling: 250 });
    await page.close();
  } finally {
    // A browser reached over CDP is only disconnected, not closed.
    await browser.close();
  }
}

/** Where the app keeps the account's ID token: its offline store, under the token's key. */
export const KEPT_TOKEN_AT = { ...OFFLINE_DATABASE, key: KEPT_TOKEN_KEY };

/**
 * Run in the page with `KEPT_TOKEN_AT`: whether the session has kept the account's ID token
 * (web/src/lib/kept-token.ts). Opened before the app has, the store is created as
 * lib/offline-copy.ts creates it.
 */
export function keptTokenSaved(at: typeof KEPT_TOKEN_AT): Promise<boolean> {
  return new Promise((resolve) => {
    const opening = indexedDB.open(at.name, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(at.store);
    opening.onerror = () => resolve(false);
    opening.onsuccess = () => {
      const db = opening.result;
      const get = db.transaction(at.store).objectStore(at.store).get(at.key);
      get.onsuccess = () => {
        db.close();
        resolve(get.result !== undefined);
      };
      get.onerror = () => {
        db.close();
        resolve(false);
      };
    };
  });
}

/**
 * Empties the HTTP cache, Cache Storage and service workers. IndexedDB stays: Auth's session, and
 * the copies of the member's own nodes that the pages opened before kept (the sign-in lands on
 * home), as on the phone of a member coming back (docs/architecture/web-app.md#offline).
 */
export async function clearCachesKeepingSession(
  chromePort: number,
  siteUrl: string,
): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(siteUrl).origin,
      storageTypes: 'cache_storage,service_workers',
    });
    await page.close();
  } finally {
    await browser.close();
  }
}

/** One row per route for docs/benchmarks.md. */
export function routeTable(scores: Extract<RouteScores, { measured: true }>): string[] {
  const metric = (row: RouteScore, name: string) =>
    row.metrics.find((entry) => entry.name === name)?.display ?? '—';
  return [
    `| Route (Lighthouse ${scores.version} mobile) | Signed in | Performance | Accessibility | Best practices | LCP | TBT | CLS |`,
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...scores.routes.map(
      (row) =>
        `| \`${row.route.path}\` | ${row.route.signedIn ? 'yes' : 'no'} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${metric(row, 'LCP')} | ${metric(row, 'TBT')} | ${metric(row, 'CLS')} |`,
    ),
  ];
}
