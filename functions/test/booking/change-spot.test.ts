// changeSpot: a booked member moves to another free spot in one roster transaction;
// no credit moves, the public spot map and the member's view follow, and every refusal writes
// nothing. Races: two members for one free spot, and a change against the member's own cancel.
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS, paths } from '@studio/core';
import { changeSpot } from '../../src/index';
import { bookClass as bookClassHandler } from '../../src/handlers/booking/book-class';
import { cancelBooking as cancelBookingHandler } from '../../src/handlers/booking/cancel-booking';
import { changeSpot as changeSpotHandler } from '../../src/handlers/booking/change-spot';
import { cancelClass as cancelClassHandler } from '../../src/handlers/classes/cancel-class';
import { reconcileBookings } from '../../src/handlers/booking/reconcile';
import type { BookingDeps } from '../../src/engine/deps';
import { databaseRateLimiter } from '../../src/engine/rate-limiter';
import { dump } from '../support/backend';
import { callableRequest } from '../support/callable';
import type { Caller } from '../support/callable';
import { SimulatedCrash, crashingDatabase } from '../support/crash-db';
import {
  DAY,
  HOUR,
  MINUTE,
  expectInvariants,
  member,
  read,
  seedClass,
  seedMember,
  expectRefusedUnchanged,
  useStudioBackend,
} from './fixtures';
import { afterRoster } from './crash-points';

const backend = useStudioBackend();

const change = (caller: Caller | null, data: unknown) =>
  changeSpot.run(callableRequest(data, caller));

/** Refused, writing nothing but the caller's `book` counter (a refused call counts as an attempt). */
async function expectRefused(caller: Caller | null, data: unknown, code: string, key: string) {
  const counted = caller === null ? undefined : { uid: caller.uid, action: 'book' as const };
  await expectRefusedUnchanged(backend.db, () => change(caller, data), code, key, counted);
}

/** A class tomorrow on the A1 … A3 row with `uid` booked on `spot`. */
async function bookedOn(spot: string, credits = 1) {
  const db = backend.db;
  const classId = await seedClass(db, { startsAt: Date.now() + DAY });
  const uid = await seedMember(db, { credits });
  await bookClassHandler(backend.at(Date.now()), { uid, classId, spot });
  return { classId, uid };
}

describe('changeSpot', () => {
  it('moves the booking to the free spot: spot map, roster and view follow, no credit moves', async () => {
    const db = backend.db;
    const { classId, uid } = await bookedOn('A1');
    const bookingBefore = await read(db, paths.rosterBooking(classId, uid));
    const walletBefore = await read(db, paths.user(uid));
    const ledgerBefore = await read(db, paths.creditLedger(uid));

    const result = await change(member(uid), { classId, spot: 'A3' });

    expect(result).toEqual({ classId, spot: 'A3' });
    expect(await read(db, paths.rosterSpots(classId))).toEqual({ A3: true });
    expect(await read(db, paths.rosterBooking(classId, uid))).toEqual({
      ...(bookingBefore as object),
      spot: 'A3',
    });
    expect(await read(db, paths.userClass(uid, classId))).toMatchObject({
      status: 'booked',
      spot: 'A3',
      spotLabel: 'A3',
    });
    expect(await read(db, paths.user(uid))).toEqual(walletBefore);
    expect(await read(db, paths.creditLedger(uid))).toEqual(ledgerBefore);
    await expectInvariants(db);
  });

  it('asking for the spot already held changes nothing', async () => {
    const { classId, uid } = await bookedOn('A2');
    const before = await dump(backend.db);
    await expect(change(member(uid), { classId, spot: 'A2' })).resolves.toEqual({
      classId,
      spot: 'A2',
    });
    expect(await dump(backend.db)).toEqual(before);
  });

  it('refuses a spot someone holds with already-exists, and writes nothing', async () => {
    const { classId, uid } = await bookedOn('A1');
    const other = await seedMember(backend.db);
    await bookClassHandler(backend.at(Date.now()), { uid: other, classId, spot: 'A2' });
    await expectRefused(member(uid), { classId, spot: 'A2' }, 'already-exists', 'spotTaken');
  });

  it('refuses an unknown spot and a spot out of service', async () => {
    const { classId, uid } = await bookedOn('A1');
    await expectRefused(member(uid), { classId, spot: 'Z9' }, 'invalid-argument', 'spotUnknown');
    await expectRefused(
      member(uid),
      { classId, spot: 'A4' },
      'failed-precondition',
      'spotDisabled',
    );
  });

  it('refuses once the class has started, and writes nothing', async () => {
    const start = Date.now() - MINUTE;
    const classId = await seedClass(backend.db, { startsAt: start });
    const uid = await seedMember(backend.db);
    await bookClassHandler(backend.at(start - HOUR), { uid, classId, spot: 'A1' });
    await expectRefused(
      member(uid),
      { classId, spot: 'A2' },
      'failed-precondition',
      'classStarted',
    );
  });

  it('says not-found for an unknown class or a class the member has not booked', async () => {
    const uid = await seedMember(backend.db);
    await expectRefused(member(uid), { classId: 'nope', spot: 'A1' }, 'not-found', 'classNotFound');
    const classId = await seedClass(backend.db, { startsAt: Date.now() + DAY });
    await expectRefused(member(uid), { classId, spot: 'A1' }, 'not-found', 'noBooking');
  });

  it('refuses a class the studio cancelled', async () => {
    const { classId, uid } = await bookedOn('A1');
    await cancelClassHandler(backend.at(Date.now()), { by: 'admin-1', classId, reason: 'Storm' });
    await expectRefused(
      member(uid),
      { classId, spot: 'A2' },
      'failed-precondition',
      'classCancelled',
    );
  });

  it('rejects unauthenticated and malformed requests, writing nothing', async () => {
    const uid = await seedMember(backend.db);
    await expectRefused(null, { classId: 'x', spot: 'A1' }, 'unauthenticated', 'unauthenticated');
    await expectRefused(member(uid), { classId: 'x' }, 'invalid-argument', 'invalidInput');
    await expectRefused(
      member(uid),
      { classId: 'x', spot: 'a/b' },
      'invalid-argument',
      'invalidInput',
    );
    await expectRefused(
      member(uid),
      { classId: 'x', spot: 'A1', extra: 1 },
      'invalid-argument',
      'invalidInput',
    );
  });

  it('counts as a booking attempt against the rate limit', async () => {
    const { classId, uid } = await bookedOn('A1');
    const now = () => Date.now();
    const limits = { ...RATE_LIMITS, book: { max: 2, windowMs: HOUR } };
    const deps: BookingDeps = {
      ...backend.at(Date.now()),
      limits: databaseRateLimiter(backend.main, now, limits),
    };
    await changeSpotHandler(deps, { uid, classId, spot: 'A2' });
    await changeSpotHandler(deps, { uid, classId, spot: 'A3' });
    await expect(changeSpotHandler(deps, { uid, classId, spot: 'A1' })).rejects.toMatchObject({
      code: 'resource-exhausted',
    });
    expect(await read(backend.db, paths.rosterBooking(classId, uid))).toMatchObject({ spot: 'A3' });
  });
});

