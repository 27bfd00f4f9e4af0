/**
 * Every admin screen at studio scale: `npm run bench:admin -w web` (also the
 * last step of `npm run bench -w web`). The local stack's database, Auth and Functions emulators
 * (scripts/lib/stack.ts; the built functions; the stack's per-minute mail jobs off) and the built
 * app served as Hosting serves it (local-site.ts); the studio at scale seeded by
 * functions/bench/admin-screens-seed.ts in a child process (10,000 members, two years of classes
 * and bookings, 50,000 payments, then the insights rollup and the member directory's backfill
 * written by the functions' own code); an admin signed in once through the login page.
 *
 * Each screen of the router's admin list (`adminScreens`) is opened RUNS times, each time in a
 * fresh browser context holding only the admin's session (cold HTTP cache, no service worker).
 * Per visit: the time from navigation start to the screen's first useful paint (the first frame
 * in which its probe matches: a row of data, a figure, a filled form), the database bytes
 * received by then (websocket frames' payloads + long-poll responses, from Chromium's DevTools
 * protocol), and, once settled (nothing in flight, nothing received for QUIET_MS), the database
 * bytes and everything transferred (app files, Auth, Functions, database). admin-insights is also timed switching its
 * range to a year. Prints the medians and writes them to docs/benchmarks.md under HEADING
 * (`--no-write`: print only; `--members N`, `--days N`, `--payments N`: another size, passed to
 * the seed; `--runs N`; `--only name,name`: those screens; `--dump DIR`: each screen's HTML and
 * a screenshot, for writing probes; `--dist DIR`: serve another build; `--paint-timeout MS`).
 * Figures only, nothing is asserted.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays, formatDate } from '@studio/core';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { writeBenchmarkSection } from '../../functions/bench/benchmarks-file.ts';
import { startStack } from '../../scripts/lib/stack.ts';
import { launchBrowser } from '../../tests/support/browser.ts';
import type { RouteDef } from '../src/config/paths.ts';
import { paths } from '../src/config/paths.ts';
import { serveDist } from './local-site.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HEADING = '## Admin screens at scale';
const COMMAND = 'npm run bench:admin -w web';
/** The admin screens' targets. */
const FIRST_PAINT_BUDGET = 200 * 1024;
const YEAR_BUDGET_MS = 1_000;
/** A visit is over once nothing is in flight and nothing has arrived for this long… */
const QUIET_MS = 2_000;
/** …or after this long, whatever is still in flight. */
const SETTLE_MS = 60_000;
/** A screen not painted by then is reported as not painted (`--paint-timeout MS`). */
const PAINT_TIMEOUT_MS = 90_000;
const VIEWPORT = { width: 1280, height: 860 };

const args = process.argv.slice(2);
const argValue = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const RUNS = Number(argValue('--runs') ?? 3);
const WRITE = !args.includes('--no-write');
const DUMP = argValue('--dump');
const ONLY = argValue('--only')?.split(',');
const PAINT_TIMEOUT = Number(argValue('--paint-timeout') ?? PAINT_TIMEOUT_MS);
/** Another build to serve than web/dist (`--dist DIR`, e.g. one built apart from others' runs). */
const DIST = argValue('--dist');
const SEED_ARGS = ['--members', '--days', '--payments'].flatMap((name) => {
  const value = argValue(name);
  return value === undefined ? [] : [name, value];
});

/** What the seed printed last (functions/bench/admin-screens-seed.ts, `AdminScreensSeed`). */
interface Seed {
  admin: { email: string; password: string };
  todayClass: { id: string; date: string; hour: string; coach: string; exercise: string };
  members: number;
  days: number;
  payments: number;
  auditEntries: number;
  mailEntries: number;
  couponRedemptions: number;
  seedMs: number;
  insightsMs: number;
  directoryMs: number;
}

/**
 * When a screen shows real data: some rendered element matches `selector` (and its text, or an
 * input's value, matches `text` when given). The seed fills every collection a screen lists, so
 * a probe waits for the data itself, never for an empty state: several screens show theirs while
 * their data is still on the way.
 */
interface Probe {
  selector: string;
  text?: string;
}

/** The account screens of the router's root routes: not admin screens. */
const ACCOUNT_SCREENS: ReadonlySet<string> = new Set(['login', 'registro', 'reset-password']);

const CATALOG: Probe = { selector: 'main .catalog-items > li' };
/** A form's selects hold the seeded branches once the catalogue has loaded. */
const CATALOG_FORM: Probe = { selector: 'main form select', text: 'Centro' };

