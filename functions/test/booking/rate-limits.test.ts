// Abuse limits on the booking callables: a member may book and cancel as a
// person does, a script booking or cancelling in a loop is refused with `resource-exhausted`
// and a retry time, the refused call writes nothing, and after the window it passes again.
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS, paths } from '@studio/core';
import type { RateLimits } from '@studio/core';
import { bookClass as bookClassHandler } from '../../src/handlers/booking/book-class';
import { cancelBooking as cancelBookingHandler } from '../../src/handlers/booking/cancel-booking';
import { joinWaitlist as joinWaitlistHandler } from '../../src/handlers/booking/join-waitlist';
import { leaveWaitlist as leaveWaitlistHandler } from '../../src/handlers/booking/leave-waitlist';
import type { BookingDeps } from '../../src/engine/deps';
import { databaseRateLimiter } from '../../src/engine/rate-limiter';
import { bookClass } from '../../src/index';
import { dump } from '../support/backend';
import { callableRequest, rejectionOf } from '../support/callable';
import { DAY, MINUTE, member, read, seedClass, seedMember, useStudioBackend } from './fixtures';

const backend = useStudioBackend();

const book = (uid: string, classId: string) =>
  bookClass.run(callableRequest({ classId }, member(uid)));

/** Deps with a clock the test moves and limits it chooses, as the callables build them. */
function depsAt(clock: { now: number }, limits: RateLimits = RATE_LIMITS): BookingDeps {
  const now = () => clock.now;
  return { ...backend.deps(now), limits: databaseRateLimiter(backend.main, now, limits) };
}

const tight = (overrides: Partial<RateLimits>): RateLimits => ({ ...RATE_LIMITS, ...overrides });

async function classes(count: number, startsAt: number, capacity = 3): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      seedClass(backend.db, { startsAt: startsAt + i * MINUTE, capacity }),
    ),
  );
}

