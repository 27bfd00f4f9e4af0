// Watchers told of freed seats during a class release: `npx tsx bench/push-watch.ts` from
// functions/ (`--no-write` prints without touching docs/benchmarks.md; `--runs N`, default 8).
// Each run, at the same instant: MEMBERS members book a CAPACITY-spot class (the release, 30
// winners) and FREED members of another full class cancel, whose WATCHERS watchers each have a
// device at the push service stand-in (emulators/push, in this process). Handlers in-process on the
// real admin SDK and the database emulator in a child process; the push sender as the local stack
// runs it (each `pending` outbox entry sent as it appears, standing in for the `sendPush` trigger).
// A watcher whose push the stand-in accepted "taps Book" at once (bookClass), so the seats fill as
// members would fill them. Every OPTED_OUT_EVERY-th watcher turned spot pushes off, every
// QUIET_EVERY-th is inside their own quiet hours; the run throws if either got a push, if the
// watched class is not full again at the end, or if a watcher got two pushes for one opening.
// Figures: cancel → first push accepted (per run; p50/p95 over runs), cancel → last push of the
// immediate waves, pushes sent per freed seat, the release's booking p95. Figures only.
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DataSnapshot } from 'firebase-admin/database';
import webPush from 'web-push';
import { formatHour, isDomainError, paths, rosterSchema, STUDIO_TIME_ZONE } from '@studio/core';
import { startPushService } from '@studio/push-service';
import { bookClass } from '../src/handlers/booking/book-class';
import { cancelBooking } from '../src/handlers/booking/cancel-booking';
import type { BookingDeps } from '../src/engine';
import type { PushDeps } from '../src/handlers/push/deps';
import { savePushSubscription } from '../src/handlers/push/devices';
import { sendPushEntry } from '../src/handlers/push/send-push-entry';
import { watchClass } from '../src/handlers/push/watch';
import { BENCHMARKS_FILE, writeBenchmarkSection } from './benchmarks-file';
import {
  log,
  median,
  numberArg,
  percentile,
  runBenchmark,
  startBenchStudio,
} from './support/harness';
import {
  memberIds,
  seedCreditMembers,
  seedReleaseClass,
  seedReleaseStudio,
} from './support/seed-release';

const MEMBERS = 100;
const CAPACITY = 30;
const WATCHED_CAPACITY = 20;
const WATCHERS = 200;
const FREED = 5;
const OPTED_OUT_EVERY = 5;
const QUIET_EVERY = 7;
/** Past this after the cancels, the run throws. */
const LIMIT_MS = 30_000;
const POLL_MS = 5;
const HEADING = '## Watchers told of freed seats';

interface RunResult {
  run: number;
  firstPushMs: number;
  lastPushMs: number;
  refilledMs: number;
  pushes: number;
  releaseP95Ms: number;
  skippedQuiet: number;
}

