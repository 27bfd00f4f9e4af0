// Coupons are applied on the server (previewPrice and createCheckoutSession share the rules) and
// counted once per paid purchase.
import { beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@studio/core';
import { createCheckoutSession, previewPrice } from '../../src/index';
import { recordCouponRedemption } from '../../src/handlers/payments/coupons/coupon-redemptions';
import { moveCouponRedemptions } from '../../src/handlers/payments/coupons/move-coupon-redemptions';
import { callableRequest, rejectionOf } from '../support/callable';
import { CHECKOUT_URLS, createMember, usePaymentsTestBed, valueAt } from './support';
import { dump } from '../support/backend';

const bed = usePaymentsTestBed();

const preview = (uid: string, data: Record<string, unknown>) =>
  previewPrice.run(callableRequest(data, { uid }));

const checkout = (uid: string, data: Record<string, unknown>) =>
  createCheckoutSession.run(callableRequest({ ...CHECKOUT_URLS, ...data }, { uid }));

/**
 * What a refused checkout with a code writes: one more coupon attempt for the member (counted as
 * in previewPrice), and nothing else.
 */
async function expectOnlyCouponAttempt(uid: string, before: unknown): Promise<void> {
  const path = paths.rateLimit(uid, 'coupon');
  const counterIn = (stored: unknown) =>
    path
      .split('/')
      .reduce<unknown>(
        (node, key) => (node as Record<string, unknown> | undefined)?.[key],
        stored,
      ) as { count: number } | undefined;
  expect(counterIn(await dump(bed.backend.db))?.count).toBe((counterIn(before)?.count ?? 0) + 1);
  await bed.backend.db.ref(path).set(counterIn(before) ?? null);
  expect(await dump(bed.backend.db)).toEqual(before);
}

describe('previewPrice', () => {
  it('prices a package from the catalogue without a coupon', async () => {
    const uid = await createMember(bed);
    expect(await preview(uid, { kind: 'credits', packageId: 'p5' })).toEqual({
      amount: 6500,
      currency: 'USD',
      discount: 0,
    });
  });

  it('prices the plan at the discounted SuscriptionPrices entry', async () => {
    const uid = await createMember(bed);
    expect(await preview(uid, { kind: 'subscription' })).toEqual({
      amount: 3900,
      currency: 'USD',
      discount: 0,
    });
  });

  it('applies a valid coupon, whatever case it is typed in', async () => {
    const uid = await createMember(bed);
    expect(
      await preview(uid, { kind: 'credits', packageId: 'p5', promocode: 'welcome10' }),
    ).toEqual({
      amount: 5850,
      currency: 'USD',
      discount: 650,
    });
  });

  it.each([
    ['an unknown code', 'NOPE', 'not-found', 'couponUnknown'],
    ['an expired coupon', 'OLD', 'failed-precondition', 'couponExpired'],
    ['a coupon not valid yet', 'SOON', 'failed-precondition', 'couponNotYetValid'],
    ['a used-up coupon', 'GONE', 'failed-precondition', 'couponUsedUp'],
    ['an inactive coupon', 'OFF', 'failed-precondition', 'couponInactive'],
    [
      'a coupon for another kind of purchase',
      'SUBONLY',
      'failed-precondition',
      'couponNotApplicable',
    ],
  ])('refuses %s', async (_label, promocode, code, messageKey) => {
    const uid = await createMember(bed);

    const error = await rejectionOf(preview(uid, { kind: 'credits', packageId: 'p5', promocode }));

    expect(error.code).toBe(code);
    expect(error.details).toMatchObject({ messageKey });
  });

  it('refuses an unknown package and a package of another kind', async () => {
    const uid = await createMember(bed);
    const unknown = await rejectionOf(preview(uid, { kind: 'credits', packageId: 'nope' }));
    const otherKind = await rejectionOf(preview(uid, { kind: 'credits', packageId: 'sp2' }));
    expect([unknown.code, otherKind.code]).toEqual(['not-found', 'not-found']);
  });
});

describe('coupons at checkout', () => {
  it('charges the price after the coupon and counts the redemption once', async () => {
    const uid = await createMember(bed);
    const { sessionId } = await checkout(uid, {
      kind: 'credits',
      packageId: 'p5',
      promocode: 'WELCOME10',
    });
    expect((await bed.stripe.checkout.sessions.retrieve(sessionId)).amount_total).toBe(5850);
    expect(await valueAt(bed, paths.payment(sessionId))).toMatchObject({
      subtotal: 6500,
      discount: 650,
      amount: 5850,
      coupon: 'WELCOME10',
    });

    await bed.control(`checkout_sessions/${sessionId}/complete`);
    await bed.sandbox.idle();
    const completed = bed.sandbox
      .events()
      .filter((event) => event.type === 'checkout.session.completed');
    for (const event of completed) await bed.control(`events/${event.id}/resend`);
    await bed.sandbox.idle();

    expect(await valueAt(bed, `${paths.coupon('WELCOME10')}/redeemed`)).toBe(1);
    const redemptions = (await valueAt(bed, paths.memberRedemptions('WELCOME10', uid))) as Record<
      string,
      unknown
    >;
    expect(Object.keys(redemptions)).toEqual([sessionId]);
    expect(redemptions[sessionId]).toMatchObject({ paymentId: sessionId, discount: 650 });
    // The marker lives outside the catalogue, so crear-cupones lists Coupons without it.
    expect(await valueAt(bed, `${paths.coupon('WELCOME10')}/redemptions`)).toBeNull();
    expect(await valueAt(bed, paths.couponRedemptionEntry('WELCOME10', sessionId))).toMatchObject({
      uid,
      discount: 650,
      counted: true,
    });
  });

  it('refuses a coupon the member already used up to its per-member limit', async () => {
    const uid = await createMember(bed);
    const first = await checkout(uid, { kind: 'credits', packageId: 'p5', promocode: 'ONCE' });
    await bed.control(`checkout_sessions/${first.sessionId}/complete`);
    await bed.sandbox.idle();
    const before = await dump(bed.backend.db);

    const error = await rejectionOf(
      checkout(uid, { kind: 'credits', packageId: 'p5', promocode: 'ONCE' }),
    );

    expect(error.code).toBe('failed-precondition');
    expect(error.details).toMatchObject({ messageKey: 'couponPerMemberLimit' });
    await expectOnlyCouponAttempt(uid, before);
    // Another member may still use it.
    const other = await createMember(bed);
    expect(
      await preview(other, { kind: 'credits', packageId: 'p5', promocode: 'ONCE' }),
    ).toMatchObject({
      amount: 6000,
    });
  });

  it.each([
    ['expired', 'OLD', 'couponExpired'],
    ['used up', 'GONE', 'couponUsedUp'],
  ])('refuses to open a checkout with an %s coupon', async (_label, promocode, messageKey) => {
    const uid = await createMember(bed);
    const error = await rejectionOf(checkout(uid, { kind: 'credits', packageId: 'p5', promocode }));
    expect(error.details).toMatchObject({ messageKey });
    expect(await valueAt(bed, paths.stripeCustomer(uid))).toBeNull();
  });
});

/**
 * The review's race: limits counted paid purchases only, so checkouts opened before either was
 * paid all got the coupon. Each open checkout now holds it (CouponHolds/{code}).
 */
describe('a limited coupon held by open checkouts', () => {
  let n = 0;
  /** A fresh coupon of its own for each case (the bed's database is shared). */
  async function limitedCoupon(limits: { maxRedemptions?: number; maxPerMember?: number }) {
    const code = `HALF${++n}`;
    await bed.backend.db
      .ref(paths.coupon(code))
      .set({ code, percentOff: 50, active: true, redeemed: 0, ...limits });
    return code;
  }
  const pack = (promocode: string) => ({ kind: 'credits', packageId: 'p5', promocode });
  async function pay(sessionId: string) {
    await bed.control(`checkout_sessions/${sessionId}/complete`);
    await bed.sandbox.idle();
  }

  it('refuses a second checkout opened before the first is paid, writing nothing', async () => {
    const code = await limitedCoupon({ maxRedemptions: 1, maxPerMember: 1 });
    const uid = await createMember(bed);
    const first = await checkout(uid, pack(code));
    const holds = (await valueAt(bed, paths.couponHolds(code))) as Record<string, unknown>;
    expect(Object.values(holds)).toEqual([{ uid, expiresAt: expect.any(Number) as unknown }]);
    expect(await valueAt(bed, paths.payment(first.sessionId))).toMatchObject({
      couponHold: Object.keys(holds)[0],
    });
    const before = await dump(bed.backend.db);

    const error = await rejectionOf(checkout(uid, pack(code)));

    expect(error.code).toBe('failed-precondition');
    expect(error.details).toMatchObject({ messageKey: 'couponUsedUp' });
    await expectOnlyCouponAttempt(uid, before);

    // Paid: counted once, the hold gone with the count, and still no second use.
    await pay(first.sessionId);
    expect(await valueAt(bed, `${paths.coupon(code)}/redeemed`)).toBe(1);
    expect(await valueAt(bed, paths.couponHolds(code))).toBeNull();
    expect((await rejectionOf(checkout(uid, pack(code)))).details).toMatchObject({
      messageKey: 'couponUsedUp',
    });
  });

  it('lets exactly as many checkouts open as the coupon has redemptions left, racing', async () => {
    const code = await limitedCoupon({ maxRedemptions: 2 });
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember(bed)));

    const outcomes = await Promise.allSettled(members.map((uid) => checkout(uid, pack(code))));

    const opened = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(opened).toHaveLength(2);
    for (const outcome of outcomes)
      if (outcome.status === 'rejected')
        expect((outcome.reason as { details: unknown }).details).toMatchObject({
          messageKey: 'couponUsedUp',
        });
    expect(Object.keys((await valueAt(bed, paths.couponHolds(code))) as object)).toHaveLength(2);
    for (const outcome of opened) await pay(outcome.value.sessionId);
    expect(await valueAt(bed, `${paths.coupon(code)}/redeemed`)).toBe(2);
  });

  it('holds one per member for a per-member limit, racing, and lets others in', async () => {
    const code = await limitedCoupon({ maxPerMember: 1 });
    const uid = await createMember(bed);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 4 }, () => checkout(uid, pack(code))),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const other = await createMember(bed);
    await expect(checkout(other, pack(code))).resolves.toMatchObject({
      url: expect.any(String) as unknown,
    });
  });

  it('gives the hold back when Stripe expires the session, and the page lives no longer than it', async () => {
    const code = await limitedCoupon({ maxRedemptions: 1 });
    const uid = await createMember(bed);
    const { sessionId } = await checkout(uid, pack(code));
    const session = await bed.stripe.checkout.sessions.retrieve(sessionId);
    const [hold] = Object.values((await valueAt(bed, paths.couponHolds(code))) as object) as {
      expiresAt: number;
    }[];
    expect(session.expires_at * 1000).toBeLessThanOrEqual(hold?.expiresAt ?? 0);
    expect(session.expires_at - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(31 * 60);
    const other = await createMember(bed);
    expect((await rejectionOf(checkout(other, pack(code)))).details).toMatchObject({
      messageKey: 'couponUsedUp',
    });

    // POST /v1/checkout/sessions/{id}/expire: Stripe sends checkout.session.expired.
    await bed.stripe.checkout.sessions.expire(sessionId);
    await bed.sandbox.idle();

    expect(await valueAt(bed, paths.couponHolds(code))).toBeNull();
    expect(await valueAt(bed, `${paths.payment(sessionId)}/status`)).toBe('expired');
    await expect(checkout(other, pack(code))).resolves.toMatchObject({
      url: expect.any(String) as unknown,
    });
  });

  it('does not count a hold whose page closed without an event', async () => {
    const code = await limitedCoupon({ maxRedemptions: 1 });
    await bed.backend.db
      .ref(paths.couponHold(code, 'lapsed'))
      .set({ uid: 'someone', expiresAt: Date.now() - 1 });
    const uid = await createMember(bed);
    await checkout(uid, pack(code));
    // The lapsed hold went with the new one's write.
    const holds = (await valueAt(bed, paths.couponHolds(code))) as Record<string, unknown>;
    expect(Object.keys(holds)).not.toContain('lapsed');
    expect(Object.keys(holds)).toHaveLength(1);
  });
});