describe('booking limits', () => {
  it('lets a member book 5 classes in a minute', async () => {
    const uid = await seedMember(backend.db, { credits: 5 });
    const ids = await classes(5, Date.now() + DAY);
    for (const classId of ids) await expect(book(uid, classId)).resolves.toMatchObject({ classId });
  });

  it('lets 20 members book the same class at once, each once', async () => {
    const classId = await seedClass(backend.db, {
      startsAt: Date.now() + DAY,
      capacity: 20,
      layout: null,
    });
    const uids = await Promise.all(
      Array.from({ length: 20 }, () => seedMember(backend.db, { credits: 1 })),
    );
    const outcomes = await Promise.allSettled(uids.map((uid) => book(uid, classId)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(20);
  });

  it(`refuses booking number ${RATE_LIMITS.book.max + 1} in a minute with resource-exhausted, writing nothing`, async () => {
    const { max } = RATE_LIMITS.book;
    const uid = await seedMember(backend.db, { credits: max + 1 });
    const ids = await classes(max + 1, Date.now() + DAY);
    for (const classId of ids.slice(0, max)) await book(uid, classId);
    const last = ids[max] ?? '';

    const before = await dump(backend.db);
    const error = await rejectionOf(book(uid, last));

    expect(error.code).toBe('resource-exhausted');
    expect(error.details).toMatchObject({ messageKey: 'tooManyAttempts' });
    const { seconds } = (error.details as { params: { seconds: number } }).params;
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(error.message).toContain(`${seconds} seconds`);
    expect(await dump(backend.db)).toEqual(before);

    // A minute later (the clock of the deps) the same booking passes.
    const later = { now: Date.now() + MINUTE + 1 };
    await expect(bookClassHandler(depsAt(later), { uid, classId: last })).resolves.toMatchObject({
      classId: last,
    });
  });

  // The review sent 60 refused bookClass calls in 75 ms and none was counted: a script could
  // hammer a class before its release at no cost. A refused call now counts as an attempt.
  it('counts refused bookings, and refuses a script past the limit with resource-exhausted', async () => {
    const { max } = RATE_LIMITS.book;
    const uid = await seedMember(backend.db, { credits: 0 });
    const [classId = ''] = await classes(1, Date.now() + DAY);
    const outcomes: unknown[] = [];
    for (let i = 0; i < max + 5; i += 1)
      outcomes.push(
        ((await rejectionOf(book(uid, classId))).details as { messageKey: string }).messageKey,
      );
    expect(outcomes.slice(0, max)).toEqual(Array.from({ length: max }, () => 'noUsableCredit'));
    expect(outcomes.slice(max)).toEqual(Array.from({ length: 5 }, () => 'tooManyAttempts'));
    expect(await read(backend.db, paths.rateLimit(uid, 'book'))).toMatchObject({ count: max });

    // Refused or not, the window ends: a minute later the member is answered again.
    const later = { now: Date.now() + MINUTE + 1 };
    await expect(bookClassHandler(depsAt(later), { uid, classId })).rejects.toMatchObject({
      messageKey: 'noUsableCredit',
    });
  });

  it('counts 60 refused calls sent at once as the review did, answering most tooManyAttempts', async () => {
    const uid = await seedMember(backend.db, { credits: 0 });
    const [classId = ''] = await classes(1, Date.now() + DAY);
    const errors = await Promise.all(
      Array.from({ length: 60 }, () => rejectionOf(book(uid, classId))),
    );
    const keys = errors.map((error) => (error.details as { messageKey: string }).messageKey);
    expect(keys.filter((key) => key === 'noUsableCredit')).toHaveLength(RATE_LIMITS.book.max);
    expect(keys.filter((key) => key === 'tooManyAttempts')).toHaveLength(60 - RATE_LIMITS.book.max);
  });

  it('refuses a cancel loop past the limit, writing nothing, and lets it pass after the window', async () => {
    const uid = await seedMember(backend.db, { credits: 3 });
    const ids = await classes(3, Date.now() + 2 * DAY);
    const clock = { now: Date.now() };
    const deps = depsAt(clock, tight({ cancel: { max: 2, windowMs: MINUTE } }));
    for (const classId of ids) await bookClassHandler(deps, { uid, classId });
    const [first = '', second = '', third = ''] = ids;
    await cancelBookingHandler(deps, { uid, classId: first });
    await cancelBookingHandler(deps, { uid, classId: second });

    const before = await dump(backend.db);
    await expect(cancelBookingHandler(deps, { uid, classId: third })).rejects.toMatchObject({
      code: 'resource-exhausted',
      messageKey: 'tooManyAttempts',
    });
    expect(await dump(backend.db)).toEqual(before);

    clock.now += MINUTE;
    await expect(cancelBookingHandler(deps, { uid, classId: third })).resolves.toMatchObject({
      refunded: true,
    });
  });

  it('counts joining a waiting list as a booking and leaving it as a cancel', async () => {
    const [full = ''] = await classes(1, Date.now() + DAY, 1);
    const holder = await seedMember(backend.db, { credits: 1 });
    await book(holder, full);
    const uid = await seedMember(backend.db, { credits: 1 });
    const clock = { now: Date.now() };
    const deps = depsAt(
      clock,
      tight({ book: { max: 1, windowMs: MINUTE }, cancel: { max: 1, windowMs: MINUTE } }),
    );
    await joinWaitlistHandler(deps, { uid, classId: full });
    await leaveWaitlistHandler(deps, { uid, classId: full });

    const before = await dump(backend.db);
    await expect(joinWaitlistHandler(deps, { uid, classId: full })).rejects.toMatchObject({
      code: 'resource-exhausted',
    });
    expect(await dump(backend.db)).toEqual(before);

    clock.now += MINUTE;
    await expect(joinWaitlistHandler(deps, { uid, classId: full })).resolves.toEqual({
      position: 1,
    });
  });
});
