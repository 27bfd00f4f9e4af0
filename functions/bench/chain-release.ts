// The weekly release across branch instances: `npm run bench:chain -w functions`. 2,000 members
// race for 40 classes of 30 (20 per branch) at the same instant, each branch's classes in its own
// database instance (an emulator namespace), members and credits in the default one, as
// docs/scaling.md#a-chain-of-studios lays a chain out. In-process, as class-release.ts: the
// `bookClass` handler with the real admin SDK against the database emulator in a child process.
//
// Each layout of the engine runs side by side in one run: with the release-rush machinery the
// callables hand it (`releaseRush`), and without it (every read from the server, one
// transaction per roster change). Each gets its own members and classes. Three bursts each:
//   race      2,000 members, 50 per class: p50/p95, booked, oversold, credits conserved;
//   wins      1,200 members onto 40 fresh classes, exactly the seats: CPU per winning booking;
//   refusals  800 members onto those classes, now full: CPU per refused booking.
// CPU is this process's (handlers + admin SDK) and the database emulator's, per booking.
// `--no-write` prints the section without touching docs/benchmarks.md; `--baseline <dir>` adds
// another checkout's handler, with and without its rush (support/baseline.ts).
import { performance } from 'node:perf_hooks';
import type { Database } from 'firebase-admin/database';
import {
  bookingInvariantViolations,
  isDomainError,
  paths,
  readWallet,
  rosterSchema,
} from '@studio/core';
import { openInstance } from '../src/engine/instances';
import type { BookingDeps } from '../src/engine';
import { releaseRush } from '../src/engine/rush/index';
import { bookClass } from '../src/handlers/booking/book-class';
import { merge } from '../test/support/layouts';
import { publishBenchmarkSection } from './benchmarks-file';
import { loadBaseline, type Baseline, type BaselineDeps } from './support/baseline';
import {
  coreCount,
  cpuOfProcess,
  loadAverage,
  log,
  percentile,
  runBenchmark,
  startBenchStudio,
} from './support/harness';
import {
  memberIds,
  seedCreditMembers,
  seedReleaseClass,
  seedReleaseStudio,
  TWO_BRANCHES,
} from './support/seed-release';

const HEADING = '## Release across branch instances';
const BRANCHES = TWO_BRANCHES;
const CLASSES_PER_BRANCH = 20;
const CAPACITY = 30;
const MEMBERS = 2_000;
const CREDITS_EACH = 2;

interface Burst {
  label: string;
  latencies: number[];
  outcomes: Record<string, number>;
  wallMs: number;
  clientMs: number;
  databaseMs: number;
}

interface ModeResult {
  mode: string;
  race: Burst & { booked: number; oversold: number; conserved: boolean; violations: string[] };
  wins: Burst;
  refusals: Burst;
}

function outcomeOf(error: unknown): string {
  if (isDomainError(error)) return error.code;
  throw error;
}