/** The push sender as the local stack runs it (scripts/lib/stack.ts `startPushSender`). */
function startSender(deps: PushDeps): { stop(): Promise<void> } {
  const inFlight = new Set<Promise<unknown>>();
  // The whole outbox (the emulator here loads no rules, so no `.indexOn` for a status query).
  const pending = deps.db.ref(paths.pushOutbox());
  const onAdded = (snapshot: DataSnapshot) => {
    if (snapshot.key === null || (snapshot.val() as { status?: unknown }).status !== 'pending')
      return;
    const work = sendPushEntry(deps, snapshot.key).catch((error: unknown) =>
      log(`  push failed: ${String(error)}`),
    );
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };
  pending.on('child_added', onAdded);
  return {
    async stop() {
      pending.off('child_added', onAdded);
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

/** A quiet span around now (studio time), or one that cannot hold anything now. */
function quietHours(inside: boolean): { enabled: boolean; from: string; to: string } {
  const now = Date.now();
  return inside
    ? {
        enabled: true,
        from: formatHour(now - 3_600_000, STUDIO_TIME_ZONE),
        to: formatHour(now + 3_600_000, STUDIO_TIME_ZONE),
      }
    : { enabled: false, from: '22:00', to: '07:00' };
}

async function main(): Promise<void> {
  const write = !process.argv.includes('--no-write');
  const runs = numberArg('--runs', 8);
  const studio = await startBenchStudio('bench-push-watch');
  const service = await startPushService();
  const { db } = studio;
  const keys = webPush.generateVAPIDKeys();
  const pushDeps: PushDeps = {
    db,
    now: Date.now,
    pusher: {
      vapid: { subject: 'mailto:bench@studio.example', ...keys },
      localOrigins: [service.url],
      timeoutMs: 5_000,
    },
  };
  const deps: BookingDeps = { db, now: Date.now };
  const sender = startSender(pushDeps);
  const results: RunResult[] = [];
  try {
    await seedReleaseStudio(db, { studio: true });
    for (let run = 0; run <= runs; run++) {
      // Run 0 warms up (connection, JIT, the stand-in's keys); it is not reported.
      const tag = `r${run}`;
      const releaseId = `release-${tag}`;
      const watchedId = `watched-${tag}`;
      const members = memberIds(`${tag}m`, MEMBERS);
      const booked = memberIds(`${tag}b`, WATCHED_CAPACITY);
      const watchers = memberIds(`${tag}w`, WATCHERS);
      await seedCreditMembers(db, [...members, ...booked, ...watchers], { credits: 4 });
      await Promise.all([
        seedReleaseClass(db, releaseId, CAPACITY),
        seedReleaseClass(db, watchedId, WATCHED_CAPACITY),
      ]);
      for (const uid of booked) await bookClass(deps, { uid, classId: watchedId });
      const endpointOwner = new Map<string, string>();
      const optedOut = new Set<string>();
      const quiet = new Set<string>();
      const settings: Record<string, unknown> = {};
      for (const [i, uid] of watchers.entries()) {
        if (i % OPTED_OUT_EVERY === 1) optedOut.add(uid);
        else if (i % QUIET_EVERY === 2) quiet.add(uid);
        settings[paths.pushQuietHours(uid)] = quietHours(quiet.has(uid));
        if (optedOut.has(uid)) settings[`${paths.pushPreferences(uid)}/spot-opened`] = false;
      }
      await db.ref().update(settings);
      for (const uid of watchers) {
        const subscription = service.subscribe({ applicationServerKey: keys.publicKey });
        await savePushSubscription(
          { db, now: Date.now, localOrigins: [service.url] },
          { uid, endpoint: subscription.endpoint, keys: subscription.keys, userAgent: undefined },
        );
        endpointOwner.set(subscription.endpoint, uid);
        await watchClass(deps, { uid, classId: watchedId });
      }
      const seen = service.messages().length;

      // The instant: the release and the cancels together.
      const latencies: number[] = [];
      const start = performance.now();
      const release = Promise.all(
        members.map((uid) =>
          bookClass(deps, { uid, classId: releaseId }).then(
            () => latencies.push(performance.now() - start),
            (error: unknown) => {
              if (!isDomainError(error)) throw error;
              latencies.push(performance.now() - start);
            },
          ),
        ),
      );
      const cancels = Promise.all(
        booked.slice(0, FREED).map((uid) => cancelBooking(deps, { uid, classId: watchedId })),
      );
      // Members tap Book as their push arrives.
      const tapped = new Set<string>();
      const taps: Promise<unknown>[] = [];
      const pushedAt: number[] = [];
      let refilledMs: number | undefined;
      while (refilledMs === undefined) {
        const now = performance.now() - start;
        if (now > LIMIT_MS) throw new Error(`${watchedId}: not full again after ${LIMIT_MS} ms`);
        for (const message of service.messages().slice(seen)) {
          const uid = endpointOwner.get(message.endpoint);
          if (message.status !== 201 || uid === undefined || tapped.has(uid)) continue;
          tapped.add(uid);
          pushedAt.push(message.receivedAt);
          taps.push(
            bookClass(deps, { uid, classId: watchedId }).catch((error: unknown) => {
              if (!isDomainError(error)) throw error;
            }),
          );
        }
        const roster = rosterSchema.parse((await db.ref(paths.classRoster(watchedId)).get()).val());
        const full = Object.keys(roster.bookings).length === WATCHED_CAPACITY;
        if (full && taps.length > 0) refilledMs = performance.now() - start;
        else await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      await Promise.all([release, cancels, ...taps]);
      const startEpoch = Date.now() - (performance.now() - start);
      const received = service.messages().slice(seen);
      const perOwner = new Map<string, number>();
      for (const message of received) {
        const uid = endpointOwner.get(message.endpoint);
        if (uid === undefined || message.status !== 201) continue;
        perOwner.set(uid, (perOwner.get(uid) ?? 0) + 1);
        if (optedOut.has(uid)) throw new Error(`${uid} turned spot pushes off and got one`);
        if (quiet.has(uid)) throw new Error(`${uid} is in quiet hours and got a push`);
      }
      const twice = [...perOwner].filter(([, n]) => n > 1);
      if (twice.length > 0) throw new Error(`Pushed twice: ${JSON.stringify(twice)}`);
      const outbox = (await db.ref(paths.pushOutbox()).get()).val() as Record<
        string,
        { uid?: string; status?: string }
      > | null;
      const skippedQuiet = Object.values(outbox ?? {}).filter(
        (entry) => entry.uid !== undefined && quiet.has(entry.uid) && entry.status === 'skipped',
      ).length;
      pushedAt.sort((a, b) => a - b);
      const result: RunResult = {
        run,
        firstPushMs: (pushedAt[0] ?? NaN) - startEpoch,
        lastPushMs: (pushedAt.at(-1) ?? NaN) - startEpoch,
        refilledMs,
        pushes: perOwner.size,
        releaseP95Ms: percentile(
          latencies.sort((a, b) => a - b),
          95,
        ),
        skippedQuiet,
      };
      log(row(result));
      if (run > 0) results.push(result);
    }
  } finally {
    await sender.stop();
    await studio.stop();
    await service.stop();
  }
  const markdown = section(results);
  if (write) {
    writeBenchmarkSection(HEADING, markdown, { after: '## Class release with e-mail' });
    log(`Written to ${path.relative(process.cwd(), BENCHMARKS_FILE)}`);
  } else log(markdown);
}

const ms = (value: number) => `${Math.round(value)} ms`;

function row(r: RunResult): string {
  return `| run ${r.run} | ${ms(r.firstPushMs)} | ${ms(r.lastPushMs)} | ${ms(r.refilledMs)} | ${r.pushes} (${(r.pushes / FREED).toFixed(1)}) | ${r.skippedQuiet} | ${ms(r.releaseP95Ms)} |`;
}

function section(results: readonly RunResult[]): string {
  const first = results.map((r) => r.firstPushMs).sort((a, b) => a - b);
  const pushes = median(results.map((r) => r.pushes));
  return [
    HEADING,
    '',
    `Generated by \`functions/bench/push-watch.ts\` on ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} at the end. ` +
      `Each run, at one instant: ${MEMBERS} members book a ${CAPACITY}-spot class (the release) and ${FREED} members of another full ${WATCHED_CAPACITY}-spot class cancel; that class has ${WATCHERS} watchers, each with a device at the push service stand-in. ` +
      'Handlers in-process on the admin SDK, the database emulator in a child process, the push sender as the local stack runs it (each pending outbox entry sent as it appears). ' +
      `A watcher whose push was accepted books at once. Every ${OPTED_OUT_EVERY}th watcher turned spot pushes off and every ${QUIET_EVERY}th is inside their quiet hours: each run checks neither got a push, nobody got two, and the class is full again. ` +
      'Times are from the instant to the stand-in accepting the push; “refilled” is when the 20 seats were taken again; “release p95” is the 100 bookings’ answer time, the release running beside it. ' +
      'The waves tell 3 watchers per freed seat; “pushes” counts those the stand-in accepted: the told who turned spot pushes off (no entry) or are in quiet hours (entry skipped) get the in-app notice only.',
    '',
    '| run | first push | last push | refilled | pushes (per freed seat) | held back by quiet hours | release p95 |',
    '|---|---|---|---|---|---|---|',
    ...results.map(row),
    `| **p50 / p95 over ${results.length} runs** | ${ms(percentile(first, 50))} / ${ms(percentile(first, 95))} | ${ms(median(results.map((r) => r.lastPushMs)))} | ${ms(median(results.map((r) => r.refilledMs)))} | ${pushes} (${(pushes / FREED).toFixed(1)}) | ${median(results.map((r) => r.skippedQuiet))} | ${ms(median(results.map((r) => r.releaseP95Ms)))} |`,
  ].join('\n');
}

runBenchmark(main, { exit: true });
