// bookGuest ("bring a friend"): a booked member books a seat for a named guest with one
// of their own credits, up to the class's limit; the guest seat is a booking like any other
// (seat map, counts, coach's list, attendance), cancelled through cancelBooking with the same
// window and refund rules, and its freed seat goes to the waiting list. Every refusal writes
// nothing; a repeated call books nothing twice; two guests racing for the last seat: one wins.
import { describe, expect, it } from 'vitest';
import { formatDate, guestSeatKey, paths } from '@studio/core';
import { bookGuest, cancelBooking, checkIn } from '../../src/index';
import { bookClass as bookClassHandler } from '../../src/handlers/booking/book-class';
import { bookGuest as bookGuestHandler } from '../../src/handlers/booking/book-guest';
import { cancelBooking as cancelBookingHandler } from '../../src/handlers/booking/cancel-booking';
import { joinWaitlist as joinWaitlistHandler } from '../../src/handlers/booking/join-waitlist';
import { reconcileBookings } from '../../src/handlers/booking/reconcile';
import { createClasses } from '../../src/handlers/classes/create-classes';
import { dump } from '../support/backend';
import { SimulatedCrash, crashingDatabase } from '../support/crash-db';
import { afterMember, afterRoster } from './crash-points';
import { callableRequest } from '../support/callable';
import type { Caller } from '../support/callable';
import {
  BRANCH,
  COACH,
  DAY,
  EXERCISE,
  HOUR,
  LAYOUT,
  MINUTE,
  coach,
  expectInvariants,
  member,
  read,
  seedClass,
  seedMember,
  expectRefusedUnchanged,
  useStudioBackend,
} from './fixtures';

const backend = useStudioBackend();

const book = (caller: Caller | null, data: unknown) => bookGuest.run(callableRequest(data, caller));

let requests = 0;
const requestId = () => `req-${Date.now()}-${(requests += 1)}`;

/** Refused, writing nothing but the caller's `book` counter (a refused call counts as an attempt). */
async function expectRefused(caller: Caller | null, data: unknown, code: string, key: string) {
  const counted = caller === null ? undefined : { uid: caller.uid, action: 'book' as const };
  await expectRefusedUnchanged(backend.db, () => book(caller, data), code, key, counted);
}

/** A class tomorrow (A1 … A3) with `uid` booked on A1 and holding `credits` - 1 more credits. */
async function memberBooked(credits = 2, startsAt = Date.now() + DAY) {
  const db = backend.db;
  const classId = await seedClass(db, { startsAt });
  const uid = await seedMember(db, { credits, name: 'Marta Ruiz' });
  await bookClassHandler(backend.at(Date.now()), { uid, classId, spot: 'A1' });
  return { classId, uid };
}

const credits = (uid: string) => read(backend.db, paths.userField(uid, 'Credits'));

