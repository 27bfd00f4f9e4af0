// The nightly insights rollup at studio scale (issue 21, item 4): `npm run bench:insights -w
// functions` (also a step of `npm run bench -w functions`). Seeds into the database emulator (its
// CLI, in a child process, as `npm start` runs it) 10,000 members, two years of classes with
// their rosters and every member's class history, 50,000 payments, 4,000 subscriptions with
// their granted periods and every wallet (functions/test/support/insights-seed.ts), then runs in
// this process `rollUpInsights` twice: the nightly run (from the first of the month 35 days back
// to yesterday) and a backfill of the whole two years. Prints wall time, peak RSS and peak heap
// used of this process during each run (sampled every 20 ms) and writes them to
// docs/benchmarks.md under "## Insights rollup at studio scale" (`--no-write`: print only;
// `--members N`, `--days N`, `--payments N`: another size). Targets: under 2 minutes within
// 512 MB (the function's memory).
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import { addDays, formatDate } from '@studio/core';
import { INSIGHTS_PAGES, rollUpInsights } from '../src/handlers/insights/roll-up-insights';
import type { RollUpReport } from '../src/handlers/insights/roll-up-insights';
import { seedInsightsStudio } from '../test/support/insights-seed';
import { writeBenchmarkSection } from './benchmarks-file';
import { startDatabaseEmulator } from './database-emulator';

const HEADING = '## Insights rollup at studio scale';
const COMMAND = 'npm run bench:insights -w functions';

const args = process.argv.slice(2);
const numberArg = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : Number(args[at + 1]);
};
const MEMBERS = numberArg('--members', 10_000);
const DAYS = numberArg('--days', 730);
const PAYMENTS = numberArg('--payments', 50_000);
const SUBSCRIPTIONS = Math.round(MEMBERS * 0.4);
const CLASSES_PER_DAY = 8;
const CAPACITY = 20;
const WRITE = !args.includes('--no-write');

function log(line: string): void {
  process.stdout.write(`${line}\n`);
}

function rssOf(pid: number | undefined): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

interface Measured<T> {
  result: T;
  ms: number;
  peakRss: number;
  peakHeap: number;
}

/** Runs `work`, sampling this process's memory every 20 ms. */
async function measure<T>(work: () => Promise<T>): Promise<Measured<T>> {
  global.gc?.();
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  };
  sample();
  const timer = setInterval(sample, 20);
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - started, peakRss, peakHeap };
  } finally {
    clearInterval(timer);
    sample();
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const load = loadavg().map((value) => value.toFixed(2));
  const database = await startDatabaseEmulator();
  process.env['FIREBASE_DATABASE_EMULATOR_HOST'] = `127.0.0.1:${database.port}`;
  const app = initializeApp(
    { projectId: 'demo-studio', databaseURL: 'https://demo-studio-default-rtdb.firebaseio.com' },
    'insights-scale',
  );
  const db = getDatabase(app);
  try {
    const nowMs = Date.now();
    const yesterday = addDays(formatDate(nowMs), -1);
    const from = addDays(yesterday, -(DAYS - 1));
    const seeding = await measure(() =>
      seedInsightsStudio(db, {
        members: MEMBERS,
        from,
        to: yesterday,
        classesPerDay: CLASSES_PER_DAY,
        capacity: CAPACITY,
        payments: PAYMENTS,
        subscriptions: SUBSCRIPTIONS,
      }),
    );
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
        `${cpus().length} cores; load average ${load.join(' ')} before). Seeded into the ` +
        `database emulator (CLI, child process) in ${seconds(seeding.ms)}: ` +
        `${MEMBERS.toLocaleString('en')} members, ${DAYS} days of classes ` +
        `(${CLASSES_PER_DAY} a day, up to ${CAPACITY} seats, with rosters and every member's ` +
        `\`UserClasses\`), ${PAYMENTS.toLocaleString('en')} payments, ` +
        `${SUBSCRIPTIONS.toLocaleString('en')} subscriptions with their granted periods, and ` +
        `every wallet (\`functions/test/support/insights-seed.ts\`). The job runs in this ` +
        `process with the real admin SDK: classes and payments a week per indexed query, ` +
        `rosters 8 at once, \`UserClasses\`, \`SubscriptionGrants\` and \`Users\` in pages of ` +
        `${INSIGHTS_PAGES.pageSize} by key. Peak RSS / heap: this process, sampled every 20 ms ` +
        `during the run; the database emulator's RSS was ${mb(databaseAfterSeed)} after seeding ` +
        `and ${mb(databaseRss)} at the end. Targets (issue 21): under 2 minutes within 512 MB.`,
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
    await deleteApp(app);
    database.child.kill();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
