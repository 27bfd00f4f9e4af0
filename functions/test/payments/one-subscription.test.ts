// A member holds one subscription: two subscription checkouts opened at once, a claim
// given back when its checkout expires, and a second subscription paid anyway (a race on Stripe's
// side) cancelled and refunded instead of granted. Also: where a checkout may send the member back.
import { describe, expect, it } from 'vitest';
import { paths } from '@studio/core';
import { createCheckoutSession } from '../../src/index';
import { dump } from '../support/backend';
import { callableRequest, rejectionOf } from '../support/callable';
import {
  CHECKOUT_URLS,
  createMember,
  creditsOf,
  ledgerBalanceMatchesCredits,
  usePaymentsTestBed,
  valueAt,
} from './support';

const bed = usePaymentsTestBed();

function checkout(uid: string, data: Record<string, unknown>) {
  return createCheckoutSession.run(callableRequest({ ...CHECKOUT_URLS, ...data }, { uid }));
}

describe('one subscription per member', () => {
  it('refuses a second subscription checkout opened at the same time', async () => {
    const uid = await createMember(bed);

    const outcomes = await Promise.allSettled([
      checkout(uid, { kind: 'subscription' }),
      checkout(uid, { kind: 'subscription' }),
    ]);

    const opened = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(opened).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(refused?.reason).toMatchObject({
      code: 'failed-precondition',
      details: { messageKey: 'subscriptionCheckoutOpen' },
    });
    const sessionId = (opened[0] as PromiseFulfilledResult<{ sessionId: string }>).value.sessionId;
    expect(await valueAt(bed, paths.subscriptionClaim(uid))).toMatchObject({ sessionId });
    // The page cannot outlive the claim.
    const session = await bed.stripe.checkout.sessions.retrieve(sessionId);
    expect(session.expires_at - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(31 * 60);
  });

  it('gives the claim back when the checkout expires, so the member can try again', async () => {
    const uid = await createMember(bed);
    const { sessionId } = await checkout(uid, { kind: 'subscription' });

    await bed.stripe.checkout.sessions.expire(sessionId);
    await bed.sandbox.idle();

    expect(await valueAt(bed, paths.subscriptionClaim(uid))).toBeNull();
    const again = await checkout(uid, { kind: 'subscription' });
    expect(again.sessionId).not.toBe(sessionId);
  });

  it('a second subscription paid anyway is cancelled and refunded, not granted', async () => {
    const uid = await createMember(bed);
    const first = await checkout(uid, { kind: 'subscription' });
    // The race on Stripe's side: the first page outlived its claim and a second one opened.
    await bed.backend.db.ref(paths.subscriptionClaim(uid)).remove();
    const second = await checkout(uid, { kind: 'subscription' });

    await bed.control(`checkout_sessions/${first.sessionId}/complete`);
    await bed.control(`checkout_sessions/${second.sessionId}/complete`);
    await bed.sandbox.idle();

    const subscriptionOf = async (sessionId: string) =>
      (await bed.stripe.checkout.sessions.retrieve(sessionId)).subscription as string;
    const ids = [await subscriptionOf(first.sessionId), await subscriptionOf(second.sessionId)];
    const statuses = await Promise.all(
      ids.map(async (id) => (await bed.stripe.subscriptions.retrieve(id)).status),
    );
    expect([...statuses].sort()).toEqual(['active', 'canceled']);
    const kept = ids[statuses.indexOf('active')];
    expect(await valueAt(bed, paths.user(uid))).toMatchObject({
      activeSuscription: true,
      activeSuscriptionId: kept,
    });
    expect(Object.keys(await creditsOf(bed, uid))).toHaveLength(30);
    expect(await ledgerBalanceMatchesCredits(bed, uid)).toBe(true);
    // The duplicate's money went back.
    const cancelled = ids[statuses.indexOf('canceled')] ?? '';
    const [invoice] = (await bed.stripe.invoices.list({ subscription: cancelled })).data;
    const [payment] = (await bed.stripe.invoicePayments.list({ invoice: invoice?.id ?? '' })).data;
    const [charge] = (
      await bed.stripe.charges.list({ payment_intent: payment?.payment.payment_intent as string })
    ).data;
    expect(charge?.refunded).toBe(true);
    const duplicateSession = statuses[0] === 'canceled' ? first : second;
    expect(await valueAt(bed, `${paths.payment(duplicateSession.sessionId)}/status`)).toBe(
      'refunded',
    );
    expect(await valueAt(bed, paths.subscriptionClaim(uid))).toMatchObject({
      subscriptionId: kept,
    });
  });
});

describe('a second plan the member already had', () => {
  it('is cancelled, but the periods already granted keep their money; a new period is refunded', async () => {
    const uid = await createMember(bed);
    const subscriptionOf = async (sessionId: string) =>
      (await bed.stripe.checkout.sessions.retrieve(sessionId)).subscription as string;
    const chargeOf = async (invoiceId: string) => {
      const [payment] = (await bed.stripe.invoicePayments.list({ invoice: invoiceId })).data;
      const [charge] = (
        await bed.stripe.charges.list({ payment_intent: payment?.payment.payment_intent as string })
      ).data;
      return charge;
    };
    // Two plans both granted, as a member could have before one plan per member was enforced:
    // the first one's claim is gone by the time the second is paid.
    const first = await checkout(uid, { kind: 'subscription' });
    await bed.backend.db.ref(paths.subscriptionClaim(uid)).remove();
    const second = await checkout(uid, { kind: 'subscription' });
    for (const session of [first, second]) {
      await bed.backend.db.ref(paths.subscriptionClaim(uid)).remove();
      await bed.control(`checkout_sessions/${session.sessionId}/complete`);
      await bed.sandbox.idle();
    }
    expect(Object.keys(await creditsOf(bed, uid))).toHaveLength(60);
    const older = await subscriptionOf(first.sessionId);
    const [granted] = (await bed.stripe.invoices.list({ subscription: older })).data;

    // The older plan renews: it no longer holds the member's claim.
    await bed.control(`subscriptions/${older}/renew`);
    await bed.sandbox.idle();

    expect((await bed.stripe.subscriptions.retrieve(older)).status).toBe('canceled');
    const invoices = (await bed.stripe.invoices.list({ subscription: older })).data;
    const renewal = invoices.find((invoice) => invoice.id !== granted?.id);
    expect((await chargeOf(granted?.id ?? ''))?.refunded).toBe(false);
    expect((await chargeOf(renewal?.id ?? ''))?.refunded).toBe(true);
    expect(await valueAt(bed, `${paths.payment(first.sessionId)}/status`)).not.toBe('refunded');
    expect(Object.keys(await creditsOf(bed, uid))).toHaveLength(60);
    expect(await ledgerBalanceMatchesCredits(bed, uid)).toBe(true);
  });
});

describe('where a checkout may send the member back', () => {
  it.each([
    ['successUrl', 'https://evil.example/thanks'],
    ['cancelUrl', 'https://studio.example.evil.test/paquetes'],
    ['successUrl', 'http://127.0.0.1:5001/x'],
  ])('refuses a %s outside the app (%s) and writes nothing but the attempt', async (field, url) => {
    const uid = await createMember(bed);
    const before = await dump(bed.backend.db);

    const error = await rejectionOf(
      checkout(uid, { kind: 'credits', packageId: 'p5', [field]: url }),
    );

    expect(error.code).toBe('invalid-argument');
    expect(error.details).toMatchObject({ messageKey: 'checkoutUrlNotAllowed' });
    // The refused call counts as a checkout attempt (a script's refusals use up its window).
    const counter = paths.rateLimit(uid, 'checkout');
    expect((await bed.backend.db.ref(counter).get()).val()).toMatchObject({ count: 1 });
    await bed.backend.db.ref(counter).remove();
    expect(await dump(bed.backend.db)).toEqual(before);
  });

  it('accepts the origins named in APP_ORIGINS', async () => {
    const uid = await createMember(bed);
    process.env['APP_ORIGINS'] = 'https://studio.example';
    try {
      const { sessionId } = await checkout(uid, {
        kind: 'credits',
        packageId: 'p5',
        successUrl: 'https://studio.example/tabs/gracias-compra',
        cancelUrl: 'https://studio.example/paquetes',
      });
      expect(sessionId).toMatch(/^cs_/);
      const refused = await rejectionOf(checkout(uid, { kind: 'credits', packageId: 'p5' }));
      expect(refused.code).toBe('invalid-argument');
    } finally {
      delete process.env['APP_ORIGINS'];
    }
  });
});
