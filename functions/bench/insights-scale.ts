// The nightly insights rollup at studio scale: `npm run bench:insights -w
// functions` (also a step of `npm run bench -w functions`). Seeds into the database emulator (its
// CLI, in a child process, as `npm start` runs it) 10,000 members, two years of classes with
// their rosters and every member's class history, 50,000 payments, 4,000 subscriptions with
// their granted periods and every wallet (functions/bench/support/seed-scale.ts), then runs in
// this process `rollUpInsights` twice: the nightly run (from the first of the month 35 days back
// to yesterday) and a backfill of the whole two years. Prints wall time, peak RSS and peak heap
// used of this process during each run (sampled every 20 ms) and writes them to
// docs/benchmarks.md under "## Insights rollup at studio scale" (`--no-write`: print only;
// `--members N`, `--days N`, `--payments N`: another size). Targets: under 2 minutes within
// 512 MB (the function's memory).
import { formatDate } from '@studio/core';
import { INSIGHTS_PAGES, rollUpInsights } from '../src/handlers/insights/roll-up-insights';
import type { RollUpReport } from '../src/handlers/insights/roll-up-insights';
import { writeBenchmarkSection } from './benchmarks-file';
import {
  coreCount,
  flag,
  loadAverage,
  log,
  mb,
  measure,
  rssOf,
  runBenchmark,
  seconds,
  startBenchStudio,
} from './support/harness';
import type { Measured } from './support/harness';
import { scaleFromArgs, scaleRange, seedScaleStudio } from './support/seed-scale';

const HEADING = '## Insights rollup at studio scale';
const COMMAND = 'npm run bench:insights -w functions';

const SCALE = scaleFromArgs();
const WRITE = !flag('--no-write');

async function main(): Promise<void> {
  const load = loadAverage();
  const studio = await startBenchStudio('insights-scale');
  const { db, database } = studio;
  try {
    const nowMs = Date.now();
    const { from } = scaleRange(SCALE, nowMs);
    const seeding = await measure(() => seedScaleStudio(db, SCALE, nowMs));
    log(`seeded in ${seconds(seeding.ms)}`);
    const databaseAfterSeed = rssOf(database.child.pid);
    const deps = { db, now: () => nowMs };
    // The database's memory and the SDK's connection settle before the first measured run.
    global.gc?.();
    const nightly = await measure(() => rollUpInsights(deps));
    log(`nightly: ${seconds(nightly.ms)} ${JSON.stringify(nightly.result)}`);
    const backfill = await measure(() => rollUpInsights(deps, { from }));
    log(`backfill: ${seconds(backfill.ms)} ${JSON.stringify(backfill.result)}`);
    const databaseRss = rssOf(database.child.pid);

    const row = (label: string, run: Measured<RollUpReport>) =>
      `| ${label} | ${run.result.from} … ${run.result.to} (${run.result.days} days) | ` +
      `${seconds(run.ms)} | ${mb(run.peakRss)} | ${mb(run.peakHeap)} | ` +
      `${run.result.classes.toLocaleString('en')} classes, ` +
      `${run.result.payments.toLocaleString('en')} payments, ` +
      `${run.result.members.toLocaleString('en')} members' histories, ` +
      `${run.result.subscriptions.toLocaleString('en')} subscriptions, ` +
      `${run.result.wallets.toLocaleString('en')} wallets, ${run.result.failed} failed |`;
    const markdown = [
      HEADING,
      '',
      `Run with \`${COMMAND}\` (${formatDate(nowMs)}, Node ${process.version}, ` +
        `${coreCount()} cores; load average ${load.join(' ')} before). Seeded into the ` +
        `database emulator (CLI, child process) in ${seconds(seeding.ms)}: ` +
        `${SCALE.members.toLocaleString('en')} members, ${SCALE.days} days of classes ` +
        `(${SCALE.classesPerDay} a day, up to ${SCALE.capacity} seats, with rosters and every member's ` +
        `\`UserClasses\`), ${SCALE.payments.toLocaleString('en')} payments, ` +
        `${SCALE.subscriptions.toLocaleString('en')} subscriptions with their granted periods, and ` +
        `every wallet (\`functions/bench/support/seed-scale.ts\`). The job runs in this ` +
        `process with the real admin SDK: classes and payments a week per indexed query, ` +
        `rosters 8 at once, \`UserClasses\`, \`SubscriptionGrants\` and \`Users\` in pages of ` +
        `${INSIGHTS_PAGES.pageSize} by key. Peak RSS / heap: this process, sampled every 20 ms ` +
        `during the run; the database emulator's RSS was ${mb(databaseAfterSeed)} after seeding ` +
        `and ${mb(databaseRss)} at the end. Targets: under 2 minutes within 512 MB.`,
      '',
      '| Run | Days rolled up | Wall time | Peak RSS | Peak heap used | Read |',
      '| --- | --- | --- | --- | --- | --- |',
      row('rollUpInsights, nightly (default window)', nightly),
      row('rollUpInsights, backfill of the whole history', backfill),
    ].join('\n');
    log(`\n${markdown}\n`);
    if (WRITE)
      writeBenchmarkSection(HEADING, markdown, { after: '## Scheduled jobs at studio scale' });
  } finally {
    await studio.stop();
  }
}

runBenchmark(main);
