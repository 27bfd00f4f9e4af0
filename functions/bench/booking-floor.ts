// The floor under a booking's CPU: `npm run bench:floor -w functions`. What this process spends per
// winning and per refused booking when it makes only the database operations a booking needs, with
// the same admin SDK against the same database emulator, beside what `bookClass` spends, in one run
// (docs/benchmarks.md, "The floor under a booking"). The layout is chain-release.ts's: each of two
// branches' classes in its own database instance (an emulator namespace), members and credits in
// the default one; 1,200 members onto 40 fresh classes of 30 (exactly the seats), then 800 onto
// those classes, now full. Each engine has its own members and classes.
//
// Engines, each measured the same way (this process's CPU and the emulator's, per booking, and
// the writes the emulator applied), in two rounds (in order, then in reverse):
//   bookClass, rush     the handler with the release-rush machinery the callables hand it, with
//                       its pay turns (32 bookings finishing at once), and with every booking
//                       finishing at once;
//   bookClass, plain    the handler without the rush;
//   floor: seat, credit, view
//                       the three operations no win can do without: the seat in one roster
//                       transaction per class shared by the calls waiting for it (as the group
//                       commit does), one transaction on the member's node (a credit used, its
//                       record, the ledger entry in the outbox), one write of the member's view,
//                       and the class counts once per roster transaction; a refusal is answered
//                       inside that shared roster transaction (the server confirms "full");
//   floor: + the rest   the same plus every other write and read a win of bookClass makes (the
//                       roster's confirmation, the ledger copy and the outbox's removal, the
//                       directory's count, the notification, the mail's reads and entry, the
//                       watch read), as plain SDK calls, all finishing at once or 32 at a time.
// `--no-write` prints the section without touching docs/benchmarks.md; `--only rush,floor` runs
// those engines (tags below); `--payers 8,64` adds bookClass with other limits of pay turns;
// `--baseline <dir>` adds another checkout's bookClass, rush and plain (support/baseline.ts).
// `BENCH_WINDOWS=w.json` writes the bursts' times for profile-summary.ts.
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Database, Reference } from 'firebase-admin/database';
import { isDomainError, paths } from '@studio/core';
import { openInstance } from '../src/engine/instances';
import type { BookingDeps } from '../src/engine';
import { rushWith } from '../src/engine/rush/index';
import { PAYERS, payTurns } from '../src/engine/rush/pay-turns';
import { bookClass } from '../src/handlers/booking/book-class';
import { publishBenchmarkSection } from './benchmarks-file';
import { loadBaseline, type Baseline } from './support/baseline';
import {
  coreCount,
  cpuOfProcess,
  loadAverage,
  log,
  numberArg,
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

const HEADING = '## The floor under a booking';
const BRANCHES = TWO_BRANCHES;
const CLASSES_PER_BRANCH = 20;
const CAPACITY = 30;
const SEATS = BRANCHES.length * CLASSES_PER_BRANCH * CAPACITY;
const REFUSALS = 800;
const CREDITS_EACH = 2;

interface Burst {
  calls: number;
  ok: number;
  wallMs: number;
  clientMs: number;
  databaseMs: number;
  writes: number;
}

interface EngineResult {
  engine: string;
  wins: Burst;
  refusals: Burst;
}

interface ClassAt {
  id: string;
  where: Database;
}

/** One booking as an engine makes it: resolves when booked, rejects with a DomainError if not. */
type Book = (uid: string, cls: ClassAt) => Promise<void>;

class Refused extends Error {}

interface StoredRoster {
  bookings: Record<string, Record<string, unknown>>;
  spots: Record<string, string>;
  version: number;
}

/** A change of one call to the roster (mutated in place): its version, or a refusal. */
type RosterEdit = (roster: StoredRoster, uid: string, classId: string) => number | Refused;

/** Reserves the next spot as a pending booking, or refuses a full class. */
const reserveSpot: RosterEdit = (roster, uid, classId) => {
  const taken = Object.keys(roster.bookings).length;
  if (taken >= CAPACITY) return new Refused('classFull');
  const spot = String(taken + 1);
  roster.bookings[uid] = { bookingId: `${classId}-${uid}`, spot, pending: true, at: 1 };
  roster.spots[spot] = uid;
  roster.version += 1;
  return roster.version;
};

/** Confirms the member's pending booking with its credit (the version stays). */
const confirmSpot: RosterEdit = (roster, uid) => {
  const booking = roster.bookings[uid];
  if (booking === undefined) return new Refused('notBooked');
  const { pending: _pending, ...confirmed } = booking;
  roster.bookings[uid] = { ...confirmed, creditId: `credit-${uid}` };
  return roster.version;
};

/**
 * Roster changes in one transaction per class shared by every call that arrives while one is in
 * flight (what the group commit does, without its generality), each decided on the committed
 * roster.
 */
function rosterBatches(
  edit: RosterEdit,
): (where: Database, classId: string, uid: string) => Promise<number> {
  interface Waiting {
    uid: string;
    resolve: (version: number) => void;
    reject: (error: unknown) => void;
  }
  const queues = new Map<string, { waiting: Waiting[]; running: boolean }>();
  const serve = async (
    where: Database,
    classId: string,
    queue: { waiting: Waiting[]; running: boolean },
  ) => {
    queue.running = true;
    while (queue.waiting.length > 0) {
      const batch = queue.waiting.splice(0);
      let outcome: (number | Refused)[] = [];
      try {
        await held(where.ref(paths.classRoster(classId)), (ref) =>
          ref.transaction(
            (current: unknown) => {
              const stored = (current ?? {}) as Partial<StoredRoster>;
              const roster: StoredRoster = {
                bookings: { ...stored.bookings },
                spots: { ...stored.spots },
                version: stored.version ?? 0,
              };
              outcome = batch.map(({ uid }) => edit(roster, uid, classId));
              return outcome.some((result) => typeof result === 'number')
                ? { ...stored, ...roster }
                : current;
            },
            undefined,
            false,
          ),
        );
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
        continue;
      }
      batch.forEach((waiting, i) => {
        const result = outcome[i];
        if (typeof result === 'number') waiting.resolve(result);
        else waiting.reject(result);
      });
    }
    queue.running = false;
  };
  return (where, classId, uid) =>
    new Promise<number>((resolve, reject) => {
      let queue = queues.get(classId);
      if (!queue) {
        queue = { waiting: [], running: false };
        queues.set(classId, queue);
      }
      queue.waiting.push({ uid, resolve, reject });
      if (!queue.running) void serve(where, classId, queue);
    });
}

/** `body` with a listener held on `ref`, started once its first value came (engine/transact.ts). */
async function held<T>(ref: Reference, body: (ref: Reference) => Promise<T>): Promise<T> {
  let ready: () => void = () => undefined;
  const first = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const onValue = () => ready();
  ref.on('value', onValue);
  try {
    await first;
    return await body(ref);
  } finally {
    ref.off('value', onValue);
  }
}

/** One credit of the member used by `bookingId`, its record and the ledger entry, in one transaction. */
async function payWithCredit(db: Database, uid: string, bookingId: string): Promise<void> {
  await held(db.ref(paths.user(uid)), (ref) =>
    ref.transaction(
      (current: unknown) => {
        if (current === null) return current;
        const node = current as Record<string, unknown>;
        const credits = { ...(node['credits-list'] as Record<string, unknown>) };
        const [creditId] = Object.keys(credits);
        if (creditId === undefined) return undefined;
        delete credits[creditId];
        return {
          ...node,
          Credits: Object.keys(credits).length,
          'credits-list': credits,
          'booking-credits': {
            ...(node['booking-credits'] as Record<string, unknown> | undefined),
            [bookingId]: { creditId, state: 'used', at: 1 },
          },
          'ledger-outbox': {
            [`use-${bookingId}`]: {
              type: 'use',
              kind: 'regular',
              delta: -1,
              creditIds: [creditId],
              bookingId,
              at: 1,
              by: uid,
            },
          },
        };
      },
      undefined,
      false,
    ),
  );
}

/** The class counts, once per roster version at most (engine/views.ts's single flight). */
function countsWriter(): (where: Database, classId: string, version: number) => Promise<void> {
  const written = new Map<string, number>();
  return async (where, classId, version) => {
    if ((written.get(classId) ?? -1) >= version) return;
    written.set(classId, version);
    await where.ref(`${paths.class(classId)}/booked`).set(version);
  };
}

function floorEngine(db: Database, everything: boolean, payers: number): Book {
  const reserve = rosterBatches(reserveSpot);
  const confirm = rosterBatches(confirmSpot);
  const counts = countsWriter();
  const inTurn = payTurns(payers);
  return async (uid, cls) => {
    if (everything) await db.ref(paths.user(uid)).get();
    const version = await reserve(cls.where, cls.id, uid);
    await inTurn(db, () => finishFloor(db, uid, cls, version, everything, { confirm, counts }));
  };
}

async function finishFloor(
  db: Database,
  uid: string,
  { id: classId, where }: ClassAt,
  version: number,
  everything: boolean,
  {
    confirm,
    counts,
  }: {
    confirm: ReturnType<typeof rosterBatches>;
    counts: ReturnType<typeof countsWriter>;
  },
): Promise<void> {
  const bookingId = `${classId}-${uid}`;
  await payWithCredit(db, uid, bookingId);
  const view = { classId, status: 'booked', spot: String(version), rosterVersion: version };
  const core = Promise.all([
    where.ref(paths.userClass(uid, classId)).set(view),
    counts(where, classId, version),
  ]);
  if (!everything) {
    await core;
    return;
  }
  await Promise.all([
    core,
    db
      .ref(paths.creditLedger(uid))
      .update({ [`use-${bookingId}`]: { type: 'use', delta: -1, at: 1 } })
      .then(() => db.ref(paths.ledgerOutbox(uid)).transaction(() => null, undefined, false)),
    db.ref(paths.userDirectoryField(uid, 'credits')).set(CREDITS_EACH - 1),
    where
      .ref(paths.notification(uid, `booked-${bookingId}`))
      .transaction((current: unknown) => current ?? { type: 'booked', at: 1 }, undefined, false),
    Promise.all([
      db.ref(paths.settings()).get(),
      db.ref(paths.branch('centro')).get(),
      db.ref(paths.coach('carlos')).get(),
    ]).then(() =>
      db
        .ref(paths.mailOutboxEntry(`booked-${bookingId}`))
        .transaction(
          (current: unknown) => current ?? { kind: 'booking-confirmed', uid, status: 'pending' },
          undefined,
          false,
        ),
    ),
    db.ref(paths.userWatch(uid, classId)).get(),
  ]);
  // The confirmation shares the class's next roster transaction with the others'.
  await confirm(where, classId, uid);
}

function handlerEngine(
  db: Database,
  rush: unknown,
  book: Baseline['bookClass'] = (deps, command) => bookClass(deps as BookingDeps, command),
): Book {
  const deps = { db, now: Date.now, ...(rush ? { rush } : {}) };
  return async (uid, { id: classId }) => {
    await book(deps, { uid, classId });
  };
}

async function writesByInstance(port: number): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/.emulator/writes`, {
    headers: { Authorization: 'Bearer owner' },
  });
  const counts = (await response.json()) as Record<string, number>;
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}

const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

async function main(): Promise<void> {
  const windows: { label: string; startUs: number; endUs: number }[] = [];
  const loadBefore = loadAverage().join(' / ');
  const studio = await startBenchStudio('booking-floor');
  const { db, database } = studio;
  const branchDbs = BRANCHES.map(({ instance }) => openInstance(db, instance));

  const seedClasses = async (prefix: string): Promise<ClassAt[]> => {
    const classes: ClassAt[] = [];
    const index: Record<string, string> = {};
    for (const [b, { id: branch }] of BRANCHES.entries()) {
      const where = branchDbs[b] as Database;
      for (let n = 0; n < CLASSES_PER_BRANCH; n += 1) {
        const classId = `${prefix}-${branch}-${n}`;
        await seedReleaseClass(where, classId, CAPACITY);
        await where.ref(`${paths.class(classId)}/branch`).set(branch);
        index[paths.classBranch(classId)] = branch;
        classes.push({ id: classId, where });
      }
    }
    await db.ref().update(index);
    return classes;
  };

  const burst = async (label: string, book: Book, pairs: [string, ClassAt][]): Promise<Burst> => {
    global.gc?.();
    const clientBefore = process.cpuUsage();
    const databaseBefore = cpuOfProcess(database.child.pid);
    const writesBefore = await writesByInstance(database.port);
    const start = performance.now();
    const startUs = monotonicUs();
    let ok = 0;
    await Promise.all(
      pairs.map(async ([uid, cls]) => {
        try {
          await book(uid, cls);
          ok += 1;
        } catch (error) {
          if (!(error instanceof Refused) && !isDomainError(error)) throw error;
        }
      }),
    );
    const wallMs = performance.now() - start;
    windows.push({ label, startUs, endUs: monotonicUs() });
    const client = process.cpuUsage(clientBefore);
    const result: Burst = {
      calls: pairs.length,
      ok,
      wallMs,
      clientMs: (client.user + client.system) / 1000,
      databaseMs: cpuOfProcess(database.child.pid) - databaseBefore,
      writes: (await writesByInstance(database.port)) - writesBefore,
    };
    log(
      `${label}: ${ok}/${pairs.length} ok, wall ${Math.round(wallMs)} ms, CPU ${Math.round(result.clientMs)} / db ${Math.round(result.databaseMs)} ms, ${result.writes} writes`,
    );
    return result;
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
    // `--payers 8,32` adds bookClass with the rush finishing that many bookings at once.
    const payersArg = process.argv.slice(2).indexOf('--payers');
    const extra =
      payersArg === -1
        ? []
        : (process.argv[payersArg + 3] ?? '')
            .split(',')
            .map(Number)
            .filter((n) => n > 0);
    const baseline = await loadBaseline();
    const engines: { engine: string; tag: string; book: Book }[] = [
      {
        engine: `bookClass, rush (${PAYERS} finishing at once)`,
        tag: 'rush',
        book: handlerEngine(db, rushWith()),
      },
      {
        engine: 'bookClass, rush (all finishing at once)',
        tag: 'rushall',
        book: handlerEngine(db, rushWith(undefined, { payers: Infinity })),
      },
      ...extra.map((payers) => ({
        engine: `bookClass, rush (${payers} finishing at once)`,
        tag: `rush${payers}`,
        book: handlerEngine(db, rushWith(undefined, { payers })),
      })),
      { engine: 'bookClass, plain', tag: 'plain', book: handlerEngine(db, undefined) },
      // `--baseline <dir>`: another checkout's handler beside this one (support/baseline.ts).
      ...(baseline
        ? [
            {
              engine: `bookClass at ${baseline.label}, rush (${PAYERS} finishing at once)`,
              tag: 'baseline',
              book: handlerEngine(db, baseline.rushWith(), baseline.bookClass),
            },
            {
              engine: `bookClass at ${baseline.label}, plain`,
              tag: 'baselineplain',
              book: handlerEngine(db, undefined, baseline.bookClass),
            },
          ]
        : []),
      {
        engine: 'floor: seat, credit, view',
        tag: 'floor',
        book: floorEngine(db, false, Infinity),
      },
      {
        engine: 'floor: + the rest, all finishing at once',
        tag: 'all',
        book: floorEngine(db, true, Infinity),
      },
      {
        engine: `floor: + the rest, ${PAYERS} finishing at once`,
        tag: 'allturns',
        book: floorEngine(db, true, PAYERS),
      },
    ];
    const only = process.argv.slice(2).indexOf('--only');
    const tags = only === -1 ? null : (process.argv[only + 3] ?? '').split(',');
    const chosen = tags === null ? engines : engines.filter(({ tag }) => tags.includes(tag));
    const results: EngineResult[] = [];
    // Round 1 runs the engines in order, round 2 in reverse, and so on, each round with fresh
    // members and classes, so that no engine gains from coming later (a warmer JIT, listeners
    // of the rounds before); each engine's figures are its rounds' sums.
    const rounds = Math.max(1, numberArg('--rounds', 2));
    for (let round = 1; round <= rounds; round += 1) {
      const order = round % 2 === 1 ? chosen : [...chosen].reverse();
      for (const { engine, tag, book } of order) {
        const prefix = `${tag}-r${round}`;
        if (round === 1) {
          // Warm-up: connections, JIT, the instances' lookups; not measured.
          const warm = memberIds(`${prefix}-warm`, 120);
          await seedCreditMembers(db, warm, { credits: CREDITS_EACH });
          const warmClasses = await seedClasses(`${prefix}-warm`);
          await burst(
            `${engine}: warm-up`,
            book,
            warm.map((uid, i) => [uid, warmClasses[i % warmClasses.length] as ClassAt]),
          );
        }
        const members = memberIds(prefix, SEATS + REFUSALS);
        await seedCreditMembers(db, members, { credits: CREDITS_EACH });
        const classes = await seedClasses(prefix);
        const wins = await burst(
          `${engine}: wins (round ${round})`,
          book,
          members.slice(0, SEATS).map((uid, i) => [uid, classes[i % classes.length] as ClassAt]),
        );
        const refusals = await burst(
          `${engine}: refusals (round ${round})`,
          book,
          members.slice(SEATS).map((uid, i) => [uid, classes[i % classes.length] as ClassAt]),
        );
        const earlier = results.find((result) => result.engine === engine);
        if (earlier) {
          earlier.wins = sum(earlier.wins, wins);
          earlier.refusals = sum(earlier.refusals, refusals);
        } else results.push({ engine, wins, refusals });
      }
    }
    // BENCH_WINDOWS=w.json: the bursts' times, to cut a profile to them (profile-summary.ts).
    const windowsFile = process.env['BENCH_WINDOWS'];
    if (windowsFile) writeFileSync(windowsFile, JSON.stringify(windows, null, 2));
    const markdown = section(results, rounds, loadBefore);
    publishBenchmarkSection(HEADING, markdown, { after: '## Release across branch instances' });
  } finally {
    await studio.stop();
  }
}

const sum = (a: Burst, b: Burst): Burst => ({
  calls: a.calls + b.calls,
  ok: a.ok + b.ok,
  wallMs: a.wallMs + b.wallMs,
  clientMs: a.clientMs + b.clientMs,
  databaseMs: a.databaseMs + b.databaseMs,
  writes: a.writes + b.writes,
});

const per = (total: number, count: number, digits = 2) =>
  count === 0 ? '—' : (total / count).toFixed(digits);

function section(results: readonly EngineResult[], rounds: number, loadBefore: string): string {
  const rows = results.map(({ engine, wins, refusals }) => {
    const lost = refusals.calls - refusals.ok;
    return `| ${engine} | ${wins.ok} | ${per(wins.clientMs, wins.ok)} ms / ${per(wins.databaseMs, wins.ok)} ms | ${per(wins.writes, wins.ok, 1)} | ${lost} | ${per(refusals.clientMs, lost)} ms / ${per(refusals.databaseMs, lost)} ms | ${per(refusals.writes, lost, 1)} |`;
  });
  return [
    HEADING,
    '',
    `${new Date().toISOString().slice(0, 10)}, ${coreCount()} cores, load average ${loadBefore} before, ${loadAverage().join(' / ')} at the end (\`npm run bench:floor -w functions\`, functions/bench/booking-floor.ts).`,
    '',
    `Each engine books ${SEATS.toLocaleString('en')} members onto ${BRANCHES.length * CLASSES_PER_BRANCH} fresh classes of ${CAPACITY} (exactly the seats; two branch instances, members in the default one), all at once, then ${REFUSALS} members onto those classes, now full; in one process with the real admin SDK, the database emulator in a child process; ${rounds} rounds, the engines in order in the first, in reverse in the second, each round with fresh members and classes, the figures summed over the rounds. CPU: this process / the emulator, per booking; writes: those the emulator applied, per booking (shared transactions divided among their calls).`,
    '',
    '| Engine | Wins | CPU per win | Writes per win | Refusals | CPU per refusal | Writes per refusal |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

runBenchmark(main, { exit: true });