describe('a coupon that takes the price under the minimum card charge', () => {
  beforeAll(async () => {
    await bed.backend.db.ref().update({
      [paths.coupon('FREE100')]: { code: 'FREE100', percentOff: 100, active: true, redeemed: 0 },
      [paths.coupon('ALMOST')]: { code: 'ALMOST', amountOff: 6480, active: true, redeemed: 0 },
    });
  });

  it.each([
    ['a 100 % coupon', 'FREE100', '$0.00 USD'],
    ['a coupon leaving 20 cents', 'ALMOST', '$0.20 USD'],
  ])('previews %s as failed-precondition with the amounts', async (_label, promocode, amount) => {
    const uid = await createMember(bed);

    const error = await rejectionOf(preview(uid, { kind: 'credits', packageId: 'p5', promocode }));

    expect(error.code).toBe('failed-precondition');
    expect(error.details).toMatchObject({
      messageKey: 'amountBelowMinimum',
      params: { amount, minimum: '$0.50 USD' },
    });
  });

  it('opens no checkout, creates no customer and writes nothing', async () => {
    const uid = await createMember(bed);
    const before = await dump(bed.backend.db);
    const sessionsBefore = (await bed.stripe.checkout.sessions.list({ limit: 100 })).data.length;

    const error = await rejectionOf(
      checkout(uid, { kind: 'credits', packageId: 'p5', promocode: 'FREE100' }),
    );

    expect(error.code).toBe('failed-precondition');
    expect(error.details).toMatchObject({ messageKey: 'amountBelowMinimum' });
    await expectOnlyCouponAttempt(uid, before);
    expect((await bed.stripe.checkout.sessions.list({ limit: 100 })).data).toHaveLength(
      sessionsBefore,
    );
  });

  it('refuses it for the monthly plan too', async () => {
    const uid = await createMember(bed);
    const error = await rejectionOf(checkout(uid, { kind: 'subscription', promocode: 'FREE100' }));
    expect(error.details).toMatchObject({ messageKey: 'amountBelowMinimum' });
  });
});

