// Abuse limits on the payment callables: checkouts a member opens, and coupon
// codes tried through previewPrice (an unknown code costs more). The refused call writes
// nothing and opens nothing at Stripe; after the window it passes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUPON_MISS_COST, RATE_LIMITS, paths } from '@studio/core';
import { createCheckoutSession, previewPrice } from '../../src/index';
import { dump } from '../support/backend';
import { callableRequest, rejectionOf } from '../support/callable';
import { CHECKOUT_URLS, createMember, usePaymentsTestBed, valueAt } from './support';

const bed = usePaymentsTestBed();

const preview = (uid: string, promocode?: string) =>
  previewPrice.run(
    callableRequest(
      { kind: 'credits', packageId: 'p5', ...(promocode === undefined ? {} : { promocode }) },
      { uid },
    ),
  );

const checkout = (uid: string) =>
  createCheckoutSession.run(
    callableRequest({ ...CHECKOUT_URLS, kind: 'credits', packageId: 'p5' }, { uid }),
  );

/**
 * The window's length passes on the functions' clock (only `Date` moves; timers stay real): the
 * stored counter and the instance's memory of a used-up window both end.
 */
function windowPassed(action: 'checkout' | 'coupon'): void {
  vi.useFakeTimers({
    toFake: ['Date'],
    now: Date.now() + RATE_LIMITS[action].windowMs,
    shouldAdvanceTime: true,
  });
}

afterEach(() => {
  vi.useRealTimers();
});

/**
 * Makes the call once the database and Stripe have been read: a member over a limit is refused
 * before any read, so a call made earlier would be refused before anything waited for it.
 */
async function expectTooManyAttempts(call: () => Promise<unknown>): Promise<void> {
  const before = await dump(bed.backend.db);
  const sessionsBefore = (await bed.stripe.checkout.sessions.list({ limit: 100 })).data.length;
  const error = await rejectionOf(call());
  expect(error.code).toBe('resource-exhausted');
  expect(error.details).toMatchObject({ messageKey: 'tooManyAttempts' });
  expect(await dump(bed.backend.db)).toEqual(before);
  expect((await bed.stripe.checkout.sessions.list({ limit: 100 })).data).toHaveLength(
    sessionsBefore,
  );
}

describe('checkout limit', () => {
  it(`opens ${RATE_LIMITS.checkout.max} checkouts in a window, refuses the next, and opens it after`, async () => {
    const uid = await createMember(bed);
    for (let i = 0; i < RATE_LIMITS.checkout.max; i += 1)
      await expect(checkout(uid)).resolves.toMatchObject({ url: expect.any(String) as unknown });

    await expectTooManyAttempts(() => checkout(uid));

    windowPassed('checkout');
    await expect(checkout(uid)).resolves.toMatchObject({ url: expect.any(String) as unknown });
  });

  it('counts a checkout that a rule refuses, once', async () => {
    const uid = await createMember(bed);
    const error = await rejectionOf(
      createCheckoutSession.run(
        callableRequest({ ...CHECKOUT_URLS, kind: 'credits', packageId: 'nope' }, { uid }),
      ),
    );
    expect(error.code).toBe('not-found');
    expect(await valueAt(bed, paths.rateLimit(uid, 'checkout'))).toMatchObject({ count: 1 });
  });
});

describe('coupon attempts through previewPrice', () => {
  it(`prices with a coupon ${RATE_LIMITS.coupon.max} times in a window, refuses the next, and prices it after`, async () => {
    const uid = await createMember(bed);
    for (let i = 0; i < RATE_LIMITS.coupon.max; i += 1)
      await expect(preview(uid, 'WELCOME10')).resolves.toMatchObject({ discount: 650 });

    await expectTooManyAttempts(() => preview(uid, 'WELCOME10'));
    // Over the limit an unknown code is refused as too many attempts too, and costs nothing.
    await expectTooManyAttempts(() => preview(uid, 'GUESS1'));

    windowPassed('coupon');
    await expect(preview(uid, 'WELCOME10')).resolves.toMatchObject({ discount: 650 });
  });

  it(`counts an unknown code as ${COUPON_MISS_COST} attempts`, async () => {
    const uid = await createMember(bed);
    const misses = Math.floor(RATE_LIMITS.coupon.max / COUPON_MISS_COST);
    for (let i = 0; i < misses; i += 1) {
      const error = await rejectionOf(preview(uid, `GUESS${i}`));
      expect(error.details).toMatchObject({ messageKey: 'couponUnknown' });
    }
    const spent = misses * COUPON_MISS_COST;
    expect(await valueAt(bed, paths.rateLimit(uid, 'coupon'))).toMatchObject({ count: spent });
    for (let i = spent; i < RATE_LIMITS.coupon.max; i += 1) await preview(uid, 'WELCOME10');

    await expectTooManyAttempts(() => preview(uid, 'WELCOME10'));
  });

  it('counts a code tried through createCheckoutSession too, an unknown one as a guess', async () => {
    const uid = await createMember(bed);
    const misses = Math.floor(RATE_LIMITS.coupon.max / COUPON_MISS_COST);
    for (let i = 0; i < misses; i += 1) {
      const error = await rejectionOf(
        createCheckoutSession.run(
          callableRequest(
            { ...CHECKOUT_URLS, kind: 'credits', packageId: 'p5', promocode: `GUESS${i}` },
            { uid },
          ),
        ),
      );
      expect(error.details).toMatchObject({ messageKey: 'couponUnknown' });
    }
    expect(await valueAt(bed, paths.rateLimit(uid, 'coupon'))).toMatchObject({
      count: misses * COUPON_MISS_COST,
    });
    for (let i = misses * COUPON_MISS_COST; i < RATE_LIMITS.coupon.max; i += 1)
      await preview(uid, 'WELCOME10');

    await expectTooManyAttempts(() =>
      createCheckoutSession.run(
        callableRequest(
          { ...CHECKOUT_URLS, kind: 'credits', packageId: 'p5', promocode: 'WELCOME10' },
          { uid },
        ),
      ),
    );
  });

  it('never counts a price asked without a coupon', async () => {
    const uid = await createMember(bed);
    for (let i = 0; i < RATE_LIMITS.coupon.max + 5; i += 1)
      await expect(preview(uid)).resolves.toMatchObject({ discount: 0 });
    expect(await valueAt(bed, paths.rateLimit(uid, 'coupon'))).toBeNull();
  });
});