async function main(): Promise<void> {
  const loadBefore = loadAverage().join(' / ');
  const studio = await startBenchStudio('chain-release');
  const { db, database } = studio;
  const branchDbs = new Map(BRANCHES.map(({ id, instance }) => [id, openInstance(db, instance)]));
  const instances = [db, ...branchDbs.values()];

  /** 40 classes, 20 in each branch's instance, indexed in the default one. */
  const seedClasses = async (prefix: string): Promise<{ id: string; where: Database }[]> => {
    const classes: { id: string; where: Database }[] = [];
    for (const { id: branch } of BRANCHES) {
      const where = branchDbs.get(branch) as Database;
      for (let n = 0; n < CLASSES_PER_BRANCH; n += 1) {
        const classId = `${prefix}-${branch}-${n}`;
        await seedReleaseClass(where, classId, CAPACITY);
        await where.ref(`${paths.class(classId)}/branch`).set(branch);
        await db.ref(paths.classBranch(classId)).set(branch);
        classes.push({ id: classId, where });
      }
    }
    return classes;
  };

  const burst = async (
    label: string,
    deps: BaselineDeps,
    pairs: readonly [string, string][],
    book: Baseline['bookClass'],
  ): Promise<Burst> => {
    const latencies: number[] = [];
    const outcomes: Record<string, number> = {};
    const clientBefore = process.cpuUsage();
    const databaseBefore = cpuOfProcess(database.child.pid);
    const start = performance.now();
    await Promise.all(
      pairs.map(async ([uid, classId]) => {
        const outcome = await book(deps, { uid, classId }).then(() => 'ok', outcomeOf);
        latencies.push(performance.now() - start);
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      }),
    );
    const wallMs = performance.now() - start;
    const client = process.cpuUsage(clientBefore);
    const result = {
      label,
      latencies: latencies.sort((a, b) => a - b),
      outcomes,
      wallMs,
      clientMs: (client.user + client.system) / 1000,
      databaseMs: cpuOfProcess(database.child.pid) - databaseBefore,
    };
    log(
      `${label}: p50 ${ms(percentile(result.latencies, 50))}, p95 ${ms(percentile(result.latencies, 95))}, ${JSON.stringify(outcomes)}, CPU ${ms(result.clientMs)} / db ${ms(result.databaseMs)}`,
    );
    return result;
  };

  const check = async (classIds: readonly string[], uids: readonly string[]) => {
    const roots = await Promise.all(
      instances.map(async (where): Promise<unknown> => (await where.ref().get()).val()),
    );
    // The instances' trees merged (their leaves never overlap) for the invariant check.
    const root = roots.reduce(merge, null) as Record<string, unknown>;
    const rosters = (root['ClassRoster'] ?? {}) as Record<string, unknown>;
    let booked = 0;
    let oversold = 0;
    for (const classId of classIds) {
      const roster = rosterSchema.parse(rosters[classId] ?? null);
      const bookings = Object.values(roster.bookings);
      booked += bookings.filter((booking) => booking.pending !== true).length;
      oversold += Math.max(0, bookings.length - CAPACITY);
    }
    const violations = bookingInvariantViolations(root, { nowMs: Date.now(), quiescent: true });
    const users = (root['Users'] ?? {}) as Record<string, unknown>;
    let conserved = violations.length === 0;
    for (const uid of uids) {
      const wallet = readWallet(users[uid], paths.user(uid));
      const used = Object.values(wallet.bookingCredits).filter((r) => r.state === 'used').length;
      if (Object.keys(wallet.credits).length + used !== CREDITS_EACH) conserved = false;
    }
    return { booked, oversold, conserved, violations };
  };

  try {
    await seedReleaseStudio(db);
    await db
      .ref()
      .update(
        Object.fromEntries(
          BRANCHES.map(({ id, instance }) => [
            paths.branch(id),
            { name: id, active: true, databaseInstance: instance },
          ]),
        ),
      );
    const results: ModeResult[] = [];
    const here: Baseline['bookClass'] = (deps, command) => bookClass(deps as BookingDeps, command);
    const modes: { mode: string; tag: string; rush?: unknown; book: Baseline['bookClass'] }[] = [
      { mode: 'with the rush machinery', tag: 'rush', rush: releaseRush, book: here },
      { mode: 'plain (no rush)', tag: 'plain', book: here },
    ];
    // `--baseline <dir>`: another checkout's handler beside this one (support/baseline.ts).
    const baseline = await loadBaseline();
    if (baseline)
      modes.push(
        {
          mode: `at ${baseline.label}, with the rush machinery`,
          tag: 'baseline-rush',
          rush: baseline.rushWith(),
          book: baseline.bookClass,
        },
        { mode: `at ${baseline.label}, plain`, tag: 'baseline-plain', book: baseline.bookClass },
      );
    // Warm-up per mode: connection, JIT, the instances' lookups; not measured.
    for (const { mode, tag, rush, book } of modes) {
      const deps = { db, now: Date.now, ...(rush ? { rush } : {}) };
      const warm = memberIds(`${tag}-warm`, 60);
      await seedCreditMembers(db, warm, { credits: CREDITS_EACH });
      const warmClasses = await seedClasses(`${tag}-warm`);
      await burst(
        `${mode}: warm-up`,
        deps,
        warm.map((uid, i) => [uid, warmClasses[i % 40]?.id ?? '']),
        book,
      );

      const racers = memberIds(`${tag}-race`, MEMBERS);
      await seedCreditMembers(db, racers, { credits: CREDITS_EACH });
      const raceClasses = await seedClasses(`${tag}-race`);
      const race = await burst(
        `${mode}: race`,
        deps,
        racers.map((uid, i) => [uid, raceClasses[i % raceClasses.length]?.id ?? '']),
        book,
      );
      const checked = await check(
        raceClasses.map((c) => c.id),
        racers,
      );
      log(
        `  booked ${checked.booked}, oversold ${checked.oversold}, conserved ${checked.conserved}`,
      );

      // Wins only, then refusals only, by members that have not booked yet (their second credit
      // is not used: the race's members book a second class).
      const seats = raceClasses.length * CAPACITY;
      const winClasses = await seedClasses(`${tag}-wins`);
      const winners = racers.slice(0, seats);
      const wins = await burst(
        `${mode}: wins`,
        deps,
        winners.map((uid, i) => [uid, winClasses[i % winClasses.length]?.id ?? '']),
        book,
      );
      const refused = racers.slice(seats);
      const refusals = await burst(
        `${mode}: refusals`,
        deps,
        refused.map((uid, i) => [uid, winClasses[i % winClasses.length]?.id ?? '']),
        book,
      );
      results.push({ mode, race: { ...race, ...checked }, wins, refusals });
    }
    const markdown = section(results, loadBefore);
    publishBenchmarkSection(HEADING, markdown, { after: '## Load' });
  } finally {
    await studio.stop();
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;
const perCall = (total: number, count: number) =>
  count === 0 ? '—' : `${(total / count).toFixed(2)} ms`;

function section(results: readonly ModeResult[], loadBefore: string): string {
  const load = loadAverage().join(' / ');
  const rows = results.map(({ mode, race, wins, refusals }) => {
    const won = wins.outcomes['ok'] ?? 0;
    const lost = refusals.latencies.length - (refusals.outcomes['ok'] ?? 0);
    return `| ${mode} | ${race.booked} | ${race.oversold} | ${race.conserved ? 'yes' : 'NO'} | ${ms(percentile(race.latencies, 50))} | ${ms(percentile(race.latencies, 95))} | ${perCall(wins.clientMs, won)} / ${perCall(wins.databaseMs, won)} | ${perCall(refusals.clientMs, lost)} / ${perCall(refusals.databaseMs, lost)} |`;
  });
  return [
    HEADING,
    '',
    `${new Date().toISOString().slice(0, 10)}, ${coreCount()} cores, load average ${loadBefore} before, ${load} at the end (\`npm run bench:chain -w functions\`, functions/bench/chain-release.ts).`,
    '',
    `${MEMBERS.toLocaleString('en')} members race for ${BRANCHES.length * CLASSES_PER_BRANCH} classes of ${CAPACITY} (${CLASSES_PER_BRANCH} per branch, each branch's classes in its own database instance, members and credits in the default one), all calls started at once, in-process (the \`bookClass\` handler with the real admin SDK, the database emulator in a child process). ${results.length > 2 ? 'The engines' : 'Both engines'} in one run, each with its own members and classes${results.length > 2 ? ' (a row "at <commit>": the handler of that commit, loaded beside this one\'s, `--baseline`)' : ''}. CPU per booking: a burst of winners only (${BRANCHES.length * CLASSES_PER_BRANCH * CAPACITY} members onto fresh classes, exactly the seats), then a burst of refusals only (the other members onto those full classes); this process (handlers + admin SDK) / the database emulator.`,
    '',
    '| Engine | Booked | Oversold | Credits conserved | p50 | p95 | CPU per win (process / db) | CPU per refusal (process / db) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

runBenchmark(main, { exit: true });