/** The first useful paint of each admin screen (a new admin route must be added here). */
const PROBES: Readonly<Record<string, Probe>> = {
  'crear-clases': CATALOG_FORM,
  'crear-cupones': CATALOG,
  'lista-pagos': { selector: 'main table tbody tr' },
  'admin-insights': { selector: 'main .insights-summary dd' },
  'admin-clases': { selector: 'main .admin-class-list > li' },
  'admin-precios': CATALOG,
  'admin-precios-events': CATALOG,
  'admin-precio-individual': CATALOG,
  'admin-exercise': CATALOG,
  'admin-coach': CATALOG,
  'admin-spot': { selector: 'main .layout-list > li' },
  'admin-suscripcion': { selector: 'main table tbody tr' },
  'admin-suscripcion-price': { selector: 'main input[name="regular"]', text: '\\d' },
  'admin-precios-train': CATALOG,
  'admin-audit': { selector: 'main table tbody tr, main .ui-list > li' },
  'admin-studio': { selector: 'main input[name="name"]', text: 'Scale Studio' },
  'admin-mail': { selector: 'main table tbody tr' },
  'admin-import': { selector: 'main input[type="file"]' },
  'admin-planes': { selector: 'main .membership-choices > li' },
  'admin-coach-pay': { selector: 'main .coach-pay-totals dd' },
  'admin-lists-class': { selector: 'main .lists-classes > li' },
  'all-users': { selector: 'main table tbody tr' },
  'user-list-class': { selector: 'main .roster-table tbody tr' },
  'plantilla-date': CATALOG_FORM,
  checador: { selector: 'main .checador-members > li' },
};

/** admin-insights with a year: its charts by month (granularity switches past 62 days). */
const YEAR_PROBE: Probe = { selector: 'main .insights-chart-label', text: '^\\d{4}-\\d{2}$' };

interface Screen {
  name: string;
  href: string;
  probe: Probe;
}

/** Every admin screen the router registers (web/src/config/paths.ts), with its probe. */
function adminScreens(seed: Seed): Screen[] {
  const routes: RouteDef[] = Object.values(paths).filter(
    (route) => route.base === 'root' && !ACCOUNT_SCREENS.has(route.name),
  );
  const missing = routes.filter((route) => PROBES[route.name] === undefined);
  if (missing.length > 0) {
    throw new Error(`No probe for ${missing.map((route) => route.name).join(', ')}: add one`);
  }
  const cls = seed.todayClass;
  return routes
    .filter((route) => !ONLY || ONLY.includes(route.name))
    .map((route) => ({
      name: route.name,
      href:
        route.name === paths.userListClass.name
          ? paths.userListClass.getHref({
              fecha: cls.date,
              hora: cls.hour,
              key: cls.id,
              coach: cls.coach,
              classtype: cls.exercise,
            })
          : route.name === paths.checador.name
            ? `${route.getHref({})}?class=${encodeURIComponent(cls.id)}`
            : route.getHref({}),
      probe: PROBES[route.name] as Probe,
    }));
}

const log = (line: string) => console.log(line);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

/** Runs the seed in a child process on the stack; resolves to its last line. */
function runSeed(env: Record<string, string>): Promise<Seed> {
  const child = spawn(
    path.join(ROOT, 'node_modules/.bin/tsx'),
    ['bench/admin-screens-seed.ts', ...SEED_ARGS],
    {
      cwd: path.join(ROOT, 'functions'),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let last = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    for (const line of text.split('\n').filter(Boolean)) {
      if (line.startsWith('{')) last = line;
      else log(`  seed: ${line}`);
    }
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0 || last === '') reject(new Error(`the seed exited with code ${code}`));
      else resolve(JSON.parse(last) as Seed);
    });
  });
}

/** Signs the admin in through the login page; the session (IndexedDB, localStorage) it leaves. */
async function signIn(
  browser: Browser,
  siteUrl: string,
  admin: Seed['admin'],
): Promise<Awaited<ReturnType<BrowserContext['storageState']>>> {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(`${siteUrl}/login`);
    // Today's subscription offer counts as shown, as for an admin who opened the app before.
    await page.evaluate(
      (today) => localStorage.setItem('weekly_modal_date', today),
      formatDate(Date.now()),
    );
    await page.getByLabel(/^(Email|Correo)/).fill(admin.email);
    await page.getByLabel(/^(Password|Contraseña)/).fill(admin.password);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(/\/tabs\/inicio/, { timeout: PAINT_TIMEOUT });
    // The role is cached once the member's details load (3 s after sign-in), so every
    // later visit knows at once that this is an admin.
    await page.waitForFunction(() => localStorage.getItem('Admin') === 'true', undefined, {
      timeout: PAINT_TIMEOUT,
    });
    return await context.storageState({ indexedDB: true });
  } finally {
    await context.close();
  }
}

