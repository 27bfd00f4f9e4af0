// Crash safety. Every place a booking call can stop between two writes
// (PLACES below, each named by the write it follows or precedes) is hit once, table-driven, with
// the real handlers in-process against the database emulator, through a database that stops the
// call at that write as a crash would (functions/test/support/crash-db.ts; the handlers have no
// crash points of their own): the invariants that must hold at any
// instant hold at the crash, and after the reconciler every booking invariant holds and
// every credit is accounted for. Then the database emulator itself is restarted from its data
// directory in the middle of a burst of bookings, and nothing is lost.
// The payment grant's ledger write is the payments engineer's (payments tests cover it).
import './support/quiet-logs.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteApp } from 'firebase-admin/app';
import type { Database } from 'firebase-admin/database';
import {
  CREDIT_HOLD_TIMEOUT_MS,
  bookingInvariantViolations,
  isDomainError,
  paths,
  readWallet,
} from '@studio/core';
import { startRtdbEmulator } from '@studio/rtdb-emulator';
import type { RtdbEmulator } from '@studio/rtdb-emulator';
import { adminApp, adminDatabase } from '../../functions/src/admin.ts';
import { bookClass } from '../../functions/src/handlers/booking/book-class.ts';
import { bookGuest } from '../../functions/src/handlers/booking/book-guest.ts';
import { cancelBooking } from '../../functions/src/handlers/booking/cancel-booking.ts';
import { changeSpot } from '../../functions/src/handlers/booking/change-spot.ts';
import { cancelClass } from '../../functions/src/handlers/classes/cancel-class.ts';
import type { BookingDeps } from '../../functions/src/engine/deps.ts';
import { joinWaitlist } from '../../functions/src/handlers/booking/join-waitlist.ts';
import { leaveWaitlist } from '../../functions/src/handlers/booking/leave-waitlist.ts';
import { reconcileBookings } from '../../functions/src/handlers/booking/reconcile.ts';
import {
  DAY,
  HOUR,
  MINUTE,
  seedClass,
  seedMember,
  seedStudio,
} from '../../functions/test/booking/fixtures.ts';
import {
  afterLedgerCopy,
  afterMember,
  afterRoster,
  beforeRoster,
} from '../../functions/test/booking/crash-points.ts';
import { SimulatedCrash, crashingDatabase } from '../../functions/test/support/crash-db.ts';
import {
  BRANCH_INSTANCE,
  LAYOUT,
  layoutDatabase,
  misplacedNodes,
  testRush,
} from '../../functions/test/support/layouts.ts';
import { openInstance } from '../../functions/src/engine/instances.ts';
import type { CrashPoint } from '../../functions/test/support/crash-db.ts';

let emulator: RtdbEmulator;
let dataDir: string;
/** The default instance, as the handlers get it. */
let main: Database;
/** The whole studio as the test reads it: one instance, or two (STUDIO_LAYOUT). */
let db: Database;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'crash-booking-'));
  emulator = await startRtdbEmulator({ port: 0, dataDir });
  // Must be set before the admin SDK opens its first database connection.
  process.env['FIREBASE_DATABASE_EMULATOR_HOST'] = `127.0.0.1:${emulator.port}`;
  main = adminDatabase();
  db = layoutDatabase(main);
  await seedStudio(db);
});

