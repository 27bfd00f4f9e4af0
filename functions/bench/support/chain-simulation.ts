// The chain simulation (bench/chain-simulation.ts, and a small chain in its test): branches, each
// with its classes in a database instance of its own (an emulator namespace), `classes` classes of
// 8 each, and 400 members a branch (ten for each class) with their credits in the default instance
// (docs/scaling.md#a-chain-of-studios). The branches open one after another, `staggerMs` apart, as
// a chain runs its releases; every member of a branch books the moment it opens, one in ten at the
// next branch. In-process, as chain-release.ts: the `bookClass` handler with the release-rush
// engine the callables use and the real admin SDK, on the database emulator of a BenchStudio.
import { performance } from 'node:perf_hooks';
import {
  bookingInvariantViolations,
  isDomainError,
  paths,
  readWallet,
  rosterSchema,
} from '@studio/core';
import { openInstance } from '../../src/engine/instances';
import { releaseRush } from '../../src/engine/rush/index';
import { bookClass } from '../../src/handlers/booking/book-class';
import { reconcileBookings } from '../../src/handlers/booking/reconcile';
import { merge } from '../../test/support/layouts';
import { cpuOfProcess } from './harness';
import type { BenchStudio } from './harness';
import { memberIds, releaseClass, seedCreditMembers, seedReleaseStudio } from './seed-release';

export const CAPACITY = 8;
/** Members who book each class: ten for each class of 8. */
const PER_CLASS = 10;
const CREDITS_EACH = 2;
/** Refusals measured per branch (winners onto classes full by then). */
const REFUSALS_PER_BRANCH = 80;

export interface ChainOptions {
  branches: number;
  classes: number;
  staggerMs: number;
}

export interface Burst {
  /** ms from the call's branch opening to its answer, ascending. */
  latencies: number[];
  outcomes: Record<string, number>;
  /** Per branch: when it opened and when its last answer came, in ms from the first opening. */
  branchSpan: { opened: number; done: number }[];
  wallMs: number;
  /** CPU of this process (handlers + admin SDK) and of the database emulator's process. */
  clientMs: number;
  databaseMs: number;
}

export interface ChainResult {
  options: ChainOptions;
  members: number;
  release: Burst;
  refusals: Burst;
  booked: number;
  oversold: number;
  /**
   * Bookings left pending when the release ended (a call whose connection dropped after the
   * member paid), finished by a pass of the reconciler before the checks, as production's
   * 10-minute pass does.
   */
  pendingAfterRelease: number;
  /** Members whose credits left + used differ from those granted. */
  unconserved: number;
  /** Booking invariant violations over every instance, merged. */
  violations: number;
  /** Writes each instance applied during the release (the emulator counts them). */
  writes: Record<string, number>;
  /** The default instance's name among `writes`' keys. */
  mainInstance: string;
  instanceOf: (branch: number) => string;
}

const branchId = (k: number) => `b${String(k).padStart(2, '0')}`;
const instanceOf = (k: number) => `chain-${branchId(k)}`;
const classId = (k: number, c: number) => `${branchId(k)}-c${String(c).padStart(2, '0')}`;

interface Call {
  uid: string;
  branch: number;
  classId: string;
}

function outcomeOf(error: unknown): string {
  if (isDomainError(error)) return error.code;
  throw error;
}

/**
 * Who books what: member m of branch m % B books class ⌊m/B⌋ % C there; one member in ten of each
 * class (⌊m/(B·C)⌋ % 10 = m % 10) books the same class at the next branch instead.
 */
function releaseCalls(uids: readonly string[], { branches, classes }: ChainOptions): Call[] {
  return uids.map((uid, m) => {
    const home = m % branches;
    const j = Math.floor(m / branches);
    const away = Math.floor(j / classes) % 10 === home % 10;
    const branch = branches > 1 && away ? (home + 1) % branches : home;
    return { uid, branch, classId: classId(branch, j % classes) };
  });
}

async function writesByInstance(port: number): Promise<Record<string, number>> {
  const response = await fetch(`http://127.0.0.1:${port}/.emulator/writes`, {
    headers: { Authorization: 'Bearer owner' },
  });
  return (await response.json()) as Record<string, number>;
}