/** Bytes a page received, counted from Chromium's DevTools protocol. */
class Traffic {
  /** Database websocket payloads and long-poll responses. */
  database = 0;
  /** Every response and websocket frame: app files, Auth, callables, database. */
  total = 0;
  /** The last database frame or finished request. */
  lastActivity = Date.now();
  private readonly sockets = new Set<string>();
  private readonly databaseRequests = new Set<string>();
  /** Requests not answered yet (a callable adding up a range can take a while). */
  private readonly pending = new Set<string>();

  constructor(cdp: CDPSession, databasePort: number) {
    const port = `:${databasePort}`;
    cdp.on('Network.webSocketCreated', ({ requestId, url }) => {
      if (url.includes(port)) this.sockets.add(requestId);
    });
    cdp.on('Network.webSocketFrameReceived', ({ requestId, response }) => {
      const bytes = Buffer.byteLength(
        response.payloadData,
        response.opcode === 2 ? 'base64' : 'utf8',
      );
      this.total += bytes;
      if (this.sockets.has(requestId)) {
        this.database += bytes;
        this.lastActivity = Date.now();
      }
    });
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
      if (request.url.includes(port)) this.databaseRequests.add(requestId);
      if (request.url.startsWith('http')) this.pending.add(requestId);
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      this.total += encodedDataLength;
      if (this.databaseRequests.has(requestId)) this.database += encodedDataLength;
      this.pending.delete(requestId);
      this.lastActivity = Date.now();
    });
    cdp.on('Network.loadingFailed', ({ requestId }) => {
      this.pending.delete(requestId);
      this.lastActivity = Date.now();
    });
  }

  /** Resolves once nothing is in flight and nothing arrived for QUIET_MS (at most SETTLE_MS). */
  async quiet(): Promise<void> {
    const giveUp = Date.now() + SETTLE_MS;
    while (
      Date.now() < giveUp &&
      (this.pending.size > 0 || Date.now() - this.lastActivity < QUIET_MS)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * The code run in the page, as text: tsx compiles this file with esbuild's keepNames, which wraps
 * named functions in `__name(…)`, a helper the page does not have. `__benchWhen` calls `done`
 * with the ms from `since` to the first animation frame in which the probe matches.
 */
const PAGE_HELPERS = `
window.__benchMatches = function (probe) {
  var pattern = probe.text === undefined ? null : new RegExp(probe.text);
  return Array.prototype.some.call(document.querySelectorAll(probe.selector), function (element) {
    var content = element instanceof HTMLInputElement ? element.value : element.textContent;
    return element.getClientRects().length > 0 && (pattern === null || pattern.test(content || ''));
  });
};
window.__benchWhen = function (probe, since, done) {
  var check = function () {
    if (window.__benchMatches(probe)) done(performance.now() - since);
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
};`;

/**
 * Installed before the page's scripts: keeps the first useful frame's time (ms since navigation
 * start, the page's time origin) in `window.__benchUseful`.
 */
const watchForProbe = (probe: Probe) => `${PAGE_HELPERS}
window.__benchWhen(${JSON.stringify(probe)}, 0, function (ms) { window.__benchUseful = ms; });`;

/**
 * Sets admin-insights' first date field to `from` as typing would (React tracks the value it
 * set; the prototype's setter changes it as the browser does), then resolves to the ms until the
 * first frame that shows `probe`.
 */
const switchRange = (from: string, probe: Probe) => `(function () {
  var input = document.querySelector('main input[type="date"]');
  if (!input) throw new Error('admin-insights has no date field');
  var setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  var started = performance.now();
  setValue.call(input, ${JSON.stringify(from)});
  input.dispatchEvent(new Event('input', { bubbles: true }));
  return new Promise(function (resolve) {
    window.__benchWhen(${JSON.stringify(probe)}, started, resolve);
  });
})()`;

interface Visit {
  paintMs: number;
  databaseAtPaint: number;
  databaseSettled: number;
  totalSettled: number;
  year?: { ms: number; database: number };
}

async function visit(
  browser: Browser,
  session: Awaited<ReturnType<BrowserContext['storageState']>>,
  url: string,
  screen: Screen,
  databasePort: number,
  dump: string | undefined,
): Promise<Visit> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    serviceWorkers: 'block',
    storageState: session,
  });
  try {
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const traffic = new Traffic(cdp, databasePort);
    await page.addInitScript({ content: watchForProbe(screen.probe) });
    await page.goto(url, { waitUntil: 'commit' });
    // Not painted in time: NaN, and the screen's HTML is dumped when asked, to see why.
    const paintMs = await page
      .waitForFunction(
        () => (window as unknown as { __benchUseful?: number }).__benchUseful,
        undefined,
        { timeout: PAINT_TIMEOUT, polling: 50 },
      )
      .then(async (handle) => (await handle.jsonValue()) as number)
      .catch((error: unknown) => {
        if (error instanceof Error && error.name === 'TimeoutError') return Number.NaN;
        throw error;
      });
    const databaseAtPaint = traffic.database;
    // Settled: nothing in flight and nothing received for QUIET_MS after the paint.
    traffic.lastActivity = Math.max(traffic.lastActivity, Date.now());
    await traffic.quiet();
    const result: Visit = {
      paintMs,
      databaseAtPaint,
      databaseSettled: traffic.database,
      totalSettled: traffic.total,
    };
    if (screen.name === paths.adminInsights.name && !Number.isNaN(paintMs)) {
      const before = traffic.database;
      const from = addDays(formatDate(Date.now()), -365);
      const ms = await page.evaluate<number>(switchRange(from, YEAR_PROBE));
      await traffic.quiet();
      result.year = { ms, database: traffic.database - before };
    }
    if (dump) {
      writeFileSync(path.join(dump, `${screen.name}.html`), await page.locator('main').innerHTML());
      // The viewport only: a screen listing thousands of rows is past what a capture can hold.
      await page.screenshot({ path: path.join(dump, `${screen.name}.png`) }).catch(() => undefined);
    }
    return result;
  } finally {
    await context.close();
  }
}

