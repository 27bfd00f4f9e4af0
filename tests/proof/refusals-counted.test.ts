// Refused calls are counted. A script that calls a member's callable in a loop with
// well-formed calls the studio refuses (a class that does not exist, a booking it does not hold,
// a package that is not sold) uses up the member's window of that action as accepted calls do:
// after the limit it is refused with `resource-exhausted` before anything is read, and nothing
// but the member's own counter is written on the way. A call refused for its shape alone costs
// nothing and writes nothing (bad-input.test.ts shows it for every field).
import './support/quiet-logs.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS, paths } from '@studio/core';
import type { RateLimitAction } from '@studio/core';
import { adminDatabase } from '../../functions/src/admin.ts';
import {
  DAY,
  member,
  seedClass,
  seedMember,
  seedStudio,
} from '../../functions/test/booking/fixtures.ts';
import { CHECKOUT_URLS } from '../../functions/test/payments/support.ts';
import {
  startFunctionsBed,
  type CallableName,
  type FunctionsBed,
} from './support/functions-bed.ts';

const NO_SUCH_CLASS = 'no-such-class';

interface Hammer {
  fn: CallableName;
  action: RateLimitAction;
  /** The refusal every call gets until the window is used up. */
  code: string;
  data: () => unknown;
}

const ids = { classId: '' };

const HAMMERS: Hammer[] = [
  {
    fn: 'bookGuest',
    action: 'book',
    code: 'not-found',
    data: () => ({ classId: NO_SUCH_CLASS, guestName: 'Ana', requestId: 'proof-request' }),
  },
  { fn: 'joinWaitlist', action: 'book', code: 'failed-precondition', data: () => ids },
  { fn: 'changeSpot', action: 'book', code: 'not-found', data: () => ({ ...ids, spot: 'A2' }) },
  { fn: 'cancelBooking', action: 'cancel', code: 'not-found', data: () => ids },
  { fn: 'watchClass', action: 'watch', code: 'failed-precondition', data: () => ids },
  {
    fn: 'previewPrice',
    action: 'coupon',
    code: 'not-found',
    data: () => ({ kind: 'credits', packageId: 'nope' }),
  },
  {
    fn: 'createCheckoutSession',
    action: 'checkout',
    code: 'not-found',
    data: () => ({ kind: 'credits', packageId: 'nope', ...CHECKOUT_URLS }),
  },
  {
    fn: 'freezeMembership',
    action: 'plan',
    code: 'failed-precondition',
    data: () => ({ days: 14 }),
  },
];

/** The database without one member's counters. */
function withoutCounters(dumped: unknown, uid: string): unknown {
  const root = { ...((dumped ?? {}) as Record<string, unknown>) };
  const limits = { ...((root['RateLimits'] ?? {}) as Record<string, unknown>) };
  delete limits[uid];
  delete root['RateLimits'];
  return Object.keys(limits).length > 0 ? { ...root, RateLimits: limits } : root;
}

let bed: FunctionsBed;

beforeAll(async () => {
  bed = await startFunctionsBed();
  const db = adminDatabase();
  await seedStudio(db);
  ids.classId = await seedClass(db, { startsAt: Date.now() + DAY });
}, 240_000);

afterAll(async () => {
  await bed?.stop();
}, 60_000);

describe('refused calls use up the member’s window', () => {
  it.each(HAMMERS.map((hammer) => [hammer.fn, hammer.action, hammer] as const))(
    '%s: refused calls count toward `%s`, then the limit refuses',
    async (_fn, action, hammer) => {
      const uid = await seedMember(adminDatabase(), { credits: 3 });
      const { max } = RATE_LIMITS[action];
      const before = withoutCounters(await bed.dump(), uid);

      const codes: string[] = [];
      for (let i = 0; i < max + 3; i += 1) {
        const outcome = await bed.call(hammer.fn, member(uid), hammer.data());
        codes.push(outcome.ok ? 'accepted' : outcome.error.code);
      }

      expect(codes).toEqual([
        ...Array<string>(max).fill(hammer.code),
        ...Array<string>(3).fill('resource-exhausted'),
      ]);
      const counter: unknown = (
        await adminDatabase().ref(paths.rateLimit(uid, action)).get()
      ).val();
      expect(counter).toMatchObject({ count: max });
      expect(withoutCounters(await bed.dump(), uid)).toEqual(before);
    },
  );

  it('refuses an over-limit member at once, without reading or writing the counter again', async () => {
    const uid = await seedMember(adminDatabase(), { credits: 3 });
    const { max } = RATE_LIMITS.cancel;
    for (let i = 0; i < max; i += 1) await bed.call('cancelBooking', member(uid), ids);
    const spent = await bed.call('cancelBooking', member(uid), ids);
    expect(spent.ok ? 'accepted' : spent.error.details).toMatchObject({
      messageKey: 'tooManyAttempts',
    });
    // The instance remembers the spent window: even with the counter gone, the window holds.
    await adminDatabase().ref(paths.rateLimit(uid, 'cancel')).remove();
    const again = await bed.call('cancelBooking', member(uid), ids);
    expect(again.ok ? 'accepted' : again.error.code).toBe('resource-exhausted');
    expect((await adminDatabase().ref(paths.rateLimit(uid, 'cancel')).get()).val()).toBeNull();
  });

  it('does not count a call refused for its shape (nothing read, nothing written)', async () => {
    const uid = await seedMember(adminDatabase(), { credits: 3 });
    for (let i = 0; i < RATE_LIMITS.cancel.max + 3; i += 1) {
      const outcome = await bed.call('cancelBooking', member(uid), { classId: 42 });
      expect(outcome.ok ? 'accepted' : outcome.error.code).toBe('invalid-argument');
    }
    expect((await adminDatabase().ref(`RateLimits/${uid}`).get()).val()).toBeNull();
  });
});
