/**
 * Prints what the first screen downloads after `npm run build -w web`.
 * Figures only here; `npm run deploy:check` asserts the budget on a production build.
 */
import { FIRST_ROUTE_BUDGET_BYTES, kilobytes, measureFirstRoute } from './first-route-bundle';

const { chunks, total, afterFirstRender, lazy } = measureFirstRoute();
const kb = (bytes: number) => kilobytes(bytes).padStart(10);

console.log('First route (/tabs/inicio) JavaScript:');
for (const row of chunks) console.log(`${kb(row.bytes)} ${kb(row.gzip)} gzip  ${row.file}`);
console.log(
  `${kb(total.bytes)} ${kb(total.gzip)} gzip  total (budget ${FIRST_ROUTE_BUDGET_BYTES / 1024} KB gzip)`,
);

console.log(
  `${kb(afterFirstRender.bytes)} ${kb(afterFirstRender.gzip)} gzip  fetched right after the first render (session, Auth)`,
);

console.log('\nLargest chunks loaded later:');
for (const row of lazy.slice(0, 5)) console.log(`${kb(row.gzip)} gzip  ${row.file}`);