describe('bookGuest', () => {
  it('books a seat for the named guest with one of the member’s own credits', async () => {
    const db = backend.db;
    const { classId, uid } = await memberBooked(2);

    const result = await book(member(uid), {
      classId,
      guestName: '  Ana López ',
      spot: 'A3',
      requestId: requestId(),
    });

    expect(result).toMatchObject({ classId, spot: 'A3' });
    const seat = await read(db, paths.rosterBooking(classId, guestSeatKey(result.bookingId)));
    expect(seat).toMatchObject({
      uid,
      guestName: 'Ana López',
      name: 'Marta Ruiz',
      spot: 'A3',
      creditId: result.creditId,
    });
    expect(seat).not.toHaveProperty('pending');
    expect(await read(db, paths.rosterSpots(classId))).toEqual({ A1: true, A3: true });
    expect(await credits(uid)).toBe(0);
    expect(await read(db, paths.class(classId))).toMatchObject({ bookedCount: 2 });
    expect(await read(db, paths.userClass(uid, classId))).toMatchObject({
      status: 'booked',
      spot: 'A1',
      guests: {
        [result.bookingId]: { name: 'Ana López', spot: 'A3', spotLabel: 'A3', status: 'booked' },
      },
    });
    const ledger = (await read(db, paths.creditLedger(uid))) as Record<string, unknown>;
    expect(ledger[`use-${result.bookingId}`]).toMatchObject({ type: 'use', delta: -1 });
    await expectInvariants(db);
  });

  it('books exactly once per request id: a repeated call answers the same seat', async () => {
    const { classId, uid } = await memberBooked(3);
    const data = { classId, guestName: 'Ana', requestId: requestId() };
    const first = await book(member(uid), data);
    const before = await dump(backend.db);
    const again = await book(member(uid), data);
    expect(again).toEqual(first);
    expect(await dump(backend.db)).toEqual(before);
    expect(await credits(uid)).toBe(1);
  });

  it('refuses a member without a booking of their own, writing nothing', async () => {
    const classId = await seedClass(backend.db, { startsAt: Date.now() + DAY });
    const uid = await seedMember(backend.db);
    await expectRefused(
      member(uid),
      { classId, guestName: 'Ana', requestId: requestId() },
      'failed-precondition',
      'guestNeedsOwnBooking',
    );
  });

  it('refuses past the class’s guest limit; the class may allow more than the studio', async () => {
    const { classId, uid } = await memberBooked(4);
    await book(member(uid), { classId, guestName: 'Ana', requestId: requestId() });
    await expectRefused(
      member(uid),
      { classId, guestName: 'Luis', requestId: requestId() },
      'failed-precondition',
      'guestLimitReached',
    );
    await backend.db.ref(paths.class(classId)).update({ guestsPerMember: 2 });
    await expect(
      book(member(uid), { classId, guestName: 'Luis', requestId: requestId() }),
    ).resolves.toMatchObject({ spot: 'A3' });
    expect(await credits(uid)).toBe(1);
  });

  it('takes the limit a class was created with', async () => {
    const db = backend.db;
    const { classIds } = await createClasses(backend.at(Date.now()), {
      by: 'admin-1',
      input: {
        branch: BRANCH,
        exercise: EXERCISE,
        coach: COACH,
        layout: LAYOUT,
        hour: '07:00',
        duration: 45,
        creditKind: 'regular',
        date: formatDate(Date.now() + 2 * DAY),
        guestsPerMember: 2,
      },
    });
    const classId = classIds[0]!;
    expect(await read(db, paths.class(classId))).toMatchObject({ guestsPerMember: 2 });
    const uid = await seedMember(db, { credits: 3 });
    await bookClassHandler(backend.at(Date.now()), { uid, classId });
    for (const guestName of ['Ana', 'Luis'])
      await book(member(uid), { classId, guestName, requestId: requestId() });
    expect(await credits(uid)).toBe(0);
  });

  it('refuses when the studio has turned guest seats off, or the class takes none', async () => {
    const db = backend.db;
    const { classId, uid } = await memberBooked(2);
    const data = { classId, guestName: 'Ana', requestId: requestId() };
    await db.ref(paths.class(classId)).update({ guestsPerMember: 0 });
    await expectRefused(member(uid), data, 'failed-precondition', 'guestBookingsOff');
    await db.ref(paths.class(classId)).update({ guestsPerMember: 1 });
    await db.ref(paths.settings()).update({ guestBookingsEnabled: false });
    try {
      await expectRefused(member(uid), data, 'failed-precondition', 'guestBookingsOff');
    } finally {
      await db.ref(paths.settings()).update({ guestBookingsEnabled: true });
    }
  });

  it('refuses a full class like any booking', async () => {
    const db = backend.db;
    const { classId, uid } = await memberBooked(2);
    for (const spot of ['A2', 'A3']) {
      const other = await seedMember(db);
      await bookClassHandler(backend.at(Date.now()), { uid: other, classId, spot });
    }
    await expectRefused(
      member(uid),
      { classId, guestName: 'Ana', requestId: requestId() },
      'resource-exhausted',
      'classFull',
    );
  });

  it('refuses a member with no credit left for the guest', async () => {
    const { classId, uid } = await memberBooked(1);
    await expectRefused(
      member(uid),
      { classId, guestName: 'Ana', requestId: requestId() },
      'failed-precondition',
      'noUsableCredit',
    );
  });

  it('refuses once the class has started', async () => {
    const start = Date.now() - MINUTE;
    const classId = await seedClass(backend.db, { startsAt: start });
    const uid = await seedMember(backend.db);
    await bookClassHandler(backend.at(start - HOUR), { uid, classId, spot: 'A1' });
    await expectRefused(
      member(uid),
      { classId, guestName: 'Ana', requestId: requestId() },
      'failed-precondition',
      'classStarted',
    );
  });

  it('rejects unauthenticated calls and bad names, writing nothing', async () => {
    const { classId, uid } = await memberBooked(2);
    const valid = { classId, guestName: 'Ana', requestId: requestId() };
    await expectRefused(null, valid, 'unauthenticated', 'unauthenticated');
    for (const guestName of ['', '   ', 'a'.repeat(61), 7])
      await expectRefused(member(uid), { ...valid, guestName }, 'invalid-argument', 'invalidInput');
    await expectRefused(
      member(uid),
      { classId, guestName: 'Ana' },
      'invalid-argument',
      'invalidInput',
    );
  });
});

