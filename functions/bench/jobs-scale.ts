// Scheduled jobs at studio scale: `npm run bench:jobs -w functions` (also the
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
import { formatDate } from '@studio/core';
import { reconcileBookings } from '../src/handlers/booking/reconcile';
import {
  MONTHLY_PAGES,
  monthlyCredits,
} from '../src/handlers/payments/subscriptions/monthly-credits';
import { seedStudioScale } from '../test/support/studio-scale';
import type { SubscriptionCase } from '../test/support/studio-scale';
import { writeBenchmarkSection } from './benchmarks-file';
import {
  coreCount,
  flag,
  loadAverage,
  log,
  mb,
  measure,
  numberArg,
  rssOf,
  runBenchmark,
  seconds,
  startBenchStudio,
} from './support/harness';
import type { Measured } from './support/harness';
import { STUDIO_SCALE } from './support/seed-scale';

const HEADING = '## Scheduled jobs at studio scale';
const COMMAND = 'npm run bench:jobs -w functions';

const MEMBERS = numberArg('--members', STUDIO_SCALE.members);
const WRITE = !flag('--no-write');

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

async function main(): Promise<void> {
  const load = loadAverage();
  const studio = await startBenchStudio('jobs-scale');
  const { db, database } = studio;
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
      `Run with \`${COMMAND}\` (${formatDate(nowMs)}, Node ${process.version}, ${coreCount()} cores; ` +
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
    await studio.stop();
  }
}

runBenchmark(main);
