// Refused bookings benchmark: `npm run bench -w functions` (alone: `npx tsx bench/refused-bookings.ts`
// from functions/, `--no-write` to print only). What counting every refused `bookClass` call costs
// in a class release, side by side in one process: 300 members with credits book one 30-spot class
// at the same instant, in alternated pairs of runs,
//   (a) as deployed: the abuse limiter counts refused calls too (a full class's refusal excepted),
//   (b) the same limiter with refusals not counted (what the limiter did before they were),
// each run with members and a class of its own (no counter carried over), against the database
// emulator in a child process. Then a script's burst: one member without credit sends 60 calls at
// once, (a) and (b), and the answers are counted. Every release run checks 30 booked, none
// oversold and every booking invariant. Then the same member's next 60 calls one after another,
// (a) with the window used up (refused from the instance's memory of it) and (b) uncounted.
// Figures only, no pass/fail; writes "## Refused bookings"
// in docs/benchmarks.md.
import { performance } from 'node:perf_hooks';
import type { Database } from 'firebase-admin/database';
import { ROOTS, bookingInvariantViolations, isDomainError, paths } from '@studio/core';
import { bookClass } from '../src/handlers/booking/book-class';
import { SpentWindows, databaseRateLimiter } from '../src/engine/rate-limiter';
import { releaseRush } from '../src/engine/rush/index';
import type { RateLimiter } from '../src/engine/rate-limiter';
import { writeBenchmarkSection } from './benchmarks-file';
import {
  coreCount,
  cpuOfProcess,
  flag,
  loadAverage,
  log,
  median,
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

const MEMBERS = 300;
const CAPACITY = 30;
const PAIRS = 5;
const SCRIPT_CALLS = 60;

type Variant = 'a' | 'b';
const VARIANTS: Record<Variant, string> = {
  a: '(a) refusals counted',
  b: '(b) refusals not counted',
};

interface Run {
  label: string;
  variant: Variant;
  latencies: number[];
  wallMs: number;
  clientMs: number;
  databaseMs: number;
  outcomes: Record<string, number>;
  booked: number;
  counters: number;
  violations: number;
}

/**
 * The deployed limiter (with the instance's memory of used-up windows, one per variant as one
 * per instance), or the same one that lets refusals through uncounted.
 */
const SPENT: Record<Variant, SpentWindows> = { a: new SpentWindows(), b: new SpentWindows() };
function limiterOf(db: Database, variant: Variant): RateLimiter {
  const counted = databaseRateLimiter(db, Date.now, undefined, SPENT[variant]);
  if (variant === 'a') return counted;
  return { ...counted, countRefusal: (_uid, _action, error) => Promise.resolve(error) };
}

function outcomeOf(error: unknown): string {
  if (isDomainError(error)) return `${error.code} ${error.messageKey}`;
  throw error;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

async function burst(
  db: Database,
  databasePid: number | undefined,
  variant: Variant,
  label: string,
  calls: readonly { uid: string; classId: string }[],
  oneByOne = false,
): Promise<Omit<Run, 'booked' | 'counters' | 'violations'>> {
  // As the callable builds them: the deployed limiter and the release-rush machinery.
  const deps = { db, now: Date.now, limits: limiterOf(db, variant), rush: releaseRush };
  const latencies: number[] = [];
  const outcomes: Record<string, number> = {};
  const clientBefore = process.cpuUsage();
  const databaseBefore = cpuOfProcess(databasePid);
  const start = performance.now();
  const answer = async (call: { uid: string; classId: string }, from: number) => {
    const outcome = await bookClass(deps, call).then(() => 'ok', outcomeOf);
    latencies.push(performance.now() - from);
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  };
  if (oneByOne) {
    // Each call's own time: the next is sent when the last is answered.
    for (const call of calls) await answer(call, performance.now());
  } else {
    await Promise.all(calls.map((call) => answer(call, start)));
  }
  const wallMs = performance.now() - start;
  const client = process.cpuUsage(clientBefore);
  return {
    label,
    variant,
    latencies: latencies.sort((x, y) => x - y),
    wallMs,
    clientMs: (client.user + client.system) / 1000,
    databaseMs: cpuOfProcess(databasePid) - databaseBefore,
    outcomes,
  };
}

/** Booked seats of `classId`, `RateLimits/{uid}/book` counters among `uids`, invariant breaches. */
async function check(db: Database, classId: string, uids: readonly string[]) {
  const root = ((await db.ref().get()).val() ?? {}) as Record<string, unknown>;
  const rosters = (root[ROOTS.classRoster] ?? {}) as Record<string, { bookings?: object }>;
  const booked = Object.keys(rosters[classId]?.bookings ?? {}).length;
  const counters = (
    await Promise.all(uids.map((uid) => db.ref(paths.rateLimit(uid, 'book')).get()))
  ).filter((snapshot) => snapshot.exists()).length;
  const violations = bookingInvariantViolations(root, { nowMs: Date.now(), quiescent: true });
  return { booked, counters, violations: violations.length };
}

function row(run: Run): string {
  const outcomes = Object.entries(run.outcomes)
    .sort((x, y) => y[1] - x[1])
    .map(([outcome, count]) => `${outcome} ${count}`)
    .join(', ');
  return `| ${run.label} | ${ms(percentile(run.latencies, 50))} | ${ms(percentile(run.latencies, 95))} | ${ms(percentile(run.latencies, 99))} | ${ms(run.wallMs)} | ${ms(run.clientMs)} / ${ms(run.databaseMs)} | ${run.booked} | ${run.counters} | ${run.violations} | ${outcomes} |`;
}

function medianRow(variant: Variant, runs: readonly Run[]): string {
  const mine = runs.filter((run) => run.variant === variant);
  const of = (pick: (run: Run) => number) => ms(median(mine.map(pick)));
  return `| **median of ${mine.length} ${VARIANTS[variant]}** | ${of((run) => percentile(run.latencies, 50))} | ${of((run) => percentile(run.latencies, 95))} | ${of((run) => percentile(run.latencies, 99))} | ${of((run) => run.wallMs)} | ${of((run) => run.clientMs)} / ${of((run) => run.databaseMs)} | | | | |`;
}

async function main(): Promise<void> {
  const began = Date.now();
  const loadBefore = loadAverage();
  const studio = await startBenchStudio('bench-refused-bookings');
  const { db, database } = studio;
  const pid = database.child.pid;
  const runs: Run[] = [];
  const scripts: Run[] = [];
  try {
    await seedReleaseStudio(db);
    // Warm-up (connection, JIT), both variants, not measured.
    for (const variant of ['a', 'b'] as const) {
      const uids = memberIds(`warm-${variant}`, 60);
      await seedCreditMembers(db, uids, { credits: 2 });
      await seedReleaseClass(db, `warm-${variant}`, 10);
      await burst(
        db,
        pid,
        variant,
        'warm-up',
        uids.map((uid) => ({ uid, classId: `warm-${variant}` })),
      );
    }
    for (let pair = 1; pair <= PAIRS; pair += 1) {
      // A B, then B A: the order alternates so a drifting machine weighs on both sides.
      const order: Variant[] = pair % 2 === 1 ? ['a', 'b'] : ['b', 'a'];
      for (const variant of order) {
        const classId = `release-${pair}-${variant}`;
        const uids = memberIds(`m${pair}${variant}`, MEMBERS);
        await seedCreditMembers(db, uids, { credits: 2 });
        await seedReleaseClass(db, classId, CAPACITY);
        const label = `run ${runs.length + 1}: ${VARIANTS[variant]}`;
        const timed = await burst(
          db,
          pid,
          variant,
          label,
          uids.map((uid) => ({ uid, classId })),
        );
        const run = { ...timed, ...(await check(db, classId, uids)) };
        log(row(run));
        runs.push(run);
      }
    }
    for (const variant of ['a', 'b'] as const) {
      const [uid = ''] = memberIds(`script-${variant}`, 1);
      const classId = `script-${variant}`;
      await seedCreditMembers(db, [uid], { credits: 0 });
      await seedReleaseClass(db, classId, CAPACITY);
      const timed = await burst(
        db,
        pid,
        variant,
        `one member without credit, ${SCRIPT_CALLS} calls at once, ${VARIANTS[variant]}`,
        Array.from({ length: SCRIPT_CALLS }, () => ({ uid, classId })),
      );
      const run = { ...timed, ...(await check(db, classId, [uid])) };
      log(row(run));
      scripts.push(run);
      const next = await burst(
        db,
        pid,
        variant,
        `the same member's next ${SCRIPT_CALLS} calls, one after another, ${VARIANTS[variant]}`,
        Array.from({ length: SCRIPT_CALLS }, () => ({ uid, classId })),
        true,
      );
      const after = { ...next, ...(await check(db, classId, [uid])) };
      log(row(after));
      scripts.push(after);
    }
  } finally {
    await studio.stop();
  }
  const machine = `${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${coreCount()} cores, ${Math.round((Date.now() - began) / 1000)} s; load average ${loadBefore.join(' ')} before, ${loadAverage().join(' ')} after`;
  const section = [
    '## Refused bookings',
    '',
    `Generated by \`functions/bench/refused-bookings.ts\` (${machine}). What counting refused \`bookClass\` calls costs in a class release (docs/architecture/abuse-limits.md): ${MEMBERS} members with credits book one ${CAPACITY}-spot class at the same instant, the handler with the real admin SDK and the release-rush machinery (as the callable runs it) against the database emulator in a child process, in alternated pairs: (a) as deployed, the limiter counts refused calls too, but not a full class's refusal, the answer every loser of the race gets; (b) the same limiter with refusals not counted. The two should cost the same: the losers' refusals stay free. Each run has its own members and class. Latency from the shared start to each answer; CPU of this process (handlers + admin SDK) / the database emulator during the burst; "counters" = members with a \`book\` counter afterwards; "breaches" = booking invariants broken (every one checked on the whole database). Compare (a) and (b) only within one run of the file.`,
    '',
    '| run | p50 | p95 | p99 | burst | CPU (this process / database) | booked | counters | breaches | outcomes |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...runs.map(row),
    medianRow('a', runs),
    medianRow('b', runs),
    '',
    `A script's burst: one member with no credit sends ${SCRIPT_CALLS} \`bookClass\` calls at once. With refusals counted, the first ones past the window's limit are answered \`tooManyAttempts\` and the member's next booking waits for the window to end. Then the same member's next ${SCRIPT_CALLS} calls one after another (latency: each call's own time): with the window used up, the instance refuses them from its memory of it, before reading the class or writing anything:`,
    '',
    '| run | p50 | p95 | p99 | burst | CPU (this process / database) | booked | counters | breaches | outcomes |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...scripts.map(row),
  ].join('\n');
  log('');
  log(section);
  if (flag('--no-write')) return;
  writeBenchmarkSection('## Refused bookings', section, { after: '## Class release' });
  log('\nwrote docs/benchmarks.md');
}

runBenchmark(main, { exit: true });
