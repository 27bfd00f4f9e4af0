// Scheduled jobs at studio scale (issue 16, item 5): `npm run bench:jobs -w functions` (also the
// last step of `npm run bench -w functions`). Seeds 10,000 members into the database emulator
// (its CLI, in a child process, as `npm start` runs it), 40 % of them with a monthly subscription
// in each state the monthly job meets and 1 in 7 with an expired credit, then runs in this
// process, one after the other: `monthlyCredits` (first run of the month), the same again (a
// retry in the same month), and `reconcileBookings`. Prints wall time, peak RSS and peak heap
// used of this process during each run (sampled every 20 ms) and the database's RSS after, and
// writes them to docs/benchmarks.md under "## Scheduled jobs at studio scale" (`--no-write`:
// print only; `--members N`: another size).
//
// Stripe is the table-driven stand-in of test/support/studio-scale.ts (the two calls the job
// makes, answered in-process): the figures are the job's own work and the database's, not
// Stripe's latency. At Stripe, each subscription the job asks about costs one `retrieve` (and
// one `invoices.list` when its period has no grant yet), 8 at once (`MONTHLY_PAGES`).
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import { reconcileBookings } from '../src/handlers/booking/reconcile';
import { MONTHLY_PAGES, monthlyCredits } from '../src/handlers/payments/monthly-credits';
import { seedStudioScale } from '../test/support/studio-scale';
import type { SubscriptionCase } from '../test/support/studio-scale';
import { writeBenchmarkSection } from './benchmarks-file';
import { startDatabaseEmulator } from './database-emulator';

const HEADING = '## Scheduled jobs at studio scale';
const COMMAND = 'npm run bench:jobs -w functions';

const args = process.argv.slice(2);
const membersArg = args.indexOf('--members');
const MEMBERS = membersArg === -1 ? 10_000 : Number(args[membersArg + 1]);
const WRITE = !args.includes('--no-write');

/** Of every 20 members: 8 subscribe (40 %), in these cases. */
const CASE_CYCLE: readonly (SubscriptionCase | undefined)[] = [
  'settled',
  'settled',
  'settled',
  'settled',
  'lost-renewal',
  'lost-trial',
  'past-due',
  'canceled',
  ...Array.from({ length: 12 }, () => undefined),
];

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
    'jobs-scale',
  );
  const db = getDatabase(app);
  try {
    const nowMs = Date.now();
    const seeding = await measure(() =>
      seedStudioScale(db, {
        members: MEMBERS,
        nowMs,
        subscription: (i) => CASE_CYCLE[i % CASE_CYCLE.length],
        expired: (i) => i % 7 === 0,
      }),
    );
    const seed = seeding.result;
    const subscribed = Array.from({ length: MEMBERS }, (_, i) => CASE_CYCLE[i % 20]).filter(
      (kase) => kase !== undefined,
    ).length;
    log(`seeded ${MEMBERS} members (${subscribed} subscriptions) in ${seconds(seeding.ms)}`);
    const databaseAfterSeed = rssOf(database.child.pid);

    const deps = { db, stripe: seed.stripe, now: () => nowMs };
    const first = await measure(() => monthlyCredits(deps));
    log(`monthlyCredits: ${seconds(first.ms)} ${JSON.stringify(first.result)}`);
    const stripeCalls = [...seed.calls.values()].reduce((sum, n) => sum + n, 0);
    seed.calls.clear();
    const retry = await measure(() => monthlyCredits(deps));
    log(`monthlyCredits again: ${seconds(retry.ms)} ${JSON.stringify(retry.result)}`);
    const retryCalls = [...seed.calls.values()].reduce((sum, n) => sum + n, 0);
    const reconcile = await measure(() => reconcileBookings({ db, now: () => nowMs }));
    log(`reconcileBookings: ${seconds(reconcile.ms)} ${JSON.stringify(reconcile.result)}`);
    const databaseRss = rssOf(database.child.pid);

    const row = (label: string, run: Measured<unknown>, outcome: string) =>
      `| ${label} | ${seconds(run.ms)} | ${mb(run.peakRss)} | ${mb(run.peakHeap)} | ${outcome} |`;
    const m = first.result;
    const markdown = [
      HEADING,
      '',
      `Run with \`${COMMAND}\` (2026-11-25, Node ${process.version}, ${cpus().length} cores; ` +
        `load average ${load.join(' ')} before). ${MEMBERS.toLocaleString('en')} members seeded ` +
        `into the database emulator (CLI, child process) in ${seconds(seeding.ms)}: ` +
        `${subscribed.toLocaleString('en')} with a monthly subscription (per 20 members: 4 ` +
        `settled, 1 renewal lost, 1 trial grant lost, 1 past_due, 1 cancelled), 1 in 7 with an ` +
        `expired credit. The jobs run in this process with the real admin SDK, pages of ` +
        `${MONTHLY_PAGES.pageSize} (monthly, ${MONTHLY_PAGES.concurrency} subscriptions at once) ` +
        `and 200 (reconciler, one member at a time); Stripe is the in-process stand-in of ` +
        "`functions/test/support/studio-scale.ts`, so the times are the jobs' and the " +
        "database's work, not Stripe's latency. Peak RSS / heap: this process, sampled every " +
        `20 ms during the run; the database emulator's RSS was ${mb(databaseAfterSeed)} after ` +
        `seeding and ${mb(databaseRss)} at the end.`,
      '',
      '| Run | Wall time | Peak RSS | Peak heap used | Outcome |',
      '| --- | --- | --- | --- | --- |',
      row(
        'monthlyCredits, first run of the month',
        first,
        `${m.subscriptions} subscriptions (${m.checkedWithStripe} asked of Stripe, ${stripeCalls} ` +
          `calls), ${m.repaired} periods granted, ${m.statusesMirrored} statuses mirrored, ` +
          `${m.members} members, ${m.expired} credits expired, ${m.failed} failed`,
      ),
      row(
        'monthlyCredits again, same month (a retry)',
        retry,
        `${retry.result.checkedWithStripe} asked of Stripe (${retryCalls} calls), ` +
          `${retry.result.repaired} granted, ${retry.result.expired} expired, ` +
          `${retry.result.failed} failed`,
      ),
      row(
        'reconcileBookings',
        reconcile,
        `${reconcile.result.users} members, ${reconcile.result.creditsExpired} credits expired, ` +
          `${reconcile.result.failures} failures`,
      ),
    ].join('\n');
    log(`\n${markdown}\n`);
    if (WRITE) writeBenchmarkSection(HEADING, markdown, { after: '## Load' });
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