describe('recordCouponRedemption', () => {
  const redeem = (code: string, paymentId: string) =>
    recordCouponRedemption(bed.backend.db, { code, uid: 'u-red', paymentId, discount: 100 }, 1000);

  it('counts a payment whose marker was written but not counted (a crash in between) once', async () => {
    await bed.backend.db.ref().update({
      [paths.coupon('RETRY')]: { code: 'RETRY', percentOff: 10, active: true, redeemed: 4 },
      [paths.couponRedemptionEntry('RETRY', 'cs_crash')]: { uid: 'u-red', discount: 100, at: 900 },
    });
    await redeem('RETRY', 'cs_crash');
    await redeem('RETRY', 'cs_crash');
    expect(await valueAt(bed, `${paths.coupon('RETRY')}/redeemed`)).toBe(5);
    expect(await valueAt(bed, paths.couponRedemptionEntry('RETRY', 'cs_crash'))).toEqual({
      uid: 'u-red',
      discount: 100,
      at: 900,
      counted: true,
    });
  });

  it('does not count again a payment an older coupon still lists under redemptions', async () => {
    await bed.backend.db.ref(paths.coupon('OLDSTYLE')).set({
      code: 'OLDSTYLE',
      percentOff: 10,
      active: true,
      redeemed: 1,
      redemptions: { cs_old: 500 },
    });
    await redeem('OLDSTYLE', 'cs_old');
    await redeem('OLDSTYLE', 'cs_new');
    expect(await valueAt(bed, `${paths.coupon('OLDSTYLE')}/redeemed`)).toBe(2);
    expect(await valueAt(bed, paths.couponRedemptionLog('OLDSTYLE'))).toMatchObject({
      cs_old: { uid: 'u-red', counted: true },
      cs_new: { uid: 'u-red', counted: true },
    });
  });

  it('counts nothing for a coupon deleted since checkout, and creates no coupon', async () => {
    await redeem('DELETED', 'cs_gone');
    expect(await valueAt(bed, paths.coupon('DELETED'))).toBeNull();
    expect(await valueAt(bed, paths.couponRedemptionLog('DELETED'))).toBeNull();
    expect(await valueAt(bed, paths.memberRedemption('DELETED', 'u-red', 'cs_gone'))).toMatchObject(
      {
        paymentId: 'cs_gone',
      },
    );
  });
});