describe('cancelling a guest seat', () => {
  it('in time: the member’s credit comes back, the seat is free, their own booking stays', async () => {
    const db = backend.db;
    const { classId, uid } = await memberBooked(2);
    const guest = await book(member(uid), { classId, guestName: 'Ana', requestId: requestId() });

    const result = await cancelBooking.run(
      callableRequest({ classId, guestBookingId: guest.bookingId }, member(uid)),
    );

    expect(result).toEqual({ refunded: true });
    expect(await credits(uid)).toBe(1);
    expect(await read(db, paths.rosterBooking(classId, guestSeatKey(guest.bookingId)))).toBeNull();
    expect(await read(db, paths.rosterSpots(classId))).toEqual({ A1: true });
    expect(await read(db, paths.userClass(uid, classId))).toMatchObject({
      status: 'booked',
      guests: { [guest.bookingId]: { name: 'Ana', status: 'cancelled' } },
    });
    await expectInvariants(db);
  });

  it('late: the credit is forfeited, as for the member’s own booking', async () => {
    const db = backend.db;
    const startsAt = Date.now() + 2 * HOUR;
    const { classId, uid } = await memberBooked(2, startsAt);
    const guest = await book(member(uid), { classId, guestName: 'Ana', requestId: requestId() });

    await expect(
      cancelBookingHandler(backend.at(Date.now()), {
        uid,
        classId,
        guestBookingId: guest.bookingId,
      }),
    ).resolves.toMatchObject({ refunded: false, outcome: 'late' });
    expect(await credits(uid)).toBe(0);
    expect(await read(db, paths.userClass(uid, classId))).toMatchObject({
      guests: { [guest.bookingId]: { status: 'late-cancelled' } },
    });
    await expectInvariants(db);
  });

  it('only by the member who booked it', async () => {
    const { classId, uid } = await memberBooked(2);
    const guest = await book(member(uid), { classId, guestName: 'Ana', requestId: requestId() });
    const stranger = await seedMember(backend.db);
    const before = await dump(backend.db);
    await expect(
      cancelBookingHandler(backend.at(Date.now()), {
        uid: stranger,
        classId,
        guestBookingId: guest.bookingId,
      }),
    ).rejects.toMatchObject({ code: 'not-found', messageKey: 'noGuestBooking' });
    expect(await dump(backend.db)).toEqual(before);
  });

  it('the member cancelling their own booking leaves their guest’s seat', async () => {
    const db = backend.db;
    const { classId, uid } = await memberBooked(2);
    const guest = await book(member(uid), { classId, guestName: 'Ana', requestId: requestId() });
    await cancelBookingHandler(backend.at(Date.now()), { uid, classId });
    expect(await read(db, paths.rosterBooking(classId, uid))).toBeNull();
    expect(
      await read(db, paths.rosterBooking(classId, guestSeatKey(guest.bookingId))),
    ).toMatchObject({ guestName: 'Ana' });
    expect(await read(db, paths.userClass(uid, classId))).toMatchObject({
      status: 'cancelled',
      guests: { [guest.bookingId]: { status: 'booked' } },
    });
    await expectInvariants(db);
  });

  it('a freed guest seat goes to the first member on the waiting list', async () => {
    const db = backend.db;
    const { classId, uid } = await memberBooked(2);
    const guest = await book(member(uid), { classId, guestName: 'Ana', requestId: requestId() });
    const other = await seedMember(db);
    await bookClassHandler(backend.at(Date.now()), { uid: other, classId });
    const waiting = await seedMember(db);
    await joinWaitlistHandler(backend.at(Date.now()), { uid: waiting, classId });

    await cancelBookingHandler(backend.at(Date.now()), {
      uid,
      classId,
      guestBookingId: guest.bookingId,
    });

    expect(await read(db, paths.rosterBooking(classId, waiting))).toMatchObject({
      via: 'waitlist',
    });
    expect(await read(db, paths.userClass(waiting, classId))).toMatchObject({ status: 'booked' });
    await expectInvariants(db);
  });
});