interface ScreenFigures {
  screen: Screen;
  visits: Visit[];
}

/** The median paint of the visits that painted, and how many did not in time. */
function paintCell(visits: readonly Visit[]): string {
  const painted = visits.filter((v) => !Number.isNaN(v.paintMs));
  const missed = visits.length - painted.length;
  const late = `not painted within ${PAINT_TIMEOUT / 1000} s`;
  if (painted.length === 0) return `**${late}**`;
  const ms = `${Math.round(median(painted.map((v) => v.paintMs)))} ms`;
  return missed === 0 ? ms : `${ms} (${missed} of ${visits.length} ${late})`;
}

function table(figures: readonly ScreenFigures[]): string[] {
  const rows = figures.map(({ screen, visits }) => {
    const of = (pick: (v: Visit) => number) => median(visits.map(pick));
    const atPaint = of((v) => v.databaseAtPaint);
    return `| \`${screen.name}\` | ${paintCell(visits)} | ${kb(atPaint)} | ${kb(of((v) => v.databaseSettled))} | ${kb(of((v) => v.totalSettled))} | ${atPaint <= FIRST_PAINT_BUDGET ? 'yes' : '**no**'} |`;
  });
  const insights = figures.find((f) => f.screen.name === paths.adminInsights.name);
  const years = insights?.visits.flatMap((v) => (v.year ? [v.year] : [])) ?? [];
  if (years.length > 0) {
    const ms = median(years.map((y) => y.ms));
    rows.push(
      `| \`admin-insights\`, range set to a year | ${Math.round(ms)} ms after the change | ${kb(median(years.map((y) => y.database)))} after the change | — | — | ${ms < YEAR_BUDGET_MS ? 'yes (< 1 s)' : '**no** (≥ 1 s)'} |`,
    );
  }
  return [
    '| Screen | First useful paint | Database bytes by then | Database bytes, settled | Everything transferred, settled | ≤ 200 KB at first paint? |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ];
}

async function main(): Promise<void> {
  const began = Date.now();
  const loadBefore = loadavg().map((n) => n.toFixed(2));
  log(
    `admin screens: Node ${process.version}, ${cpus().length} cores, load ${loadBefore.join(' ')}`,
  );
  if (DUMP) mkdirSync(DUMP, { recursive: true });
  log('  starting the local stack (database, Auth, Functions)…');
  // The callables some screens make at start (lista-pagos' totals, the session's clock) run on
  // the built functions (functions/lib: `npm run build`).
  const stack = await startStack({ only: ['auth', 'functions'], mailJobs: false });
  try {
    log('  seeding the studio at scale (child process)…');
    const seed = await runSeed(stack.env);
    const screens = adminScreens(seed);
    const site = await serveDist(stack.ports.database, DIST, {
      auth: stack.ports.auth,
      functions: stack.ports.functions,
      storage: stack.ports.storage,
    });
    const browser = await launchBrowser();
    try {
      const session = await signIn(browser, site.url, seed.admin);
      const figures: ScreenFigures[] = [];
      for (const screen of screens) {
        const visits: Visit[] = [];
        for (let run = 1; run <= RUNS; run += 1) {
          // A visit that fails is reported as not painted, and the other screens still run.
          const result = await visit(
            browser,
            session,
            `${site.url}${screen.href}`,
            screen,
            stack.ports.database,
            run === 1 ? DUMP : undefined,
          ).catch((error: unknown): Visit => {
            log(`  ${screen.name} run ${run} failed: ${String(error).split('\n')[0]}`);
            return { paintMs: Number.NaN, databaseAtPaint: 0, databaseSettled: 0, totalSettled: 0 };
          });
          visits.push(result);
          log(
            `  ${screen.name} run ${run}: painted ${Math.round(result.paintMs)} ms, database ${kb(result.databaseAtPaint)} by then, ${kb(result.databaseSettled)} settled, ${kb(result.totalSettled)} in all` +
              (result.year
                ? `; a year: ${Math.round(result.year.ms)} ms, ${kb(result.year.database)}`
                : ''),
          );
        }
        figures.push({ screen, visits });
      }
      const loadAfter = loadavg().map((n) => n.toFixed(2));
      const within = figures.filter(({ visits }) =>
        visits.length > 0
          ? median(visits.map((v) => v.databaseAtPaint)) <= FIRST_PAINT_BUDGET
          : false,
      );
      const over = figures.filter((f) => !within.includes(f));
      const years = figures.flatMap((f) => f.visits.flatMap((v) => (v.year ? [v.year.ms] : [])));
      const markdown = [
        HEADING,
        '',
        `Run with \`${COMMAND}\` (${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} cores, ${Math.round((Date.now() - began) / 1000)} s; load average ${loadBefore.join(' ')} before, ${loadAfter.join(' ')} after: the machine is shared, so the times include waiting for a core). ` +
          `Seeded by \`functions/bench/admin-screens-seed.ts\` into the local stack's database emulator in ${(seed.seedMs / 1000).toFixed(0)} s: ${seed.members.toLocaleString('en')} members with contact details and wallets, ${seed.days} days of classes (8 a day) with rosters and every member's \`UserClasses\`, ${seed.payments.toLocaleString('en')} payments (${seed.couponRedemptions.toLocaleString('en')} of them paid with one of 2 coupons, each redemption recorded as the payment webhook records it), 40 % of members with a plan, ${seed.auditEntries.toLocaleString('en')} check-in audit entries and ${seed.mailEntries.toLocaleString('en')} outbox e-mails (88 days); then the functions' own writers: the insights rollup of the whole range (${(seed.insightsMs / 1000).toFixed(0)} s) and the member directory's backfill (${(seed.directoryMs / 1000).toFixed(0)} s). ` +
          `Chromium (Debian's, headless, ${VIEWPORT.width}×${VIEWPORT.height}) opens each admin screen of the router (its root routes but the account screens) ${RUNS === 1 ? 'once' : `${RUNS} times`} as the signed-in admin, each in a fresh context (cold HTTP cache, no service worker, the session only); medians. ` +
          'First useful paint: from navigation start to the first frame showing the screen’s data (its first row, figure or filled form; the seed fills every list, so no probe takes an empty state; probes in `web/bench/admin-screens.ts`). Database bytes: the database websocket’s received payloads and long-poll responses (DevTools protocol), by the first useful paint and once settled (no request in flight, nothing received for 2 s after the paint); everything transferred adds the app’s files (brotli, as Hosting serves them), Auth and the callables (the local stack’s Auth and Functions emulators). ' +
          `Targets: no admin screen downloads more than 200 KB on first paint — met by ${within.length} of ${figures.length}${over.length > 0 ? ` (not: ${over.map((f) => `\`${f.screen.name}\``).join(', ')})` : ''}; admin-insights shows a year in under 1 s — ${years.length === 0 ? 'not measured' : median(years) < YEAR_BUDGET_MS ? 'met' : 'not met'}.`,
        '',
        ...table(figures),
      ].join('\n');
      log(`\n${markdown}\n`);
      if (WRITE) {
        writeBenchmarkSection(HEADING, markdown, { after: '## Insights rollup at studio scale' });
        log('  written to docs/benchmarks.md');
      }
    } finally {
      await browser.close();
      await site.stop();
    }
  } finally {
    await stack.stop();
  }
}

await main();
