// Buying a plan and booking with it (docs/architecture/plans.md): the catalogue, the checkout and
// the membership the webhook writes, the plan paying for bookings up to its daily cap (counted in
// the studio's zone, in the member's transaction: of two racing bookings one wins), the member's
// choice of a credit, freezes refusing bookings until ended, and intro offers once per person.
// Real SDKs, the Stripe sandbox, the real webhook.
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingInvariantViolations, paths } from '@studio/core';
import {
  bookClass,
  createCheckoutSession,
  endFreeze,
  freezeMembership,
  previewPrice,
  savePlan,
} from '../../src/index';
import { expectRefusedUnchanged } from '../booking/fixtures';
import { callableRequest, rejectionOf } from '../support/callable';
import { CHECKOUT_URLS, usePaymentsTestBed, valueAt } from '../payments/support';
import {
  DAILY,
  INTRO_WEEK,
  buyPlan,
  classAt,
  createPlan,
  membershipOf,
  newMember,
  seedPlansStudio,
  subscriptionOf,
} from './support';

const bed = usePaymentsTestBed();
let daily: string;
beforeAll(async () => {
  await seedPlansStudio(bed);
  daily = await createPlan(DAILY);
});

const book = (caller: { uid: string }, classId: string, payWith?: 'plan' | 'credits') =>
  bookClass.run(callableRequest({ classId, ...(payWith ? { payWith } : {}) }, caller));

describe('the plan catalogue', () => {
  it('is saved by admins only, audited, and sold through a Stripe price made at first checkout', async () => {
    const member = await newMember(bed);
    const refused = await rejectionOf(savePlan.run(callableRequest({ plan: DAILY }, member)));
    expect(refused.code).toBe('permission-denied');
    const plan = (await valueAt(bed, paths.plan(daily))) as Record<string, unknown>;
    expect(plan).toMatchObject({ kind: 'unlimited', dailyCap: 1, price: 9900 });
    const audit = Object.values(
      ((await valueAt(bed, paths.auditLog())) ?? {}) as Record<
        string,
        { action: string; target?: string }
      >,
    );
    expect(
      audit.some((entry) => entry.action === 'savePlan' && entry.target === paths.plan(daily)),
    ).toBe(true);
    const preview = await previewPrice.run(
      callableRequest({ kind: 'plan', planId: daily }, member),
    );
    expect(preview).toEqual({ amount: 9900, currency: 'USD', discount: 0 });
  });
});

describe('buying a plan', () => {
  it('makes the membership from the paid subscription, with the plan’s terms', async () => {
    const member = await newMember(bed);
    const membership = await buyPlan(bed, member, daily);
    expect(membership).toMatchObject({
      planId: daily,
      source: 'stripe',
      status: 'active',
      terms: { kind: 'unlimited', dailyCap: 1 },
    });
    expect((await subscriptionOf(bed, membership)).billing_mode.type).toBe('flexible');
    expect(await valueAt(bed, paths.membershipRecord(membership.id))).toMatchObject({
      uid: member.uid,
    });
    expect(await valueAt(bed, paths.userField(member.uid, 'activeSuscription'))).toBe(true);
    // One plan at a time, as one subscription.
    const again = await rejectionOf(
      createCheckoutSession.run(
        callableRequest({ ...CHECKOUT_URLS, kind: 'plan', planId: daily }, member),
      ),
    );
    expect(again.details).toMatchObject({ messageKey: 'alreadySubscribed' });
  });
});

