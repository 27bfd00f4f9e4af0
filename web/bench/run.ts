/**
 * `npm run bench -w web` (after its build): the figures — initial JavaScript of the
 * first route, database bytes of the calendar week with a year of classes, Lighthouse mobile —
 * and Lighthouse mobile on every member route, signed in where the route needs it.
 * Prints them as the rows of docs/benchmarks.md "## Web app"; nothing is asserted.
 */
import { cpus, loadavg } from 'node:os';
import {
  FIRST_ROUTE_BUDGET_BYTES,
  kilobytes,
  measureFirstRoute,
} from '../scripts/first-route-bundle.ts';
import { measureCalendarBytes } from './calendar-bytes.ts';
import { measureLighthouse } from './lighthouse.ts';
import { measureMemberRoutes, routeTable } from './lighthouse-routes.ts';

const log = (line: string) => console.log(line);
const started = Date.now();
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
log(`web bench: Node ${process.version}, ${cpus().length} cores, load average ${load()}`);

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
log('\n| Figure | Value | Target | Met? |');
log('| --- | --- | --- | --- |');
log(
  row(
    'Initial JS of the first route (`/tabs/inicio`), gzip',
    `${kilobytes(bundle.total.gzip)} (${bundle.chunks.length} chunks, ${kilobytes(bundle.total.bytes)} minified)`,
    `≤ ${FIRST_ROUTE_BUDGET_BYTES / 1024} KB`,
    bundle.total.gzip <= FIRST_ROUTE_BUDGET_BYTES,
  ),
);
log(
  row(
    'Fetched right after the first render (session, Auth SDK, dialogs, side menu), gzip',
    kilobytes(bundle.afterFirstRender.gzip),
    '—',
    null,
  ),
);
log(
  row(
    'Calendar week view: database bytes received (websocket payload + REST)',
    `${kilobytes(db)} (${calendar.classesShown} classes shown of ${calendar.classesStored} stored; ${kilobytes(calendar.sent)} sent)`,
    '≤ 25 KB',
    db <= 25 * 1024,
  ),
);
log(
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
    log(row(`Lighthouse ${scores.version} mobile ${name}`, String(value), '≥ 95', value >= 95));
  }
  log(
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
  log(
    row(
      'Lighthouse mobile performance / accessibility / best practices',
      `not measured: ${scores.reason}`,
      '≥ 95',
      null,
    ),
  );
}
if (routes.measured) {
  log('');
  for (const line of routeTable(routes)) log(line);
} else {
  log(`\nLighthouse on every member route: not measured: ${routes.reason}`);
}
log(`\n${((Date.now() - started) / 1000).toFixed(0)} s; load average ${load()}`);
