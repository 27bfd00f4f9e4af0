/**
 * `npm run bench -w web` (after its build): the figures — initial JavaScript of the
 * first route, database bytes of the calendar week with a year of classes, Lighthouse mobile —
 * and Lighthouse mobile on every member route, signed in where the route needs it, with the
 * fonts and cover picture the first route loads. Writes them as docs/benchmarks.md "## Web app"
 * (`--no-write` prints only; the dated readings under it are kept); nothing is asserted.
 */
import { cpus, loadavg } from 'node:os';
import { publishBenchmarkSection } from '../../functions/bench/benchmarks-file.ts';
import {
  FIRST_ROUTE_BUDGET_BYTES,
  kilobytes,
  measureFirstRoute,
} from '../scripts/first-route-bundle.ts';
import { measureCalendarBytes } from './calendar-bytes.ts';
import { measureLighthouse } from './lighthouse.ts';
import { BOOKED_CLASSES, measureMemberRoutes, routeTable } from './lighthouse-routes.ts';

/** The first route's JavaScript the branded app holds itself to (gzip -9), under the deploy guard. */
const FIRST_ROUTE_TARGET_BYTES = 100 * 1024;
const log = (line: string) => console.log(line);
const started = Date.now();
const startedAt = new Date(started).toISOString().slice(0, 16).replace('T', ' ');
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const loadAtStart = load();
log(`web bench: Node ${process.version}, ${cpus().length} cores, load average ${loadAtStart}`);

const bundle = measureFirstRoute();
log('\nFirst route (/tabs/inicio) JavaScript, gzip -9:');
for (const chunk of bundle.chunks) log(`  ${kilobytes(chunk.gzip).padStart(9)}  ${chunk.file}`);

log('\nCalendar week view with a year of classes (guest, Chromium):');
const calendar = await measureCalendarBytes(log);
for (const [topic, bytes] of Object.entries(calendar.byPath).sort((a, b) => b[1] - a[1])) {
  log(`  ${kilobytes(bytes).padStart(9)}  ${topic}`);
}

log(`  console errors on the page: ${calendar.consoleErrors.length}`);
for (const error of calendar.consoleErrors) log(`    ${error}`);

log('\nLighthouse (mobile):');
const scores = await measureLighthouse(log);

log('\nLighthouse (mobile) on every member route:');
const routes = await measureMemberRoutes(log);

const row = (figure: string, value: string, target: string, met: boolean | null) =>
  `| ${figure} | ${value} | ${target} | ${met === null ? '—' : met ? 'yes' : 'no'} |`;