export async function simulateChain(
  studio: BenchStudio,
  options: ChainOptions,
  log: (line: string) => void = () => undefined,
): Promise<ChainResult> {
  const { branches, classes, staggerMs } = options;
  const { db, database } = studio;
  const members = branches * classes * PER_CLASS;
  const branchDbs = Array.from({ length: branches }, (_, k) => openInstance(db, instanceOf(k)));
  const deps = { db, now: Date.now, rush: releaseRush };
  /** Each member's outcome in the last burst. */
  const outcomesByUid = new Map<string, string>();

  /** Calls grouped by branch, each group started `staggerMs` after the one before. */
  const staggered = async (calls: readonly Call[]): Promise<Burst> => {
    const latencies: number[] = [];
    const outcomes: Record<string, number> = {};
    const branchSpan = Array.from({ length: branches }, (_, k) => ({
      opened: k * staggerMs,
      done: 0,
    }));
    const clientBefore = process.cpuUsage();
    const databaseBefore = cpuOfProcess(database.child.pid);
    const start = performance.now();
    await Promise.all(
      Array.from({ length: branches }, async (_, k) => {
        const mine = calls.filter((call) => call.branch === k);
        await new Promise((resolve) => setTimeout(resolve, k * staggerMs));
        const opened = performance.now();
        await Promise.all(
          mine.map(async ({ uid, classId: id }) => {
            const outcome = await bookClass(deps, { uid, classId: id }).then(() => 'ok', outcomeOf);
            const now = performance.now();
            latencies.push(now - opened);
            outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
            outcomesByUid.set(uid, outcome);
            const span = branchSpan[k];
            if (span) span.done = Math.max(span.done, now - start);
          }),
        );
      }),
    );
    const wallMs = performance.now() - start;
    const client = process.cpuUsage(clientBefore);
    return {
      latencies: latencies.sort((a, b) => a - b),
      outcomes,
      branchSpan,
      wallMs,
      clientMs: (client.user + client.system) / 1000,
      databaseMs: cpuOfProcess(database.child.pid) - databaseBefore,
    };
  };

  await seedReleaseStudio(db);
  const index: Record<string, unknown> = {};
  for (let k = 0; k < branches; k += 1) {
    index[paths.branch(branchId(k))] = {
      name: `Branch ${k}`,
      active: true,
      databaseInstance: instanceOf(k),
    };
    const ofBranch: Record<string, unknown> = {};
    for (let c = 0; c < classes; c += 1) {
      ofBranch[classId(k, c)] = releaseClass(CAPACITY, branchId(k));
      index[paths.classBranch(classId(k, c))] = branchId(k);
    }
    await branchDbs[k]?.ref(paths.classes()).set(ofBranch);
  }
  await db.ref().update(index);
  const uids = memberIds('m', members);
  for (let i = 0; i < members; i += 2_000)
    await seedCreditMembers(db, uids.slice(i, i + 2_000), { credits: CREDITS_EACH });
  log(`seeded ${branches} instances × ${classes} classes, ${members} members`);

  // Warm-up (not measured): connections to every instance, JIT, the instances' lookups.
  const warmUids = memberIds('warm', branches);
  await seedCreditMembers(db, warmUids, { credits: CREDITS_EACH });
  const warmIndex: Record<string, string> = {};
  for (let k = 0; k < branches; k += 1) {
    await branchDbs[k]?.ref(paths.class(`warm-${k}`)).set(releaseClass(CAPACITY, branchId(k)));
    warmIndex[paths.classBranch(`warm-${k}`)] = branchId(k);
  }
  await db.ref().update(warmIndex);
  await Promise.all(
    warmUids.map((uid, k) => bookClass(deps, { uid, classId: `warm-${k}` }).catch(() => null)),
  );

  const calls = releaseCalls(uids, options);
  const writesBefore = await writesByInstance(database.port);
  const release = await staggered(calls);
  const writesAfter = await writesByInstance(database.port);
  const wins = new Set(
    [...outcomesByUid].filter(([, outcome]) => outcome === 'ok').map(([uid]) => uid),
  );

  // Checks over every instance, merged (their leaves never overlap).
  const readAll = async () =>
    (
      await Promise.all(
        [db, ...branchDbs].map(async (where): Promise<unknown> => (await where.ref().get()).val()),
      )
    ).reduce(merge, null) as Record<string, unknown>;
  const bookingsOf = (root: Record<string, unknown>) => {
    const rosters = (root['ClassRoster'] ?? {}) as Record<string, unknown>;
    return Array.from({ length: branches * classes }, (_, i) =>
      Object.values(
        rosterSchema.parse(rosters[classId(Math.floor(i / classes), i % classes)] ?? null).bookings,
      ),
    );
  };
  const pendingAfterRelease = bookingsOf(await readAll())
    .flat()
    .filter((booking) => booking.pending === true).length;
  if (pendingAfterRelease > 0) await reconcileBookings({ db, now: Date.now }, { staleAfterMs: 0 });
  const root = await readAll();
  let booked = 0;
  let oversold = 0;
  for (const bookings of bookingsOf(root)) {
    booked += bookings.filter((booking) => booking.pending !== true).length;
    oversold += Math.max(0, bookings.length - CAPACITY);
  }
  const violations = bookingInvariantViolations(root, { nowMs: Date.now(), quiescent: true });
  const users = (root['Users'] ?? {}) as Record<string, unknown>;
  let unconserved = 0;
  for (const uid of uids) {
    const wallet = readWallet(users[uid], paths.user(uid));
    const used = Object.values(wallet.bookingCredits).filter((r) => r.state === 'used').length;
    if (Object.keys(wallet.credits).length + used !== CREDITS_EACH) unconserved += 1;
  }

  // Refusals only: winners try the next class of the branch they booked at, full by now.
  const refusalCalls = calls
    .filter((call) => wins.has(call.uid))
    .slice(0, branches * REFUSALS_PER_BRANCH)
    .map((call) => {
      const c = Number(call.classId.slice(-2));
      return { ...call, classId: classId(call.branch, (c + 1) % classes) };
    });
  const refusals = await staggered(refusalCalls);

  return {
    options,
    members,
    release,
    refusals,
    booked,
    oversold,
    pendingAfterRelease,
    unconserved,
    violations: violations.length,
    writes: Object.fromEntries(
      Object.entries(writesAfter).map(([ns, n]) => [ns, n - (writesBefore[ns] ?? 0)]),
    ),
    mainInstance: new URL(db.app.options.databaseURL ?? '').hostname.split('.')[0] ?? '',
    instanceOf,
  };
}
