// "My cut-off": a member may say "do not promote me later than N hours before class"
// (`Users/{uid}/PromotionCutoffHours`). A promotion past it skips them without charging anything,
// takes them off the list and tells them; the seat goes to the next in line.
import { describe, expect, it } from 'vitest';
import { paths } from '@studio/core';
import { bookClass as bookClassHandler } from '../../src/handlers/booking/book-class';
import { cancelBooking as cancelBookingHandler } from '../../src/handlers/booking/cancel-booking';
import { joinWaitlist as joinWaitlistHandler } from '../../src/handlers/booking/join-waitlist';
import {
  DAY,
  HOUR,
  expectInvariants,
  notificationsOf,
  read,
  seedClass,
  seedMember,
  useStudioBackend,
} from './fixtures';

const backend = useStudioBackend();

/** A one-seat class starting at `start`, booked, with `waiting` queued in that order. */
async function queue(
  start: number,
  waiting: string[],
): Promise<{ classId: string; booked: string }> {
  const classId = await seedClass(backend.db, { startsAt: start, capacity: 1 });
  const booked = await seedMember(backend.db);
  await bookClassHandler(backend.at(start - DAY), { uid: booked, classId });
  for (const uid of waiting) await joinWaitlistHandler(backend.at(start - DAY), { uid, classId });
  return { classId, booked };
}

const setCutoff = (uid: string, hours: number) =>
  backend.db.ref(paths.userField(uid, 'PromotionCutoffHours')).set(hours);

describe('a member’s own promotion cut-off', () => {
  it('skips a member past their cut-off, tells them, charges nothing, and promotes the next', async () => {
    const db = backend.db;
    const start = Date.now() + 2 * DAY;
    const [early, next] = await Promise.all([
      seedMember(db, { credits: 1 }),
      seedMember(db, { credits: 1 }),
    ]);
    await setCutoff(early, 6);
    const { classId, booked } = await queue(start, [early, next]);
    const earlyBefore = await read(db, paths.user(early));

    // A seat frees 5 h before the class: inside `early`'s 6 h, before the studio's 60 min.
    await cancelBookingHandler(backend.at(start - 5 * HOUR), { uid: booked, classId });

    expect(await read(db, paths.rosterBooking(classId, early))).toBeNull();
    expect(await read(db, paths.rosterBooking(classId, next))).toMatchObject({ via: 'waitlist' });
    expect(await read(db, paths.user(early))).toEqual(earlyBefore);
    expect(await read(db, paths.userWaitlistEntry(early, classId))).toMatchObject({
      status: 'past-cutoff',
    });
    expect(await notificationsOf(db, early)).toContainEqual(
      expect.objectContaining({
        type: 'skipped-past-cutoff',
        messageKey: 'notifSkippedPastCutoff',
        params: expect.objectContaining({ hours: 6 }) as unknown,
      }),
    );
    expect(await notificationsOf(db, next)).toContainEqual(
      expect.objectContaining({ type: 'promoted' }),
    );
    await expectInvariants(db, { nowMs: start - 5 * HOUR });
  });

  it('promotes a member whose cut-off has not come yet', async () => {
    const db = backend.db;
    const start = Date.now() + 2 * DAY;
    const waiting = await seedMember(db, { credits: 1 });
    await setCutoff(waiting, 4);
    const { classId, booked } = await queue(start, [waiting]);

    await cancelBookingHandler(backend.at(start - 5 * HOUR), { uid: booked, classId });

    expect(await read(db, paths.rosterBooking(classId, waiting))).toMatchObject({
      via: 'waitlist',
    });
    expect(await read(db, paths.userClass(waiting, classId))).toMatchObject({ status: 'booked' });
  });

  it('without a cut-off of their own the studio’s applies: promoted 5 h before', async () => {
    const db = backend.db;
    const start = Date.now() + 2 * DAY;
    const waiting = await seedMember(db, { credits: 1 });
    const { classId, booked } = await queue(start, [waiting]);

    await cancelBookingHandler(backend.at(start - 5 * HOUR), { uid: booked, classId });

    expect(await read(db, paths.rosterBooking(classId, waiting))).toMatchObject({
      via: 'waitlist',
    });
  });

  it('a late promotion still carries no penalty: cancelling it before the studio cut-off refunds', async () => {
    const db = backend.db;
    const start = Date.now() + 2 * DAY;
    const waiting = await seedMember(db, { credits: 1 });
    await setCutoff(waiting, 3);
    const { classId, booked } = await queue(start, [waiting]);
    await cancelBookingHandler(backend.at(start - 4 * HOUR), { uid: booked, classId });

    const outcome = await cancelBookingHandler(backend.at(start - 2 * HOUR), {
      uid: waiting,
      classId,
    });

    expect(outcome).toMatchObject({ refunded: true });
    expect(await read(db, paths.userField(waiting, 'Credits'))).toBe(1);
  });
});
