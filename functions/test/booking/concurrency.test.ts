// Many members at once on a few small classes: book, cancel, join and leave the waiting list,
// sometimes two requests of the same member at the same time. Then every booking invariant
// is checked. The second run stops calls at random between their writes (as a crash would),
// checks the invariants that must hold at any instant, runs the reconciler, and checks them all.
import { describe, expect, it } from 'vitest';
import { CREDIT_HOLD_TIMEOUT_MS, isDomainError, paths, readWallet } from '@studio/core';
import { bookClass } from '../../src/handlers/booking/book-class';
import { cancelBooking } from '../../src/handlers/booking/cancel-booking';
import type { BookingDeps } from '../../src/engine/deps';
import { joinWaitlist } from '../../src/handlers/booking/join-waitlist';
import { leaveWaitlist } from '../../src/handlers/booking/leave-waitlist';
import { reconcileBookings } from '../../src/handlers/booking/reconcile';
import {
  DAY,
  HOUR,
  expectInvariants,
  read,
  seedClass,
  seedMember,
  useStudioBackend,
} from './fixtures';
import { SimulatedCrash, hookedStudio } from '../support/crash-db';
import type { Database } from 'firebase-admin/database';

const backend = useStudioBackend();

const MEMBERS = 40;
const OPS_PER_MEMBER = 8;

/** mulberry32: a small seeded generator, so a failing run can be repeated. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The places a call can stop: right after one of its roster transactions, member transactions
 * or ledger copies committed (the views and the outbox removal are repaired the same way).
 */
const CRASH_PLACES: readonly [string, RegExp][] = [
  ['after a roster transaction', /^ClassRoster\/[^/]+$/],
  ['after a member transaction', /^Users\/[^/]+$/],
  ['after a ledger copy', /^CreditLedger\/[^/]+$/],
];

/**
 * A database on which each of those writes stops its call: the first write of each kind always
 * (so every kind of place is exercised whatever the timing), later ones with probability `rate`;
 * counts where. A stop inside a cancel's promotion is logged and the cancel stands, as in
 * production.
 */
function randomCrashes(db: Database, next: () => number, rate: number) {
  const crashes: Record<string, number> = {};
  const { db: crashing, instances } = hookedStudio(db, (write) => {
    if (write.when !== 'after') return;
    const place = CRASH_PLACES.find(([, path]) => path.test(write.path));
    if (place === undefined) return;
    if (crashes[place[0]] !== undefined && next() >= rate) return;
    crashes[place[0]] = (crashes[place[0]] ?? 0) + 1;
    throw new SimulatedCrash(`${place[0]} (${write.path})`);
  });
  return { db: crashing, instances, crashes };
}

interface Scenario {
  classIds: string[];
  members: { uid: string; credits: number }[];
}

/** Four small classes: two well ahead, one inside the late-cancel window, one with spots. */
async function scenario(): Promise<Scenario> {
  const db = backend.db;
  const now = Date.now();
  const classIds = await Promise.all([
    seedClass(db, { startsAt: now + 2 * DAY, capacity: 3 }),
    seedClass(db, { startsAt: now + 3 * DAY, capacity: 4, layout: null }),
    seedClass(db, { startsAt: now + 5 * HOUR, capacity: 3, layout: null }),
    seedClass(db, { startsAt: now + 4 * DAY, capacity: 2 }),
  ]);
  const members = await Promise.all(
    Array.from({ length: MEMBERS }, async (_, i) => {
      const credits = i % 8 === 0 ? 1 : 3;
      return { uid: await seedMember(db, { credits }), credits };
    }),
  );
  return { classIds, members };
}

type Outcome = 'ok' | 'refused' | 'crashed';