describe('booking with a plan', () => {
  it('pays one class a day, refuses a second the same day with the message, and books the next day', async () => {
    const member = await newMember(bed);
    await buyPlan(bed, member, daily);
    const [morning, evening, tomorrow] = await Promise.all([
      classAt(bed, 1, '07:00'),
      classAt(bed, 1, '19:00'),
      classAt(bed, 2, '07:00'),
    ]);
    expect(await book(member, morning)).toMatchObject({ paidBy: 'plan' });
    await expectRefusedUnchanged(
      bed.backend.db,
      () => book(member, evening),
      'failed-precondition',
      'planCapReached',
      { uid: member.uid, action: 'book' },
    );
    expect(await book(member, tomorrow)).toMatchObject({ paidBy: 'plan' });
    const ledger = (await valueAt(bed, paths.creditLedger(member.uid))) as Record<
      string,
      { type: string }
    >;
    expect(Object.values(ledger).filter((entry) => entry.type === 'plan-use')).toHaveLength(2);
  });

  it('lets exactly one of two bookings racing over a cap of one through', async () => {
    const member = await newMember(bed);
    await buyPlan(bed, member, daily);
    const [a, b] = await Promise.all([classAt(bed, 3, '07:00'), classAt(bed, 3, '18:00')]);
    const results = await Promise.allSettled([book(member, a), book(member, b)]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toMatchObject({
      details: { messageKey: 'planCapReached' },
    });
    const root = await valueAt(bed, '/');
    expect(bookingInvariantViolations(root, { nowMs: Date.now(), quiescent: true })).toEqual([]);
  });

  it('uses a credit when the member chooses one, or when the cap is reached and a credit is left', async () => {
    const member = await newMember(bed, { credits: 2 });
    await buyPlan(bed, member, daily);
    const [a, b, c] = await Promise.all([
      classAt(bed, 4, '07:00'),
      classAt(bed, 4, '12:00'),
      classAt(bed, 4, '19:00'),
    ]);
    expect(await book(member, a, 'credits')).toMatchObject({ paidBy: 'credits' });
    expect(await book(member, b)).toMatchObject({ paidBy: 'plan' });
    // Cap reached: the credit pays (as the app showed before confirming) …
    expect(await book(member, c)).toMatchObject({ paidBy: 'credits' });
  });
});

describe('a freeze', () => {
  it('pauses billing, refuses bookings inside it, and ends early so the member books again', async () => {
    const member = await newMember(bed, { credits: 1 });
    const membership = await buyPlan(bed, member, daily);
    const inside = await classAt(bed, 5, '07:00');
    const frozen = await freezeMembership.run(callableRequest({ days: 14 }, member));
    expect(frozen.until - frozen.from).toBeGreaterThan(13 * 24 * 3_600_000);
    await bed.sandbox.idle();
    expect((await subscriptionOf(bed, membership)).status).toBe('paused');
    // Still the member's plan while paused.
    expect(await valueAt(bed, paths.userField(member.uid, 'activeSuscription'))).toBe(true);
    await expectRefusedUnchanged(
      bed.backend.db,
      () => book(member, inside),
      'failed-precondition',
      'planFrozen',
      { uid: member.uid, action: 'book' },
    );
    const second = await rejectionOf(freezeMembership.run(callableRequest({ days: 10 }, member)));
    expect(second.details).toMatchObject({ messageKey: 'alreadyFrozen' });

    await endFreeze.run(callableRequest({}, member));
    await bed.sandbox.idle();
    expect((await subscriptionOf(bed, membership)).status).toBe('active');
    expect((await membershipOf(bed, member.uid)).frozenUntil).toBeUndefined();
    expect(await book(member, inside)).toMatchObject({ paidBy: 'plan' });
    const notFrozen = await rejectionOf(endFreeze.run(callableRequest({}, member)));
    expect(notFrozen.details).toMatchObject({ messageKey: 'notFrozen' });
  });

  it('keeps to the studio’s limits', async () => {
    const member = await newMember(bed);
    await buyPlan(bed, member, daily);
    const short = await rejectionOf(freezeMembership.run(callableRequest({ days: 2 }, member)));
    expect(short.details).toMatchObject({ messageKey: 'freezeTooShort', params: { days: 7 } });
    const none = await newMember(bed);
    const noPlan = await rejectionOf(freezeMembership.run(callableRequest({ days: 14 }, none)));
    expect(noPlan.details).toMatchObject({ messageKey: 'noMembership' });
  });
});

describe('an intro offer', () => {
  it('sells the first period at the intro price once per person, and refuses a second try', async () => {
    const intro = await createPlan(INTRO_WEEK);
    const member = await newMember(bed, { email: 'newcomer.one+x@gmail.com' });
    const membership = await buyPlan(bed, member, intro);
    expect(membership.planId).toBe(intro);
    const subscription = await subscriptionOf(bed, membership);
    expect(subscription.status).toBe('trialing');
    const [invoice] = (await bed.stripe.invoices.list({ subscription: membership.id })).data;
    expect(invoice?.amount_paid).toBe(2900);

    const again = await rejectionOf(
      createCheckoutSession.run(
        callableRequest({ ...CHECKOUT_URLS, kind: 'plan', planId: intro }, member),
      ),
    );
    expect(again.details).toMatchObject({ messageKey: 'introAlreadyUsed' });
    // A second account of the same person (the same Gmail address, written differently).
    const twin = await newMember(bed, { email: 'NewcomerOne@gmail.com' });
    await expectRefusedUnchanged(
      bed.backend.db,
      () =>
        createCheckoutSession.run(
          callableRequest({ ...CHECKOUT_URLS, kind: 'plan', planId: intro }, twin),
        ),
      'failed-precondition',
      'introAlreadyUsed',
      { uid: twin.uid, action: 'checkout' },
    );
  });
});