describe('moveCouponRedemptions (the backfill of coupons from before the markers moved)', () => {
  it('writes counted markers from CodeCloudStore, drops the old map and keeps the count', async () => {
    await bed.backend.db.ref().update({
      [paths.coupon('LEGACY')]: {
        code: 'LEGACY',
        percentOff: 10,
        active: true,
        redeemed: 2,
        redemptions: { cs_l1: 100, cs_l2: 200 },
      },
      [paths.memberRedemption('LEGACY', 'u-a', 'cs_l1')]: {
        paymentId: 'cs_l1',
        discount: 650,
        at: 100,
      },
      [paths.memberRedemption('LEGACY', 'u-b', 'cs_l2')]: {
        paymentId: 'cs_l2',
        discount: 300,
        at: 200,
      },
    });

    const report = await moveCouponRedemptions(bed.backend.db);
    expect(report.markers).toBe(2);
    expect(await valueAt(bed, paths.coupon('LEGACY'))).toEqual({
      code: 'LEGACY',
      percentOff: 10,
      active: true,
      redeemed: 2,
    });
    expect(await valueAt(bed, paths.couponRedemptionLog('LEGACY'))).toEqual({
      cs_l1: { uid: 'u-a', discount: 650, at: 100, counted: true },
      cs_l2: { uid: 'u-b', discount: 300, at: 200, counted: true },
    });

    // A redelivery of an old payment after the move is not counted again; a repeat moves nothing.
    await recordCouponRedemption(
      bed.backend.db,
      { code: 'LEGACY', uid: 'u-a', paymentId: 'cs_l1', discount: 650 },
      999,
    );
    expect(await valueAt(bed, `${paths.coupon('LEGACY')}/redeemed`)).toBe(2);
    expect((await moveCouponRedemptions(bed.backend.db)).coupons).toBe(0);
  });
});
