// The booking domain's mails (docs/decisions/170-email-outbox.md): each event writes exactly one
// outbox entry, with the facts the member needs, from the step that the reconciler re-runs — so
// a step that stops before the entry is written gets it on the re-run, and one that runs twice
// writes one.
import {
  DEFAULT_SETTINGS,
  mailOutboxEntrySchema,
  mailOutboxIds,
  paths,
  type MailOutboxEntry,
} from '@studio/core';
import { describe, expect, it } from 'vitest';
import { bookClass } from '../../src/handlers/booking/book-class';
import { cancelBooking } from '../../src/handlers/booking/cancel-booking';
import { joinWaitlist } from '../../src/handlers/booking/join-waitlist';
import { reconcileBookings } from '../../src/handlers/booking/reconcile';
import { cancelClass } from '../../src/handlers/classes/cancel-class';
import { SimulatedCrash, crashingDatabase } from '../support/crash-db';
import { afterMember } from './crash-points';
import {
  DAY,
  HOUR,
  MINUTE,
  expectInvariants,
  read,
  seedClass,
  seedMember,
  useStudioBackend,
} from './fixtures';
import { CREDIT_HOLD_TIMEOUT_MS } from '@studio/core';

const backend = useStudioBackend();
const afterTimeout = () => Date.now() + CREDIT_HOLD_TIMEOUT_MS + MINUTE;

/** Every outbox entry of one member. */
async function mailsOf(uid: string): Promise<[string, MailOutboxEntry][]> {
  const all = ((await read(backend.db, paths.mailOutbox())) ?? {}) as Record<string, unknown>;
  return Object.entries(all)
    .map(([id, value]) => [id, mailOutboxEntrySchema.parse(value)] as [string, MailOutboxEntry])
    .filter(([, entry]) => entry.uid === uid);
}

async function bookingIdOf(classId: string, uid: string): Promise<string> {
  const booking = (await read(backend.db, paths.rosterBooking(classId, uid))) as {
    bookingId: string;
  };
  return booking.bookingId;
}

describe('booking mails', () => {
  it('a booking writes one confirmation with the class, spot, branch, coach and refund deadline', async () => {
    const startsAt = Date.now() + 2 * DAY;
    const classId = await seedClass(backend.db, { startsAt });
    const uid = await seedMember(backend.db, { credits: 1 });
    await bookClass(backend.at(Date.now()), { uid, classId, spot: 'A2' });
    const bookingId = await bookingIdOf(classId, uid);

    const mails = await mailsOf(uid);
    expect(mails).toHaveLength(1);
    const [id, entry] = mails[0]!;
    expect(id).toBe(mailOutboxIds.booked(bookingId));
    expect(entry).toMatchObject({ kind: 'booking-confirmed', status: 'pending', attempts: 0 });
    expect(entry.message).toEqual({
      kind: 'booking-confirmed',
      class: {
        bookingId,
        classId,
        title: 'Morning ride',
        startsAt,
        durationMinutes: 45,
        branchName: 'Centro',
        coachName: 'Carlos',
        spotLabel: 'A2',
        sequence: 0,
      },
      refundUntil: startsAt - DEFAULT_SETTINGS.cancellationWindowHours * HOUR,
    });
  });

  it('a cancel writes one notice (refunded or forfeited), a promotion one urgent mail', async () => {
    const startsAt = Date.now() + 2 * DAY;
    const classId = await seedClass(backend.db, { startsAt, capacity: 1 });
    const [first, second] = await Promise.all([seedMember(backend.db), seedMember(backend.db)]);
    await bookClass(backend.at(Date.now()), { uid: first, classId });
    await joinWaitlist(backend.at(Date.now()), { uid: second, classId });
    const firstBooking = await bookingIdOf(classId, first);

    await cancelBooking(backend.at(Date.now()), { uid: first, classId });

    const cancelled = await mailsOf(first);
    expect(cancelled.map(([id]) => id).sort()).toEqual(
      [mailOutboxIds.booked(firstBooking), mailOutboxIds.cancelled(firstBooking)].sort(),
    );
    expect(cancelled.find(([id]) => id.startsWith('cancelled-'))?.[1].message).toMatchObject({
      kind: 'booking-cancelled',
      outcome: 'refunded',
    });
    const secondBooking = await bookingIdOf(classId, second);
    const promoted = await mailsOf(second);
    expect(promoted.map(([id]) => id)).toEqual([mailOutboxIds.promoted(secondBooking)]);
    expect(promoted[0]?.[1].message).toMatchObject({
      kind: 'waitlist-promoted',
      refundUntil: startsAt - DEFAULT_SETTINGS.cancellationWindowHours * HOUR,
    });
  });

  it('a class cancelled by the studio writes one mail per booked member, with the reason', async () => {
    const classId = await seedClass(backend.db, { startsAt: Date.now() + 2 * DAY, capacity: 2 });
    const [one, two] = await Promise.all([seedMember(backend.db), seedMember(backend.db)]);
    await bookClass(backend.at(Date.now()), { uid: one, classId });
    await bookClass(backend.at(Date.now()), { uid: two, classId });

    await cancelClass(backend.at(Date.now()), { by: 'admin-1', classId, reason: 'Coach is ill' });

    for (const uid of [one, two]) {
      const studioMails = (await mailsOf(uid)).filter(
        ([, entry]) => entry.kind === 'class-cancelled',
      );
      expect(studioMails.map(([id]) => id)).toEqual([mailOutboxIds.classCancelled(classId, uid)]);
      expect(studioMails[0]?.[1].message).toMatchObject({ reason: 'Coach is ill' });
    }
  });
});

