import { describe, expect, it } from 'vitest';
import { paths } from '@studio/core';
import { cancelBooking } from '../../src/index';
import { adjustCredits as adjustCreditsHandler } from '../../src/handlers/credits/adjust-credits';
import { bookClass as bookClassHandler } from '../../src/handlers/booking/book-class';
import { cancelBooking as cancelBookingHandler } from '../../src/handlers/booking/cancel-booking';
import { joinWaitlist as joinWaitlistHandler } from '../../src/handlers/booking/join-waitlist';
import type { BookingDeps } from '../../src/engine/deps';
import { callableRequest } from '../support/callable';
import type { Caller } from '../support/callable';
import { crashingDatabase } from '../support/crash-db';
import {
  DAY,
  HOUR,
  MINUTE,
  expectInvariants,
  member,
  notificationsOf,
  read,
  seedClass,
  seedMember,
  expectRefusedUnchanged,
  useStudioBackend,
} from './fixtures';
import { afterRoster } from './crash-points';

const backend = useStudioBackend();

const cancel = (caller: Caller | null, data: unknown) =>
  cancelBooking.run(callableRequest(data, caller));

/** Refused, writing nothing but the caller's `cancel` counter (a refused call counts as an attempt). */
async function expectRefused(caller: Caller | null, data: unknown, code: string, key: string) {
  const counted = caller === null ? undefined : { uid: caller.uid, action: 'cancel' as const };
  await expectRefusedUnchanged(backend.db, () => cancel(caller, data), code, key, counted);
}