async function drive(deps: BookingDeps, { classIds, members }: Scenario, next: () => number) {
  const tally: Record<Outcome, number> = { ok: 0, refused: 0, crashed: 0 };
  const unexpected: unknown[] = [];
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;

  // What each member believes they hold, so cancels and leaves mostly aim at real targets.
  const booked = new Map<string, Set<string>>();
  const waiting = new Map<string, Set<string>>();
  const mine = (map: Map<string, Set<string>>, uid: string) => {
    const set = map.get(uid) ?? new Set<string>();
    map.set(uid, set);
    return set;
  };
  const target = (held: Set<string>) =>
    held.size > 0 && next() < 0.8 ? pick([...held]) : pick(classIds);

  const operation = async (uid: string): Promise<unknown> => {
    const roll = next();
    if (roll < 0.4) {
      const classId = pick(classIds);
      const spot = next() < 0.3 ? pick(['A1', 'A2', 'A3', '1', '2']) : undefined;
      const result = await bookClass(deps, { uid, classId, ...(spot ? { spot } : {}) });
      mine(booked, uid).add(classId);
      return result;
    }
    if (roll < 0.65) {
      const classId = target(mine(booked, uid));
      mine(booked, uid).delete(classId);
      return cancelBooking(deps, { uid, classId });
    }
    if (roll < 0.85) {
      const classId = pick(classIds);
      mine(waiting, uid).add(classId);
      return joinWaitlist(deps, { uid, classId });
    }
    const classId = target(mine(waiting, uid));
    mine(waiting, uid).delete(classId);
    return leaveWaitlist(deps, { uid, classId });
  };

  const settle = async (call: Promise<unknown>) => {
    try {
      await call;
      tally.ok += 1;
    } catch (error) {
      if (error instanceof SimulatedCrash) tally.crashed += 1;
      else if (isDomainError(error) && error.code !== 'internal') tally.refused += 1;
      else unexpected.push(error);
    }
  };

  await Promise.all(
    members.map(async ({ uid }) => {
      for (let op = 0; op < OPS_PER_MEMBER; op += 1) {
        // Now and then the same member sends two requests at once (a double tap).
        if (next() < 0.15) await Promise.all([settle(operation(uid)), settle(operation(uid))]);
        else await settle(operation(uid));
      }
    }),
  );
  return { tally, unexpected };
}

/** No credit lost: what each member was given is in their list, on a seat, or forfeited. */
async function expectCreditsConserved({ members }: Scenario) {
  for (const { uid, credits } of members) {
    const wallet = readWallet(await read(backend.db, paths.user(uid)), paths.user(uid));
    const records = Object.values(wallet.bookingCredits);
    const spent = records.filter((r) => r.state === 'used' || r.state === 'forfeited').length;
    expect(Object.keys(wallet.credits).length + spent).toBe(credits);
  }
}

describe('booking under concurrency', () => {
  it('keeps every invariant with 40 members booking, cancelling and queueing at once', async () => {
    const seed = 20261121;
    const setup = await scenario();
    const deps: BookingDeps = backend.deps();

    const { tally, unexpected } = await drive(deps, setup, random(seed));

    expect(unexpected).toEqual([]);
    expect(tally.ok).toBeGreaterThan(30);
    expect(tally.refused).toBeGreaterThan(30);
    await expectInvariants(backend.db);
    await expectCreditsConserved(setup);

    // At rest the reconciler finds nothing to repair.
    const report = await reconcileBookings(deps);
    expect(report).toMatchObject({
      pendingConfirmed: 0,
      pendingReleased: 0,
      cancelsSettled: 0,
      viewsRepaired: 0,
      ledgerFlushed: 0,
      failures: 0,
    });
    await expectInvariants(backend.db);
  });

  it('recovers from calls stopped between their writes: invariants hold, the reconciler finishes', async () => {
    const seed = 424242;
    const setup = await scenario();
    const next = random(seed);
    const { db, instances, crashes } = randomCrashes(backend.db, next, 0.2);
    const deps: BookingDeps = { ...backend.deps(), db, instances };

    const { tally, unexpected } = await drive(deps, setup, next);

    expect(unexpected).toEqual([]);
    expect(tally.crashed).toBeGreaterThan(10);
    // Calls stopped at each kind of place (which calls depends on timing; each place is also
    // covered on its own in reconcile.test.ts and tests/proof/crash-booking.test.ts). The first
    // write of each kind always stops, so this holds whatever the interleaving.
    expect(Object.keys(crashes)).toHaveLength(CRASH_PLACES.length);
    // What must hold at any instant, with calls abandoned half-way:
    await expectInvariants(backend.db, { quiescent: false });

    const later = Date.now() + CREDIT_HOLD_TIMEOUT_MS + 60_000;
    const report = await reconcileBookings(backend.at(later));

    expect(report.failures).toBe(0);
    expect(
      report.pendingConfirmed +
        report.pendingReleased +
        report.cancelsSettled +
        report.viewsRepaired,
    ).toBeGreaterThan(0);
    await expectInvariants(backend.db, { nowMs: later });
    await expectCreditsConserved(setup);

    // A second run has nothing left to do.
    const again = await reconcileBookings(backend.at(later));
    expect(again).toMatchObject({
      pendingConfirmed: 0,
      pendingReleased: 0,
      cancelsSettled: 0,
      viewsRepaired: 0,
      failures: 0,
    });
  });
});