afterAll(async () => {
  // Two instances: every handler wrote each node where the layout keeps it.
  expect(await misplacedNodes(main)).toEqual([]);
  await deleteApp(adminApp());
  await emulator.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function violations(options: { nowMs: number; quiescent: boolean }): Promise<string[]> {
  return bookingInvariantViolations((await db.ref().get()).val(), options);
}

/** What each member was given is in their list, behind a booking, or forfeited. */
async function unaccounted(members: readonly { uid: string; credits: number }[]) {
  const out: string[] = [];
  for (const { uid, credits } of members) {
    const wallet = readWallet((await db.ref(paths.user(uid)).get()).val(), paths.user(uid));
    const records = Object.values(wallet.bookingCredits);
    const spent = records.filter((r) => r.state === 'used' || r.state === 'forfeited').length;
    const held = Object.keys(wallet.credits).length;
    if (held + spent !== credits) out.push(`${uid}: ${held} held + ${spent} spent ≠ ${credits}`);
  }
  return out;
}

/** What the handlers get: the default instance, a clock, the rush unless it is off. */
function handed(now: () => number = Date.now): BookingDeps {
  const rush = testRush();
  return { db: main, now, ...(rush ? { rush } : {}) };
}

/** Deps on which the first call to reach `point` stops there. */
function crashingAt(point: CrashPoint) {
  const { db: crashing, instances, crashed } = crashingDatabase(db, point);
  const deps: BookingDeps = { ...handed(), db: crashing, instances };
  return { deps, crashed };
}

const plain = (): BookingDeps => handed();

/** Resolves once the admin SDK is connected again (it reconnects on its own, with back-off). */
async function connected(): Promise<void> {
  const instances =
    LAYOUT === 'two-instances' ? [main, openInstance(main, BRANCH_INSTANCE)] : [main];
  await Promise.all(
    instances.map(async (instance) => {
      const info = instance.ref('.info/connected');
      await new Promise<void>((resolve) => {
        const onValue = (snapshot: { val(): unknown }) => {
          if (snapshot.val() !== true) return;
          info.off('value', onValue);
          resolve();
        };
        info.on('value', onValue);
      });
    }),
  );
}

/** Stops the database emulator and starts it again on the same port from its data directory. */
async function restartDatabase(): Promise<void> {
  const port = emulator.port;
  await emulator.stop();
  emulator = await startRtdbEmulator({ port, dataDir });
}

interface Setting {
  classId: string;
  members: { uid: string; credits: number }[];
  /** The member waiting for the class, whom the crashing call promotes. */
  waiting?: string;
}

/**
 * Every place a booking call can stop between two writes. A booking: roster transaction (seat
 * reserved) → member transaction (credit consumed) → ledger copy (the first of its two writes),
 * beside the views → roster transaction (confirmed). A cancel: roster transaction → member
 * transaction (refund or forfeit) → views → settled. Queue changes and a class cancellation:
 * their roster transaction. A promotion inside a cancel is a booking after the cancel's own. A
 * spot change: its roster transaction, before the member's view.
 */
const PLACES = [
  'after-reserve',
  'after-promotion-reserve',
  'after-consume',
  'after-ledger-copy',
  'after-views',
  'after-end',
  'after-settle',
  'after-cancel-roster',
  'after-queue',
  'after-move',
] as const;
type Place = (typeof PLACES)[number];

interface CrashCase {
  name: string;
  place: Place;
  /** The write the call stops at, in the data `arrange` made. */
  at: (setting: Setting & { actor: string }) => CrashPoint;
  /** Data before the call that crashes. */
  arrange: () => Promise<Setting & { actor: string }>;
  /** The call that crashes (or, for a promotion inside a cancel, runs on with the crash logged). */
  act: (deps: BookingDeps, setting: Setting & { actor: string }) => Promise<unknown>;
}

/** One member with credits and a class of three seats, booking is the crashing call. */
async function freshBooking() {
  const classId = await seedClass(db, { startsAt: Date.now() + 2 * DAY });
  const actor = await seedMember(db, { credits: 2 });
  return { classId, actor, members: [{ uid: actor, credits: 2 }] };
}

/** A member already booked (cancel is the crashing call); `startsIn` sets refund or late. */
async function bookedMember(startsIn = 2 * DAY) {
  const classId = await seedClass(db, { startsAt: Date.now() + startsIn });
  const actor = await seedMember(db, { credits: 2 });
  await bookClass(plain(), { uid: actor, classId });
  return { classId, actor, members: [{ uid: actor, credits: 2 }] };
}

/** A one-seat class, taken, with a second member waiting: the cancel promotes them. */
async function fullWithQueue() {
  const classId = await seedClass(db, { startsAt: Date.now() + 2 * DAY, capacity: 1 });
  const actor = await seedMember(db, { credits: 2 });
  const waiting = await seedMember(db, { credits: 1 });
  await bookClass(plain(), { uid: actor, classId });
  await joinWaitlist(plain(), { uid: waiting, classId });
  return {
    classId,
    actor,
    waiting,
    members: [
      { uid: actor, credits: 2 },
      { uid: waiting, credits: 1 },
    ],
  };
}

/** A one-seat class, taken: the actor (with a credit) joins or leaves its queue. */
async function fullClass(queued: boolean) {
  const classId = await seedClass(db, { startsAt: Date.now() + 2 * DAY, capacity: 1 });
  const holder = await seedMember(db, { credits: 1 });
  const actor = await seedMember(db, { credits: 1 });
  await bookClass(plain(), { uid: holder, classId });
  if (queued) await joinWaitlist(plain(), { uid: actor, classId });
  return {
    classId,
    actor,
    members: [
      { uid: holder, credits: 1 },
      { uid: actor, credits: 1 },
    ],
  };
}

const book: CrashCase['act'] = (deps, { actor, classId }) =>
  bookClass(deps, { uid: actor, classId });
const cancel: CrashCase['act'] = (deps, { actor, classId }) =>
  cancelBooking(deps, { uid: actor, classId });
/** The member the cancel promotes (set by `fullWithQueue`). */
const promoted = (setting: Setting): string => {
  if (setting.waiting === undefined) throw new Error('no one is waiting');
  return setting.waiting;
};

const CASES: CrashCase[] = [
  // bookClass: seat → credit (member transaction) → ledger copy (two writes) → views → confirm.
  {
    name: 'bookClass after-reserve',
    place: 'after-reserve',
    at: ({ classId }) => afterRoster(classId),
    arrange: freshBooking,
    act: book,
  },
  {
    name: 'bookClass after-consume',
    place: 'after-consume',
    at: ({ actor }) => afterMember(actor),
    arrange: freshBooking,
    act: book,
  },
  {
    name: 'bookClass after-ledger-copy',
    place: 'after-ledger-copy',
    at: ({ actor }) => afterLedgerCopy(actor),
    arrange: freshBooking,
    act: book,
  },
  {
    // The views are written; the confirmation is the call's second roster transaction.
    name: 'bookClass after-views',
    place: 'after-views',
    at: ({ classId }) => beforeRoster(classId, 2),
    arrange: freshBooking,
    act: book,
  },
  // cancelBooking: roster (seat freed, cancel recorded) → member (refund or forfeit) → settled.
  {
    name: 'cancelBooking after-end (refund)',
    place: 'after-end',
    at: ({ classId }) => afterRoster(classId),
    arrange: () => bookedMember(),
    act: cancel,
  },
  {
    name: 'cancelBooking after-settle (refund)',
    place: 'after-settle',
    at: ({ actor }) => afterMember(actor),
    arrange: () => bookedMember(),
    act: cancel,
  },
  {
    name: 'cancelBooking after-end (late)',
    place: 'after-end',
    at: ({ classId }) => afterRoster(classId),
    arrange: () => bookedMember(5 * HOUR),
    act: cancel,
  },
  {
    name: 'cancelBooking after-settle (late)',
    place: 'after-settle',
    at: ({ actor }) => afterMember(actor),
    arrange: () => bookedMember(5 * HOUR),
    act: cancel,
  },
  // Waiting-list promotion after a cancel: seat for the head → their credit → ledger → views →
  // confirm. The cancel's roster transaction is the first; the promotion's are the next two.
  {
    name: 'waitlist promotion after-promotion-reserve',
    place: 'after-promotion-reserve',
    at: ({ classId }) => afterRoster(classId, 2),
    arrange: fullWithQueue,
    act: cancel,
  },
  {
    name: 'waitlist promotion after-consume',
    place: 'after-consume',
    at: (setting) => afterMember(promoted(setting)),
    arrange: fullWithQueue,
    act: cancel,
  },
  {
    name: 'waitlist promotion after-ledger-copy',
    place: 'after-ledger-copy',
    at: (setting) => afterLedgerCopy(promoted(setting)),
    arrange: fullWithQueue,
    act: cancel,
  },
  {
    name: 'waitlist promotion after-views',
    place: 'after-views',
    at: ({ classId }) => beforeRoster(classId, 3),
    arrange: fullWithQueue,
    act: cancel,
  },
  // Queue changes and a class cancellation.
  {
    name: 'joinWaitlist after-queue',
    place: 'after-queue',
    at: ({ classId }) => afterRoster(classId),
    arrange: () => fullClass(false),
    act: (deps, { actor, classId }) => joinWaitlist(deps, { uid: actor, classId }),
  },
  {
    name: 'leaveWaitlist after-queue',
    place: 'after-queue',
    at: ({ classId }) => afterRoster(classId),
    arrange: () => fullClass(true),
    act: (deps, { actor, classId }) => leaveWaitlist(deps, { uid: actor, classId }),
  },
  // bookGuest: the booking's own steps on a guest seat, paid with the member's credit.
  {
    name: 'bookGuest after-reserve',
    place: 'after-reserve',
    at: ({ classId }) => afterRoster(classId),
    arrange: () => bookedMember(),
    act: (deps, { actor, classId }) =>
      bookGuest(deps, { uid: actor, classId, guestName: 'Ana', requestId: 'crash-guest' }),
  },
  {
    name: 'bookGuest after-consume',
    place: 'after-consume',
    at: ({ actor }) => afterMember(actor),
    arrange: () => bookedMember(),
    act: (deps, { actor, classId }) =>
      bookGuest(deps, { uid: actor, classId, guestName: 'Ana', requestId: 'crash-guest' }),
  },
  // changeSpot: its one roster transaction (old spot freed, new one taken) → the member's view.
  {
    name: 'changeSpot after-move',
    place: 'after-move',
    at: ({ classId }) => afterRoster(classId),
    arrange: () => bookedMember(),
    act: (deps, { actor, classId }) => changeSpot(deps, { uid: actor, classId, spot: 'A3' }),
  },
  {
    name: 'cancelClass after-cancel-roster',
    place: 'after-cancel-roster',
    at: ({ classId }) => afterRoster(classId),
    arrange: bookedMember,
    act: (deps, { classId }) => cancelClass(deps, { by: 'admin-1', classId, reason: 'Coach ill' }),
  },
  {
    name: 'cancelClass after-settle',
    place: 'after-settle',
    at: ({ actor }) => afterMember(actor),
    arrange: bookedMember,
    act: (deps, { classId }) => cancelClass(deps, { by: 'admin-1', classId, reason: 'Coach ill' }),
  },
];

describe('crash safety of the booking engine', () => {
  it('covers every place a booking call can stop', () => {
    expect(new Set(CASES.map((c) => c.place))).toEqual(new Set(PLACES));
    console.log(`crash points tested: ${CASES.length} (${PLACES.length} distinct places)`);
  });

  it.each(CASES.map((c) => [c.name, c] as const))(
    '%s: invariants hold at the crash and after the reconciler, no credit lost or spent twice',
    async (_name, crash) => {
      const setting = await crash.arrange();
      const { deps, crashed } = crashingAt(crash.at(setting));
      try {
        await crash.act(deps, setting);
      } catch (error) {
        if (!(error instanceof SimulatedCrash)) throw error;
      }
      expect(crashed()).toBe(true);
      expect(await violations({ nowMs: Date.now(), quiescent: false })).toEqual([]);
      expect(await unaccounted(setting.members)).toEqual([]);

      const later = Date.now() + CREDIT_HOLD_TIMEOUT_MS + MINUTE;
      const report = await reconcileBookings(handed(() => later));
      expect(report.failures).toBe(0);
      expect(await violations({ nowMs: later, quiescent: true })).toEqual([]);
      expect(await unaccounted(setting.members)).toEqual([]);
      // A second run finds nothing left to finish.
      const again = await reconcileBookings(handed(() => later));
      expect(again).toMatchObject({
        pendingConfirmed: 0,
        pendingReleased: 0,
        cancelsSettled: 0,
        ledgerFlushed: 0,
        failures: 0,
      });
    },
  );

  it('loses nothing when the database restarts from its data directory in the middle of a burst', async () => {
    const classId = await seedClass(db, {
      startsAt: Date.now() + 3 * DAY,
      capacity: 5,
      layout: null,
    });
    const members = await Promise.all(
      Array.from({ length: 10 }, async () => ({
        uid: await seedMember(db, { credits: 2 }),
        credits: 2,
      })),
    );
    let restarts = 0;
    // The first call to have its credit consumed (after its member transaction) waits while the
    // database restarts; the others are mid-flight, their writes queued in the SDK until it
    // reconnects.
    const { db: restarting, instances } = crashingDatabase(
      db,
      { path: /Users\/[^/]+/, kind: 'transaction' },
      async () => {
        restarts += 1;
        await restartDatabase();
      },
    );
    const deps: BookingDeps = { ...handed(), db: restarting, instances };
    const outcomes = await Promise.all(
      members.map(({ uid }) =>
        bookClass(deps, { uid, classId }).then(
          () => 'ok',
          (error: unknown) => {
            if (isDomainError(error)) return error.code;
            throw error;
          },
        ),
      ),
    );
    expect(restarts).toBe(1);
    await connected();
    expect([...outcomes].sort()).toEqual([
      ...Array<string>(5).fill('ok'),
      ...Array<string>(5).fill('resource-exhausted'),
    ]);
    expect(await violations({ nowMs: Date.now(), quiescent: true })).toEqual([]);
    expect(await unaccounted(members)).toEqual([]);

    // A restart at rest gives back exactly what was there.
    const before = (await db.ref().get()).val() as unknown;
    await restartDatabase();
    await connected();
    expect((await db.ref().get()).val()).toEqual(before);
    const later = Date.now() + CREDIT_HOLD_TIMEOUT_MS + MINUTE;
    expect((await reconcileBookings(handed(() => later))).failures).toBe(0);
    expect(await violations({ nowMs: later, quiescent: true })).toEqual([]);
  });
});