const db = calendar.received + calendar.rest;
const table = ['| Figure | Value | Target | Met? |', '| --- | --- | --- | --- |'];
table.push(
  row(
    'Initial JS of the first route (`/tabs/inicio`), gzip',
    `${kilobytes(bundle.total.gzip)}, ${bundle.total.gzip.toLocaleString('en')} bytes (${bundle.chunks.length} chunks, ${kilobytes(bundle.total.bytes)} minified)`,
    `≤ ${FIRST_ROUTE_TARGET_BYTES / 1024} KB (\`deploy:check\` refuses over ${FIRST_ROUTE_BUDGET_BYTES / 1024} KB)`,
    bundle.total.gzip <= FIRST_ROUTE_TARGET_BYTES,
  ),
);
table.push(
  row(
    'Fetched right after the first render (session, Auth SDK, dialogs, side menu), gzip',
    kilobytes(bundle.afterFirstRender.gzip),
    '—',
    null,
  ),
);
table.push(
  row(
    'Calendar week view: database bytes received (websocket payload + REST)',
    `${kilobytes(db)} (${calendar.classesShown} classes shown of ${calendar.classesStored} stored; ${kilobytes(calendar.sent)} sent)`,
    '≤ 25 KB',
    db <= 25 * 1024,
  ),
);
table.push(
  row(
    'Same page: app files transferred (HTML, JS, CSS, icons; brotli, as Hosting serves them)',
    kilobytes(calendar.assets),
    '—',
    null,
  ),
);
if (scores.measured) {
  for (const [name, value] of [
    ['performance', scores.performance],
    ['accessibility', scores.accessibility],
    ['best practices', scores.bestPractices],
  ] as const) {
    table.push(
      row(`Lighthouse ${scores.version} mobile ${name}`, String(value), '≥ 95', value >= 95),
    );
  }
  table.push(
    row(
      'Lighthouse metrics (simulated Moto G Power on slow 4G), score of each',
      scores.metrics
        .map((metric) => `${metric.name} ${metric.display} (${metric.score})`)
        .join(', '),
      '—',
      null,
    ),
  );
} else {
  table.push(
    row(
      'Lighthouse mobile performance / accessibility / best practices',
      `not measured: ${scores.reason}`,
      '≥ 95',
      null,
    ),
  );
}
table.push(
  row('Same page: errors logged in the console', String(calendar.consoleErrors.length), '—', null),
);
const routeLines: string[] = [];
if (routes.measured) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const brand = routes.brand;
  if (brand) {
    const total =
      brand.fonts.reduce((sum, font) => sum + font.bytes, 0) + (brand.cover?.bytes ?? 0);
    table.push(
      row(
        'Fonts and cover picture of the first route (`/tabs/inicio` as a guest), as transferred',
        `${kb(total)}: ${[...brand.fonts, ...(brand.cover ? [brand.cover] : [])].map((file) => `${file.file} ${kb(file.bytes)}`).join(', ')}${brand.cover ? '' : ' (no cover loaded)'}`,
        '≤ 120 KB',
        total <= 120 * 1024 && brand.cover !== null,
      ),
    );
  }
  const shifts = routes.routes.map(
    (route) => route.metrics.find((metric) => metric.name === 'CLS')?.value ?? Number.NaN,
  );
  const worst = Math.max(...shifts);
  table.push(
    row(
      `CLS, every member route (${routes.routes.length})`,
      `${Math.min(...shifts).toFixed(3)}–${worst.toFixed(3)}`,
      '≤ 0.02',
      worst <= 0.02,
    ),
  );
  const below = routes.routes.filter((route) => route.performance < 95);
  table.push(
    row(
      `Lighthouse ${routes.version} mobile performance, every member route (table below)`,
      `${routes.routes.length - below.length} of ${routes.routes.length} at 95 or more (${Math.min(...routes.routes.map((route) => route.performance))}–${Math.max(...routes.routes.map((route) => route.performance))})${below.length ? `; below: ${below.map((route) => `\`${route.route.path}\`${route.route.signedIn ? ' signed in' : ''} ${route.performance}`).join(', ')}` : ''}`,
      '≥ 95',
      below.length === 0,
    ),
  );
  const worstOf = (key: 'accessibility' | 'bestPractices') =>
    Math.min(...routes.routes.map((route) => route[key]));
  table.push(
    row(
      'Accessibility / best practices, every member route (lowest)',
      `${worstOf('accessibility')} / ${worstOf('bestPractices')}`,
      '≥ 95',
      Math.min(worstOf('accessibility'), worstOf('bestPractices')) >= 95,
    ),
  );
  routeLines.push(...routeTable(routes));
} else {
  routeLines.push(`Lighthouse on every member route: not measured: ${routes.reason}`);
}
const seconds = ((Date.now() - started) / 1000).toFixed(0);
const loadAtEnd = load();
log(`\n${seconds} s; load average ${loadAtEnd}`);

publishBenchmarkSection(
  '## Web app',
  [
    '## Web app',
    '',
    `Written by \`npm run bench -w web\` (its \`bench/run.ts\` part), ${startedAt} UTC, Node ${process.version}, ${cpus().length} cores, ${seconds} s; **load average ${loadAtStart} at the start, ${loadAtEnd} at the end**. It builds the functions and the app, measures the first route from \`web/dist\`, then serves the build with the database emulator on free ports, writes a catalogue and a year of classes with the admin SDK, and opens \`/tabs/calendario/choose/user\` as a guest in Debian's Chromium, counting every database websocket frame until the database has been quiet for 3 s (docs/architecture/performance.md#the-benchmarks). Last, Lighthouse (default mobile settings: simulated slow 4G and 4× CPU slowdown) loads \`/tabs/inicio\` as a guest, then every member route on the local stack, its Storage serving the studio's pictures (cover, coaches, class types) ([\`lighthouse-routes.ts\`](../web/bench/lighthouse-routes.ts)): one warm-up run of the first route is not counted, then the guest routes, then the signed-in ones as the demo member, who has booked ${BOOKED_CLASSES} classes through \`bookClass\`. The build is served as Firebase Hosting serves it: SPA rewrite, immutable \`/assets/**\`, text compressed with brotli (docs/architecture/performance.md#measuring-honestly-on-this-machine). One run per route: at a load above the 2 cores a score moves by 5–15 points between runs; a change is judged side by side ([\`lighthouse-compare.ts\`](../web/bench/lighthouse-compare.ts)).`,
    '',
    ...table,
    '',
    ...routeLines,
  ].join('\n'),
);