describe('cancelBooking', () => {
  it('in time: frees the spot and gives the same credit back with its expiry', async () => {
    const db = backend.db;
    const classId = await seedClass(db, { startsAt: Date.now() + 2 * DAY });
    const uid = await seedMember(db, { credits: 1 });
    const creditsBefore = await read(db, paths.creditsList(uid));
    await bookClassHandler(backend.at(Date.now()), { uid, classId, spot: 'A2' });
    expect(await read(db, paths.userField(uid, 'Credits'))).toBe(0);

    const result = await cancel(member(uid), { classId });

    expect(result).toEqual({ refunded: true });
    expect(await read(db, paths.creditsList(uid))).toEqual(creditsBefore);
    expect(await read(db, paths.userField(uid, 'Credits'))).toBe(1);
    expect(await read(db, paths.rosterSpots(classId))).toBeNull();
    expect(await read(db, paths.userClass(uid, classId))).toMatchObject({ status: 'cancelled' });
    const ledger = Object.values((await read(db, paths.creditLedger(uid))) as object);
    expect(ledger).toContainEqual(expect.objectContaining({ type: 'refund', delta: 1 }));
    expect(await read(db, paths.class(classId))).toMatchObject({ bookedCount: 0 });
    await expectInvariants(db);
  });

  it('late: the credit is forfeited and the ledger says so', async () => {
    const db = backend.db;
    const start = Date.now() + 2 * DAY;
    const classId = await seedClass(db, { startsAt: start });
    const uid = await seedMember(db, { credits: 1 });
    await bookClassHandler(backend.at(start - DAY), { uid, classId });

    const outcome = await cancelBookingHandler(backend.at(start - 3 * HOUR), { uid, classId });

    expect(outcome).toMatchObject({ refunded: false, outcome: 'late' });
    expect(await read(db, paths.creditsList(uid))).toBeNull();
    expect(await read(db, paths.userClass(uid, classId))).toMatchObject({
      status: 'late-cancelled',
    });
    const ledger = Object.values((await read(db, paths.creditLedger(uid))) as object);
    expect(ledger).toContainEqual(expect.objectContaining({ type: 'forfeit', delta: 0 }));
    await expectInvariants(db, { nowMs: start - 3 * HOUR });
  });

  it('promotes the first waiting member with a credit, skips one without, and tells everyone', async () => {
    const db = backend.db;
    const start = Date.now() + 3 * DAY;
    const t0 = start - 2 * DAY;
    const classId = await seedClass(db, { startsAt: start, capacity: 1 });
    const [booked, broke, next, last] = await Promise.all([
      seedMember(db, { credits: 1 }),
      seedMember(db, { credits: 1 }),
      seedMember(db, { credits: 1 }),
      seedMember(db, { credits: 1 }),
    ]);
    await bookClassHandler(backend.at(t0), { uid: booked, classId });
    for (const uid of [broke, next, last])
      await joinWaitlistHandler(backend.at(t0), { uid, classId });
    // `broke` spends their credit elsewhere after joining.
    await adjustCreditsHandler(backend.at(t0), {
      by: 'admin-1',
      uid: broke,
      kind: 'regular',
      delta: -1,
      reason: 'Test',
    });

    await cancelBookingHandler(backend.at(t0 + HOUR), { uid: booked, classId });

    const roster = (await read(db, paths.classRoster(classId))) as {
      bookings: Record<string, { via: string; promotedAt: number }>;
    };
    expect(Object.keys(roster.bookings)).toEqual([next]);
    expect(roster.bookings[next]).toMatchObject({ via: 'waitlist', promotedAt: t0 + HOUR });
    expect(await read(db, paths.userWaitlistEntry(broke, classId))).toMatchObject({
      status: 'skipped',
    });
    expect(await read(db, paths.userWaitlistEntry(next, classId))).toMatchObject({
      status: 'promoted',
    });
    expect(await read(db, paths.userWaitlistEntry(last, classId))).toMatchObject({
      status: 'waiting',
      position: 1,
    });
    const notes = (uid: string) => notificationsOf(db, uid);
    expect(await notes(broke)).toContainEqual(
      expect.objectContaining({ type: 'skipped-no-credit', messageKey: 'notifSkippedNoCredit' }),
    );
    expect(await notes(next)).toContainEqual(
      expect.objectContaining({
        type: 'promoted',
        params: expect.objectContaining({ spot: 'A1' }) as unknown,
      }),
    );
    expect(await notes(last)).toContainEqual(
      expect.objectContaining({
        type: 'waitlist-position',
        params: expect.objectContaining({ position: 1 }) as unknown,
      }),
    );
    await expectInvariants(db, { nowMs: t0 + HOUR });
  });

  it('gives the seat back, with nothing booked shown, when the promoted member’s credit goes while the seat is held', async () => {
    const db = backend.db;
    const t0 = Date.now();
    const [classId, elsewhere] = await Promise.all([
      seedClass(db, { startsAt: t0 + 3 * DAY, capacity: 1 }),
      seedClass(db, { startsAt: t0 + 2 * DAY, capacity: 1 }),
    ]);
    const [booked, waiting] = await Promise.all([
      seedMember(db, { credits: 1 }),
      seedMember(db, { credits: 1 }),
    ]);
    await bookClassHandler(backend.at(t0), { uid: booked, classId });
    await joinWaitlistHandler(backend.at(t0), { uid: waiting, classId });
    // The seat is reserved for `waiting`, who books another class with their only credit
    // before the promotion can take it (two calls of theirs racing).
    // Right after the promotion reserved the seat (the cancel's roster transaction is the first).
    const { db: racing, instances } = crashingDatabase(db, afterRoster(classId, 2), async () => {
      await bookClassHandler(backend.at(t0 + HOUR), { uid: waiting, classId: elsewhere });
    });
    const deps: BookingDeps = { ...backend.at(t0 + HOUR), db: racing, instances };

    await cancelBookingHandler(deps, { uid: booked, classId });

    expect(await read(db, paths.classRoster(classId))).not.toHaveProperty('bookings');
    expect(await read(db, paths.userClass(waiting, classId))).toBeNull();
    expect(await read(db, paths.userClass(waiting, elsewhere))).toMatchObject({
      status: 'booked',
    });
    expect(await read(db, paths.userWaitlistEntry(waiting, classId))).toMatchObject({
      status: 'skipped',
    });
    expect(await notificationsOf(db, waiting)).toContainEqual(
      expect.objectContaining({ type: 'skipped-no-credit' }),
    );
    await expectInvariants(db, { nowMs: t0 + HOUR });
  });

  it('refunds a member promoted inside the late window until the waitlist cut-off', async () => {
    const db = backend.db;
    const start = Date.now() + 2 * DAY;
    const classId = await seedClass(db, { startsAt: start, capacity: 1 });
    const [first, second] = await Promise.all([seedMember(db), seedMember(db)]);
    await bookClassHandler(backend.at(start - DAY), { uid: first, classId });
    await joinWaitlistHandler(backend.at(start - DAY), { uid: second, classId });
    // First cancels late (forfeits); second is promoted 5 h before the start.
    await cancelBookingHandler(backend.at(start - 5 * HOUR), { uid: first, classId });
    expect(await read(db, paths.rosterBooking(classId, second))).toMatchObject({
      via: 'waitlist',
    });

    const outcome = await cancelBookingHandler(backend.at(start - 2 * HOUR), {
      uid: second,
      classId,
    });

    expect(outcome).toMatchObject({ refunded: true, outcome: 'refund' });
    await expectInvariants(db, { nowMs: start - 2 * HOUR });
  });

  it('rejects unauthenticated requests and writes nothing', async () => {
    await expectRefused(null, { classId: 'x' }, 'unauthenticated', 'unauthenticated');
  });

  it('rejects bad input and writes nothing', async () => {
    const uid = await seedMember(backend.db);
    await expectRefused(member(uid), { classId: 1 }, 'invalid-argument', 'invalidInput');
  });

  it('says not-found for an unknown class or a class the member has not booked', async () => {
    const uid = await seedMember(backend.db);
    await expectRefused(member(uid), { classId: 'nope' }, 'not-found', 'classNotFound');
    const classId = await seedClass(backend.db, { startsAt: Date.now() + DAY });
    await expectRefused(member(uid), { classId }, 'not-found', 'noBooking');
  });

  it('refuses once the class has started, and writes nothing', async () => {
    const start = Date.now() - MINUTE;
    const classId = await seedClass(backend.db, { startsAt: start });
    const uid = await seedMember(backend.db);
    await bookClassHandler(backend.at(start - HOUR), { uid, classId });
    await expectRefused(member(uid), { classId }, 'failed-precondition', 'classStarted');
  });

  it('refuses a class the studio cancelled, and writes nothing', async () => {
    const classId = await seedClass(backend.db, { startsAt: Date.now() + DAY });
    const uid = await seedMember(backend.db);
    await bookClassHandler(backend.at(Date.now()), { uid, classId });
    await backend.db.ref(paths.class(classId)).update({ status: 'cancelled' });
    await expectRefused(member(uid), { classId }, 'failed-precondition', 'classCancelled');
    await backend.db.ref(paths.class(classId)).update({ status: 'scheduled' });
  });
});