describe('changeSpot races', () => {
  it('two members racing for the same free spot: exactly one wins, the other keeps their own', async () => {
    const db = backend.db;
    const classId = await seedClass(db, { startsAt: Date.now() + DAY });
    const [first, second] = await Promise.all([seedMember(db), seedMember(db)]);
    await bookClassHandler(backend.at(Date.now()), { uid: first, classId, spot: 'A1' });
    await bookClassHandler(backend.at(Date.now()), { uid: second, classId, spot: 'A2' });

    const outcomes = await Promise.allSettled([
      changeSpotHandler(backend.at(Date.now()), { uid: first, classId, spot: 'A3' }),
      changeSpotHandler(backend.at(Date.now()), { uid: second, classId, spot: 'A3' }),
    ]);

    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const lost = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatchObject({ reason: { code: 'already-exists', messageKey: 'spotTaken' } });
    const spots = [first, second].map(async (uid) => {
      const booking = (await read(db, paths.rosterBooking(classId, uid))) as { spot: string };
      return booking.spot;
    });
    expect((await Promise.all(spots)).sort()).toEqual(
      outcomes[0].status === 'fulfilled' ? ['A2', 'A3'] : ['A1', 'A3'],
    );
    expect(Object.keys((await read(db, paths.rosterSpots(classId))) as object).sort()).toEqual(
      outcomes[0].status === 'fulfilled' ? ['A2', 'A3'] : ['A1', 'A3'],
    );
    await expectInvariants(db);
  });

  it('a change racing the member’s own cancel: the seat is freed once, the credit comes back once', async () => {
    const db = backend.db;
    const { classId, uid } = await bookedOn('A1');

    const [changed, cancelled] = await Promise.allSettled([
      changeSpotHandler(backend.at(Date.now()), { uid, classId, spot: 'A2' }),
      cancelBookingHandler(backend.at(Date.now()), { uid, classId }),
    ]);

    expect(cancelled).toMatchObject({ status: 'fulfilled', value: { refunded: true } });
    // Either order is correct: the change first (then freed by the cancel) or the cancel first
    // (the change then finds no booking).
    if (changed.status === 'rejected')
      expect(changed.reason).toMatchObject({ code: 'not-found', messageKey: 'noBooking' });
    expect(await read(db, paths.rosterSpots(classId))).toBeNull();
    expect(await read(db, paths.rosterBooking(classId, uid))).toBeNull();
    expect(await read(db, paths.userField(uid, 'Credits'))).toBe(1);
    expect(await read(db, paths.userClass(uid, classId))).toMatchObject({ status: 'cancelled' });
    await expectInvariants(db);
  });

  it('a crash after the roster transaction: the seat map is right at once, the reconciler fixes the view', async () => {
    const db = backend.db;
    const { classId, uid } = await bookedOn('A1');
    const { db: crashing, instances } = crashingDatabase(db, afterRoster(classId));

    await expect(
      changeSpotHandler(
        { ...backend.deps(), db: crashing, instances },
        { uid, classId, spot: 'A2' },
      ),
    ).rejects.toThrow(SimulatedCrash);
    expect(await read(db, paths.rosterSpots(classId))).toEqual({ A2: true });
    expect(await read(db, paths.userClass(uid, classId))).toMatchObject({ spot: 'A1' });
    await expectInvariants(db);

    expect((await reconcileBookings(backend.at(Date.now()))).viewsRepaired).toBeGreaterThanOrEqual(
      1,
    );
    expect(await read(db, paths.userClass(uid, classId))).toMatchObject({
      spot: 'A2',
      spotLabel: 'A2',
    });
  });
});