describe('booking mails after a crash', () => {
  it('a booking whose mail write failed stays pending, and the reconciler writes it once', async () => {
    const classId = await seedClass(backend.db, { startsAt: Date.now() + 2 * DAY });
    const uid = await seedMember(backend.db, { credits: 1 });
    const { db, instances, crashed } = crashingDatabase(backend.db, {
      path: /MailOutbox\/booked-.*/,
      kind: 'transaction',
      when: 'before',
    });
    // The database refuses the entry: the booking itself still succeeds.
    await expect(
      bookClass({ ...backend.deps(), db, instances }, { uid, classId }),
    ).resolves.toMatchObject({
      classId,
    });
    expect(crashed()).toBe(true);
    expect(await mailsOf(uid)).toEqual([]);
    expect(await read(backend.db, paths.userClass(uid, classId))).toMatchObject({
      status: 'booked',
    });

    const report = await reconcileBookings(backend.at(afterTimeout()));
    expect(report.pendingConfirmed).toBe(1);
    const bookingId = await bookingIdOf(classId, uid);
    expect((await mailsOf(uid)).map(([id]) => id)).toEqual([mailOutboxIds.booked(bookingId)]);
    // Another pass finds nothing to do and writes nothing more.
    await reconcileBookings(backend.at(afterTimeout()));
    expect(await mailsOf(uid)).toHaveLength(1);
    await expectInvariants(backend.db, { nowMs: afterTimeout() });
  });

  it('a cancel that stopped after the member’s refund gets its one notice from the reconciler', async () => {
    const classId = await seedClass(backend.db, { startsAt: Date.now() + 2 * DAY });
    const uid = await seedMember(backend.db, { credits: 1 });
    await bookClass(backend.at(Date.now()), { uid, classId });
    const bookingId = await bookingIdOf(classId, uid);
    await expect(
      cancelBooking(
        { ...backend.deps(), ...crashingDatabase(backend.db, afterMember(uid)) },
        {
          uid,
          classId,
        },
      ),
    ).rejects.toThrow(SimulatedCrash);
    expect((await mailsOf(uid)).map(([id]) => id)).toEqual([mailOutboxIds.booked(bookingId)]);

    await reconcileBookings(backend.at(afterTimeout()));
    await reconcileBookings(backend.at(afterTimeout()));
    const ids = (await mailsOf(uid)).map(([id]) => id).sort();
    expect(ids).toEqual(
      [mailOutboxIds.booked(bookingId), mailOutboxIds.cancelled(bookingId)].sort(),
    );
    await expectInvariants(backend.db, { nowMs: afterTimeout() });
  });
});
