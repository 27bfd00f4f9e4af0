// End to end through the Stripe sandbox: the callable creates the session, the sandbox completes
// it and delivers the signed webhooks to the real `stripeWebhook`, and the credits and payment
// record appear.
import { describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { paths, paymentBranchKey } from '@studio/core';
import { createCheckoutSession } from '../../src/index';
import { callableRequest, rejectionOf } from '../support/callable';
import {
  CHECKOUT_URLS,
  createMember,
  creditsOf,
  ledgerBalanceMatchesCredits,
  ledgerOf,
  usePaymentsTestBed,
  valueAt,
} from './support';
import { stripeEvent } from './stripe-objects';

const bed = usePaymentsTestBed();

async function checkout(uid: string, data: Record<string, unknown>) {
  return createCheckoutSession.run(
    callableRequest(
      { ...CHECKOUT_URLS, ...data },
      { uid, claims: { email: `${uid}@example.test` } },
    ),
  );
}

async function pay(sessionId: string): Promise<void> {
  await bed.control(`checkout_sessions/${sessionId}/complete`);
  await bed.sandbox.idle();
}

async function payment(id: string): Promise<Record<string, unknown>> {
  return (await valueAt(bed, paths.payment(id))) as Record<string, unknown>;
}

describe('buying packages through Stripe Checkout', () => {
  it.each([
    ['credits', 'p5', 'regular', 5, 6500, 5],
    ['spcredits', 'sp2', 'special', 2, 3000, 0],
    ['train-credits', 'tr3', 'train', 3, 4500, 0],
  ] as const)(
    'a %s package grants its credits once the checkout is paid',
    async (kind, packageId, creditKind, count, amount, regularBalance) => {
      const uid = await createMember(bed);

      const { sessionId, url } = await checkout(uid, { kind, packageId });

      expect(url).toBe(`${bed.sandbox.url}/checkout/${sessionId}`);
      expect(await payment(sessionId)).toMatchObject({ uid, kind, amount, status: 'pending' });
      expect(await creditsOf(bed, uid)).toEqual({});

      await pay(sessionId);

      const credits = Object.values(await creditsOf(bed, uid));
      expect(credits).toHaveLength(count);
      expect(credits.every((credit) => credit.kind === creditKind)).toBe(true);
      expect(credits.every((credit) => credit.sourceId === sessionId)).toBe(true);
      expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(regularBalance);
      expect(Object.values(await ledgerOf(bed, uid))).toEqual([
        expect.objectContaining({ type: 'grant', kind: creditKind, delta: count }),
      ]);
      expect(await payment(sessionId)).toMatchObject({
        status: 'paid',
        amount,
        currency: 'USD',
        stripeSessionId: sessionId,
      });
    },
  );

  it('puts the uid on the customer, the session and the payment intent', async () => {
    const uid = await createMember(bed);
    const { sessionId } = await checkout(uid, { kind: 'credits', packageId: 'p5' });
    await pay(sessionId);

    const session = await bed.stripe.checkout.sessions.retrieve(sessionId, {
      expand: ['payment_intent', 'customer'],
    });
    expect(session.client_reference_id).toBe(uid);
    expect(session.metadata).toMatchObject({ uid, kind: 'credits' });
    expect((session.payment_intent as Stripe.PaymentIntent).metadata).toMatchObject({ uid });
    expect((session.customer as Stripe.Customer).metadata).toMatchObject({ uid });
  });

  it('records the branch the member buys at with its branch-and-date key', async () => {
    const uid = await createMember(bed);
    const { sessionId } = await checkout(uid, {
      kind: 'credits',
      packageId: 'p5',
      branch: 'norte',
    });
    const record = (await payment(sessionId)) as { branch?: string; createdAt: number };
    expect(record).toMatchObject({
      branch: 'norte',
      branchCreatedAt: paymentBranchKey('norte', record.createdAt),
    });
  });

  it('keeps one Stripe customer per member across purchases', async () => {
    const uid = await createMember(bed);
    const first = await checkout(uid, { kind: 'credits', packageId: 'p5' });
    const second = await checkout(uid, { kind: 'spcredits', packageId: 'sp2' });

    const [a, b] = await Promise.all([
      bed.stripe.checkout.sessions.retrieve(first.sessionId),
      bed.stripe.checkout.sessions.retrieve(second.sessionId),
    ]);
    expect(a.customer).toBe(b.customer);
    const customerId = a.customer as string;
    expect(await valueAt(bed, paths.stripeCustomerUid(customerId))).toBe(uid);
    expect(await valueAt(bed, paths.stripeCustomer(uid))).toMatchObject({ customerId });
  });

  it('gives two simultaneous first checkouts of a new member both a session and one customer', async () => {
    const uid = await createMember(bed);

    const [first, second] = await Promise.all([
      checkout(uid, { kind: 'credits', packageId: 'p5' }),
      checkout(uid, { kind: 'train-credits', packageId: 'tr3' }),
    ]);

    const [a, b] = await Promise.all([
      bed.stripe.checkout.sessions.retrieve(first.sessionId),
      bed.stripe.checkout.sessions.retrieve(second.sessionId),
    ]);
    expect(a.customer).toBe(b.customer);
    expect(await valueAt(bed, paths.stripeCustomer(uid))).toMatchObject({ customerId: a.customer });
  });

  it('a cart of packages and shop products is charged in full and grants the packages', async () => {
    const uid = await createMember(bed);
    const { sessionId } = await checkout(uid, {
      kind: 'cart',
      items: [
        { type: 'package', id: 'p5', quantity: 2 },
        { type: 'product', category: 'Ropa', id: 'shirt', quantity: 1 },
      ],
    });
    const session = await bed.stripe.checkout.sessions.retrieve(sessionId);
    expect(session.amount_total).toBe(2 * 6500 + 2000);

    await pay(sessionId);

    expect(Object.keys(await creditsOf(bed, uid))).toHaveLength(10);
    expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(10);
    expect(await payment(sessionId)).toMatchObject({ status: 'paid', amount: 15000 });
  });

  it('the hosted page Pay button completes the purchase too', async () => {
    const uid = await createMember(bed);
    const { url } = await checkout(uid, { kind: 'train-credits', packageId: 'tr3' });

    const response = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(303);
    await bed.sandbox.idle();

    expect(Object.keys(await creditsOf(bed, uid))).toHaveLength(3);
  });

  it('every webhook delivered five times still grants once', async () => {
    const uid = await createMember(bed);
    const { sessionId } = await checkout(uid, { kind: 'credits', packageId: 'p5' });
    await bed.control('delivery', { duplicate: 5 });
    try {
      await pay(sessionId);
    } finally {
      await bed.control('delivery', { duplicate: 1 });
    }

    expect(Object.keys(await creditsOf(bed, uid))).toHaveLength(5);
    expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(5);
    expect(Object.keys(await ledgerOf(bed, uid))).toHaveLength(1);
  });

  it('rejects an inactive package and writes nothing', async () => {
    const uid = await createMember(bed);
    const error = await rejectionOf(checkout(uid, { kind: 'credits', packageId: 'old' }));
    expect(error.code).toBe('failed-precondition');
    expect(await valueAt(bed, paths.stripeCustomer(uid))).toBeNull();
  });

  it('rejects callers who are not signed in', async () => {
    const error = await rejectionOf(
      createCheckoutSession.run(
        callableRequest({ ...CHECKOUT_URLS, kind: 'credits', packageId: 'p5' }, null),
      ),
    );
    expect(error.code).toBe('unauthenticated');
  });

  it('refuses an amount sent by the client', async () => {
    const uid = await createMember(bed);
    const error = await rejectionOf(checkout(uid, { kind: 'credits', packageId: 'p5', amount: 1 }));
    expect(error.code).toBe('invalid-argument');
  });
});

describe('the monthly plan', () => {
  it('grants 30 credits per paid period, once, and ends when cancelled', async () => {
    const uid = await createMember(bed);
    const { sessionId } = await checkout(uid, { kind: 'subscription' });
    const session = await bed.stripe.checkout.sessions.retrieve(sessionId);
    expect(session.mode).toBe('subscription');
    expect(session.amount_total).toBe(3900);

    await pay(sessionId);

    const subscriptionId = (await bed.stripe.checkout.sessions.retrieve(sessionId))
      .subscription as string;
    expect(await valueAt(bed, paths.user(uid))).toMatchObject({
      Credits: 30,
      activeSuscription: true,
      activeSuscriptionId: subscriptionId,
    });
    expect(await payment(sessionId)).toMatchObject({
      status: 'paid',
      stripeSubscriptionId: subscriptionId,
      subscriptionPrice: 'discounted',
    });

    await bed.control(`subscriptions/${subscriptionId}/renew`);
    await bed.sandbox.idle();
    expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(60);
    expect(
      Object.keys((await valueAt(bed, paths.subscriptionGrants(subscriptionId))) as object),
    ).toHaveLength(2);

    // Replays of every invoice.paid so far add nothing.
    const paid = bed.sandbox.events().filter((event) => event.type === 'invoice.paid');
    for (const event of paid) await bed.control(`events/${event.id}/resend`);
    await bed.sandbox.idle();
    expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(60);

    const again = await rejectionOf(checkout(uid, { kind: 'subscription' }));
    expect(again.code).toBe('failed-precondition');
    expect(again.details).toMatchObject({ messageKey: 'alreadySubscribed' });

    await bed.control(`subscriptions/${subscriptionId}/cancel`);
    await bed.sandbox.idle();
    expect(await valueAt(bed, paths.user(uid))).toMatchObject({ activeSuscription: false });
    expect(await valueAt(bed, paths.userField(uid, 'activeSuscriptionId'))).toBeNull();
    expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(60);
    expect(await ledgerBalanceMatchesCredits(bed, uid)).toBe(true);
  });

  it('an older update of the same second, delivered last, does not undo what Stripe holds now', async () => {
    const uid = await createMember(bed);
    const { sessionId } = await checkout(uid, { kind: 'subscription' });
    await pay(sessionId);
    const subscriptionId = (await bed.stripe.checkout.sessions.retrieve(sessionId))
      .subscription as string;
    const known = (await valueAt(bed, paths.stripeSubscription(subscriptionId))) as {
      eventCreated: number;
    };
    // Stripe's `created` counts seconds: this update could be older or newer than the last one.
    const stale = {
      ...(await bed.stripe.subscriptions.retrieve(subscriptionId)),
      status: 'unpaid',
    };
    expect(
      await bed.deliver(stripeEvent('customer.subscription.updated', stale, known.eventCreated)),
    ).toBe(200);

    expect(await valueAt(bed, paths.stripeSubscription(subscriptionId))).toMatchObject({
      status: 'active',
    });
    expect(await valueAt(bed, paths.userField(uid, 'activeSuscription'))).toBe(true);
  });
});

describe('refunds', () => {
  it('a refund revokes the purchase credits not used yet', async () => {
    const uid = await createMember(bed);
    const { sessionId } = await checkout(uid, { kind: 'credits', packageId: 'p5' });
    await pay(sessionId);
    // A booking used one credit: the booking engine removes it and ledgers the use.
    const [usedId = ''] = Object.keys(await creditsOf(bed, uid)).sort();
    await bed.backend.db.ref().update({
      [paths.credit(uid, usedId)]: null,
      [paths.userField(uid, 'Credits')]: 4,
      [paths.creditLedgerEntry(uid, 'use-test')]: {
        type: 'use',
        kind: 'regular',
        delta: -1,
        creditId: usedId,
        reason: 'Booked a class',
        at: Date.now(),
        by: uid,
      },
    });

    const session = await bed.stripe.checkout.sessions.retrieve(sessionId);
    await bed.control(`charges/${session.payment_intent as string}/refund`);
    await bed.sandbox.idle();

    expect(await creditsOf(bed, uid)).toEqual({});
    expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(0);
    expect(Object.values(await ledgerOf(bed, uid))).toContainEqual(
      expect.objectContaining({ type: 'revoke', delta: -4 }),
    );
    expect(await payment(sessionId)).toMatchObject({
      status: 'refunded',
      amountRefunded: 6500,
      creditsRevoked: 4,
    });
    expect(await ledgerBalanceMatchesCredits(bed, uid)).toBe(true);
  });
});
