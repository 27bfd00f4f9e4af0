/**
 * Lighthouse mobile on every member route: the public ones as a guest, the ones a
 * member must sign in for as the demo member. Signed-in pages need Auth and the callables the
 * session layer makes at start (`stampServerTime`), so this runs on the local stack's Auth and
 * Functions emulators (scripts/lib/stack.ts) with the demo data, and serves the build as
 * Hosting does (local-site.ts). The member signs in once through the login page in the same
 * Chromium profile Lighthouse drives; those runs keep the origin's storage, so the session
 * (Auth's IndexedDB) is there when the page loads.
 */
import { formatDate } from '@studio/core';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD, seedDemoData } from '../../scripts/lib/seed.ts';
import { KEPT_TOKEN_KEY } from '../src/lib/kept-token.ts';
import { OFFLINE_DATABASE } from '../src/lib/offline-copy.ts';
import { PROJECT_ID, REGION, startStack } from '../../scripts/lib/stack.ts';
import type { Metric } from './lighthouse-report.ts';
import { explain, metricsOf } from './lighthouse-report.ts';
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

export type RouteScores =
  { measured: false; reason: string } | { measured: true; version: string; routes: RouteScore[] };

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
    const site = await serveDist(stack.ports.database, undefined, {
      auth: stack.ports.auth,
      functions: stack.ports.functions,
    });
    await callablesAnswer(stack.ports.functions, site.url);
    const chrome = await launchChrome();
    try {
      const routes: RouteScore[] = [];
      let version = '';
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
        // The reasons are printed only where a score is under the target.
        if (Math.min(row.performance, row.accessibility, row.bestPractices) < 95) {
          for (const line of explain(result.lhr)) log(line);
        }
      }
      return { measured: true, version, routes };
    } finally {
      await chrome.kill();
      await site.stop();
    }
  } finally {
    await stack.stop();
  }
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