describe('guest seats on the coach’s list', () => {
  it('the coach marks the guest’s attendance; the member’s own record is not touched', async () => {
    const db = backend.db;
    const startsAt = Date.now() + 30 * MINUTE;
    const classId = await seedClass(db, { startsAt });
    const uid = await seedMember(db, { credits: 2 });
    await bookClassHandler(backend.at(Date.now()), { uid, classId, spot: 'A1' });
    const guest = await book(member(uid), { classId, guestName: 'Ana', requestId: requestId() });

    await checkIn.run(
      callableRequest({ classId, uid, guestBookingId: guest.bookingId, status: 'attended' }, coach),
    );

    expect(
      await read(db, paths.rosterBooking(classId, guestSeatKey(guest.bookingId))),
    ).toMatchObject({ attendance: 'attended', checkedInBy: coach.uid });
    expect(await read(db, paths.rosterBooking(classId, uid))).not.toHaveProperty('attendance');
    expect(await read(db, paths.attendance(uid))).toBeNull();
    expect(await read(db, paths.userClass(uid, classId))).toMatchObject({
      status: 'booked',
      guests: { [guest.bookingId]: { status: 'attended' } },
    });
    await expectInvariants(db);
    // The reconciler finds the views right and leaves them be.
    const view = await read(db, paths.userClass(uid, classId));
    await reconcileBookings(backend.at(Date.now()));
    expect(await read(db, paths.userClass(uid, classId))).toEqual(view);
  });
});

describe('guest seat races', () => {
  it('two guests racing for the last seat: exactly one wins, each credit counted once', async () => {
    const db = backend.db;
    const classId = await seedClass(db, { startsAt: Date.now() + DAY });
    const [first, second] = await Promise.all([
      seedMember(db, { credits: 2 }),
      seedMember(db, { credits: 2 }),
    ]);
    await bookClassHandler(backend.at(Date.now()), { uid: first, classId, spot: 'A1' });
    await bookClassHandler(backend.at(Date.now()), { uid: second, classId, spot: 'A2' });

    const outcomes = await Promise.allSettled(
      [first, second].map((uid) =>
        bookGuestHandler(backend.at(Date.now()), {
          uid,
          classId,
          guestName: 'Guest',
          requestId: requestId(),
        }),
      ),
    );

    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const lost = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatchObject({
      reason: { code: 'resource-exhausted', messageKey: 'classFull' },
    });
    const winner = outcomes[0]?.status === 'fulfilled' ? first : second;
    const loser = winner === first ? second : first;
    expect(await credits(winner)).toBe(0);
    expect(await credits(loser)).toBe(1);
    expect(Object.keys((await read(db, paths.rosterBookings(classId))) as object)).toHaveLength(3);
    await expectInvariants(db);
  });
});

describe('a guest seat after a crash', () => {
  const later = () => backend.at(Date.now() + HOUR);

  it('stopped after its credit was used: the reconciler confirms it and shows it', async () => {
    const db = backend.db;
    const { classId, uid } = await memberBooked(2);
    const { db: crashing, instances } = crashingDatabase(db, afterMember(uid));
    await expect(
      bookGuestHandler(
        { ...backend.deps(), db: crashing, instances },
        { uid, classId, guestName: 'Ana', requestId: requestId() },
      ),
    ).rejects.toThrow(SimulatedCrash);
    const bookings = (await read(db, paths.rosterBookings(classId))) as Record<string, object>;
    const key = Object.keys(bookings).find((name) => name.startsWith('guest-'))!;
    expect(bookings[key]).toMatchObject({ pending: true, guestName: 'Ana' });
    await expectInvariants(db, { quiescent: false });

    await reconcileBookings(later(), { staleAfterMs: 0 });

    expect(await read(db, paths.rosterBooking(classId, key))).not.toHaveProperty('pending');
    expect(await credits(uid)).toBe(0);
    const bookingId = (bookings[key] as { bookingId: string }).bookingId;
    expect(await read(db, paths.userClass(uid, classId))).toMatchObject({
      guests: { [bookingId]: { name: 'Ana', status: 'booked' } },
    });
    await expectInvariants(db);
  });

  it('stopped after its seat was reserved: the reconciler charges the member’s credit once', async () => {
    const db = backend.db;
    const { classId, uid } = await memberBooked(2);
    const { db: crashing, instances } = crashingDatabase(db, afterRoster(classId));
    await expect(
      bookGuestHandler(
        { ...backend.deps(), db: crashing, instances },
        { uid, classId, guestName: 'Ana', requestId: requestId() },
      ),
    ).rejects.toThrow(SimulatedCrash);
    expect(await credits(uid)).toBe(1);

    await reconcileBookings(later(), { staleAfterMs: 0 });

    // The member asked for the seat and still has a credit: the seat is theirs, paid once.
    expect(await credits(uid)).toBe(0);
    const view = (await read(db, paths.userClass(uid, classId))) as {
      guests?: Record<string, { status: string }>;
    };
    expect(Object.values(view.guests ?? {})).toMatchObject([{ status: 'booked' }]);
    await expectInvariants(db);
  });
});
