// The webhook's contract, table-driven: one row per handled event type, each delivered signed to
// the real `stripeWebhook` over HTTP; then signatures, replays, ordering and failures.
import { describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { paths } from '@studio/core';
import { createCheckoutSession } from '../../src/handlers/payments/checkout/create-checkout-session';
import {
  EVENT_CLAIM_MS,
  EventInFlight,
  HANDLED_EVENTS,
  processStripeEvent,
} from '../../src/handlers/payments/webhook/process-stripe-event';
import { handleStripeWebhook } from '../../src/handlers/payments/webhook/webhook';
import { dump } from '../support/backend';
import { hookedDatabase } from '../support/crash-db';
import {
  API_KEY,
  CHECKOUT_CONFIG,
  CHECKOUT_URLS,
  WEBHOOK_SECRET,
  createMember,
  creditsOf,
  ledgerOf,
  usePaymentsTestBed,
  valueAt,
} from './support';
import {
  invoiceObject,
  nowSeconds,
  stripeEvent,
  stripeId,
  subscriptionObject,
} from './stripe-objects';

const bed = usePaymentsTestBed();

/** A real pending purchase: the session as the sandbox returns it, with our Payments record. */
async function pendingSession(uid: string, kind: string, packageId: string) {
  const { sessionId } = await createCheckoutSession(
    bed.deps,
    {
      ...CHECKOUT_URLS,
      uid,
      kind: kind as 'credits',
      packageId,
    },
    CHECKOUT_CONFIG,
  );
  await bed.sandbox.idle();
  return bed.stripe.checkout.sessions.retrieve(sessionId);
}

interface Arranged {
  object: unknown;
  check: () => Promise<void>;
}

interface Row {
  type: keyof typeof HANDLED_EVENTS;
  /** Prepares the state and returns the event's object and what must hold afterwards. */
  arrange: (uid: string) => Arranged | Promise<Arranged>;
}

const subId = () => stripeId('sub', 16);

/** A paid 5-credit pack: its session, and the charge as Stripe reports it. */
async function paidPack(uid: string) {
  const session = await pendingSession(uid, 'credits', 'p5');
  await bed.control(`checkout_sessions/${session.id}/complete`);
  await bed.sandbox.idle();
  const paid = await bed.stripe.checkout.sessions.retrieve(session.id);
  const paymentIntent = paid.payment_intent as string;
  const [charge] = (await bed.stripe.charges.list({ payment_intent: paymentIntent })).data;
  if (!charge) throw new Error('no charge');
  expect(Object.keys(await creditsOf(bed, uid))).toHaveLength(5);
  return { session, charge, paymentIntent };
}

function disputeObject(chargeId: string, paymentIntent: string, status: string) {
  return {
    id: `du_${chargeId.slice(3)}`,
    object: 'dispute',
    amount: 6500,
    charge: chargeId,
    payment_intent: paymentIntent,
    currency: 'usd',
    reason: 'fraudulent',
    status,
  };
}

const rows: Row[] = [
  {
    type: 'checkout.session.completed',
    async arrange(uid) {
      const session = await pendingSession(uid, 'credits', 'p5');
      return {
        object: { ...session, status: 'complete', payment_status: 'paid' },
        async check() {
          expect(Object.keys(await creditsOf(bed, uid))).toHaveLength(5);
          expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(5);
          expect(await valueAt(bed, `${paths.payment(session.id)}/status`)).toBe('paid');
        },
      };
    },
  },
  {
    type: 'checkout.session.async_payment_succeeded',
    async arrange(uid) {
      const session = await pendingSession(uid, 'spcredits', 'sp2');
      return {
        object: { ...session, status: 'complete', payment_status: 'paid' },
        async check() {
          const credits = Object.values(await creditsOf(bed, uid));
          expect(credits.map((credit) => credit.kind)).toEqual(['special', 'special']);
          expect(await valueAt(bed, `${paths.payment(session.id)}/status`)).toBe('paid');
        },
      };
    },
  },
  {
    type: 'checkout.session.async_payment_failed',
    async arrange(uid) {
      const session = await pendingSession(uid, 'credits', 'p5');
      return {
        object: { ...session, status: 'complete', payment_status: 'unpaid' },
        async check() {
          expect(await creditsOf(bed, uid)).toEqual({});
          expect(await valueAt(bed, `${paths.payment(session.id)}/status`)).toBe('failed');
        },
      };
    },
  },
  {
    type: 'checkout.session.expired',
    async arrange(uid) {
      const session = await pendingSession(uid, 'train-credits', 'tr3');
      return {
        object: { ...session, status: 'expired' },
        async check() {
          expect(await creditsOf(bed, uid)).toEqual({});
          expect(await valueAt(bed, `${paths.payment(session.id)}/status`)).toBe('expired');
        },
      };
    },
  },
  {
    type: 'invoice.paid',
    arrange(uid) {
      const id = subId();
      const start = nowSeconds();
      const invoice = invoiceObject(uid, id, 'subscription_create', start);
      return {
        object: invoice,
        async check() {
          expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(30);
          expect(await valueAt(bed, paths.subscriptionGrant(id, String(start)))).toMatchObject({
            uid,
            invoiceId: invoice.id,
            credits: 30,
          });
        },
      };
    },
  },
  {
    type: 'invoice.payment_failed',
    arrange(uid) {
      const invoice = invoiceObject(uid, subId(), 'subscription_cycle', nowSeconds());
      return {
        object: invoice,
        async check() {
          const notifications = (await valueAt(bed, paths.notifications(uid))) as Record<
            string,
            unknown
          >;
          expect(Object.values(notifications)).toEqual([
            expect.objectContaining({ type: 'payment-failed', messageKey: 'notifPaymentFailed' }),
          ]);
          expect(await creditsOf(bed, uid)).toEqual({});
        },
      };
    },
  },
  {
    type: 'customer.subscription.created',
    arrange(uid) {
      const id = subId();
      return {
        object: subscriptionObject(uid, id, 'active'),
        async check() {
          expect(await valueAt(bed, paths.user(uid))).toMatchObject({
            activeSuscription: true,
            activeSuscriptionId: id,
          });
        },
      };
    },
  },
  {
    type: 'customer.subscription.updated',
    arrange(uid) {
      const id = subId();
      return {
        object: subscriptionObject(uid, id, 'past_due'),
        async check() {
          expect(await valueAt(bed, paths.stripeSubscription(id))).toMatchObject({
            uid,
            status: 'past_due',
          });
          // Grace period while Stripe retries the card.
          expect(await valueAt(bed, paths.userField(uid, 'activeSuscription'))).toBe(true);
        },
      };
    },
  },
  {
    type: 'customer.subscription.deleted',
    async arrange(uid) {
      const id = subId();
      await bed.backend.db
        .ref(paths.user(uid))
        .update({ activeSuscription: true, activeSuscriptionId: id });
      return {
        object: subscriptionObject(uid, id, 'canceled'),
        async check() {
          expect(await valueAt(bed, paths.userField(uid, 'activeSuscription'))).toBe(false);
          expect(await valueAt(bed, paths.userField(uid, 'activeSuscriptionId'))).toBeNull();
        },
      };
    },
  },
  {
    // A plan's freeze pauses its subscription: still the member's (docs/architecture/plans.md).
    type: 'customer.subscription.paused',
    arrange(uid) {
      const id = subId();
      return {
        object: subscriptionObject(uid, id, 'paused'),
        async check() {
          expect(await valueAt(bed, paths.user(uid))).toMatchObject({
            activeSuscription: true,
            activeSuscriptionId: id,
          });
          expect(await valueAt(bed, paths.stripeSubscription(id))).toMatchObject({
            status: 'paused',
          });
        },
      };
    },
  },
  {
    type: 'customer.subscription.resumed',
    arrange(uid) {
      const id = subId();
      return {
        object: subscriptionObject(uid, id, 'active'),
        async check() {
          expect(await valueAt(bed, paths.userField(uid, 'plan-state'))).toMatchObject({
            subscriptionId: id,
            status: 'active',
          });
        },
      };
    },
  },
  ...(['payment_intent.succeeded', 'payment_intent.payment_failed'] as const).map((type): Row => ({
    // A plan fee charged off-session: Stripe's outcome settles the fee (plans/fees.ts).
    type,
    async arrange(uid) {
      const at = Date.now();
      await bed.backend.db.ref().update({
        [paths.planFee(uid, 'late-b1')]: {
          reason: 'late-cancel',
          amount: 1000,
          currency: 'USD',
          membershipId: 'sub_1',
          status: 'pending',
          at,
          updatedAt: at,
        },
        [paths.planFeeQueueEntry(`${uid}-late-b1`)]: { uid, feeId: 'late-b1', at },
      });
      return {
        object: {
          id: `pi_${uid}`,
          object: 'payment_intent',
          metadata: { kind: 'plan-fee', uid, feeId: 'late-b1' },
        },
        async check() {
          expect(await valueAt(bed, `${paths.planFee(uid, 'late-b1')}/status`)).toBe(
            type === 'payment_intent.succeeded' ? 'charged' : 'failed',
          );
          expect(await valueAt(bed, paths.planFeeQueueEntry(`${uid}-late-b1`))).toBeNull();
        },
      };
    },
  })),
  {
    type: 'charge.refunded',
    async arrange(uid) {
      const session = await pendingSession(uid, 'credits', 'p5');
      await bed.control(`checkout_sessions/${session.id}/complete`);
      await bed.sandbox.idle();
      const paid = await bed.stripe.checkout.sessions.retrieve(session.id);
      const paymentIntent = paid.payment_intent as string;
      const [charge] = (await bed.stripe.charges.list({ payment_intent: paymentIntent })).data;
      expect(Object.keys(await creditsOf(bed, uid))).toHaveLength(5);
      return {
        object: { ...charge, amount_refunded: 6500, refunded: true },
        async check() {
          expect(await creditsOf(bed, uid)).toEqual({});
          expect(await valueAt(bed, `${paths.payment(session.id)}/status`)).toBe('refunded');
        },
      };
    },
  },
  {
    type: 'charge.dispute.created',
    async arrange(uid) {
      const { session, charge, paymentIntent } = await paidPack(uid);
      return {
        object: disputeObject(charge.id, paymentIntent, 'needs_response'),
        async check() {
          // Held: still in the list, not usable.
          const credits = Object.values(await creditsOf(bed, uid)) as { hold?: unknown }[];
          expect(credits).toHaveLength(5);
          expect(credits.every((credit) => credit.hold !== undefined)).toBe(true);
          expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(0);
          expect(await valueAt(bed, `${paths.payment(session.id)}/disputeStatus`)).toBe('open');
        },
      };
    },
  },
  {
    type: 'charge.dispute.closed',
    async arrange(uid) {
      const { session, charge, paymentIntent } = await paidPack(uid);
      const opened = stripeEvent(
        'charge.dispute.created',
        disputeObject(charge.id, paymentIntent, 'needs_response'),
      );
      expect(await bed.deliver(opened)).toBe(200);
      return {
        object: disputeObject(charge.id, paymentIntent, 'lost'),
        async check() {
          expect(await creditsOf(bed, uid)).toEqual({});
          expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(0);
          expect(await valueAt(bed, `${paths.payment(session.id)}/disputeStatus`)).toBe('lost');
          expect(
            Object.values(await ledgerOf(bed, uid))
              .map((entry) => entry.type)
              .sort(),
          ).toEqual(['grant', 'hold', 'revoke']);
        },
      };
    },
  },
];

describe('stripeWebhook, one row per handled event type', () => {
  it('covers every handled event type', () => {
    expect(rows.map((row) => row.type).sort()).toEqual(Object.keys(HANDLED_EVENTS).sort());
  });

  it.each(rows.map((row) => [row.type, row] as const))(
    '%s: applies its effect and records the event',
    async (_type, row) => {
      const uid = await createMember(bed);
      const { object, check } = await row.arrange(uid);
      const event = stripeEvent(row.type, object);

      expect(await bed.deliver(event)).toBe(200);

      await check();
      expect(await valueAt(bed, paths.stripeEvent(event.id))).toMatchObject({
        type: row.type,
        created: event.created,
        outcome: 'processed',
      });
    },
  );
});

describe('stripeWebhook signatures', () => {
  async function completedEvent() {
    const uid = await createMember(bed);
    const session = await pendingSession(uid, 'credits', 'p5');
    return stripeEvent('checkout.session.completed', { ...session, payment_status: 'paid' });
  }

  it('answers 400 to a wrong signature and writes nothing', async () => {
    const event = await completedEvent();
    const before = await dump(bed.backend.db);

    expect(await bed.deliver(event, { secret: 'whsec_wrong' })).toBe(400);
    expect(await dump(bed.backend.db)).toEqual(before);
  });

  it('answers 400 to a stale timestamp and writes nothing', async () => {
    const event = await completedEvent();
    const before = await dump(bed.backend.db);

    expect(await bed.deliver(event, { timestamp: nowSeconds() - 600 })).toBe(400);
    expect(await dump(bed.backend.db)).toEqual(before);
  });

  it('answers 400 to a body changed after signing, or no signature', async () => {
    const event = await completedEvent();
    const before = await dump(bed.backend.db);
    const payload = JSON.stringify(event);
    const header = bed.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
    });

    expect(await bed.post(payload.replace('"paid"', '"PAID"'), header)).toBe(400);
    expect(await bed.post(payload, undefined)).toBe(400);
    expect(await dump(bed.backend.db)).toEqual(before);
  });
});

describe('stripeWebhook exactly-once and ordering', () => {
  it('the same event delivered five times at once does the work once; the others are told to retry', async () => {
    const uid = await createMember(bed);
    const session = await pendingSession(uid, 'credits', 'p5');
    const event = stripeEvent('checkout.session.completed', { ...session, payment_status: 'paid' });

    const statuses = await Promise.all(Array.from({ length: 5 }, () => bed.deliver(event)));

    // A delivery that finds another one working on the event gets 503 (Stripe delivers it again).
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect(statuses).toContain(200);
    for (const status of statuses) if (status === 503) expect(await bed.deliver(event)).toBe(200);
    expect(Object.keys(await creditsOf(bed, uid))).toHaveLength(5);
    expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(5);
    expect(Object.values(await ledgerOf(bed, uid))).toEqual([
      expect.objectContaining({ type: 'grant', delta: 5 }),
    ]);
  });

  it('two deliveries of one event at once: one does the work, the other is refused', async () => {
    const uid = await createMember(bed);
    const session = await pendingSession(uid, 'credits', 'p5');
    const event = stripeEvent('checkout.session.completed', {
      ...session,
      payment_status: 'paid',
    });
    // A delivery that does the work ends it by marking the payment paid.
    let worked = 0;
    const counting = {
      ...bed.deps,
      db: hookedDatabase(bed.deps.db, (write) => {
        if (write.when === 'after' && write.path === paths.payment(session.id)) worked += 1;
      }),
    };

    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () => processStripeEvent(counting, event)),
    );

    expect(worked).toBe(1);
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    for (const outcome of refused) expect(outcome.reason).toBeInstanceOf(EventInFlight);
    expect(Object.keys(await creditsOf(bed, uid))).toHaveLength(5);
    expect(await valueAt(bed, paths.stripeEvent(event.id))).toMatchObject({
      outcome: 'processed',
    });
  });

  it('a claim left by a delivery that crashed lapses, and the retry does the work', async () => {
    const uid = await createMember(bed);
    const session = await pendingSession(uid, 'credits', 'p5');
    const event = stripeEvent('checkout.session.completed', { ...session, payment_status: 'paid' });
    await bed.backend.db.ref(paths.stripeEvent(event.id)).set({
      type: event.type,
      created: event.created,
      receivedAt: Date.now() - EVENT_CLAIM_MS - 1000,
      outcome: 'processing',
      claimId: 'crashed',
      claimExpiresAt: Date.now() - 1000,
    });

    expect(await bed.deliver(event)).toBe(200);

    expect(Object.keys(await creditsOf(bed, uid))).toHaveLength(5);
    expect(await valueAt(bed, paths.stripeEvent(event.id))).toMatchObject({
      outcome: 'processed',
    });
  });

  it('subscription events out of order end in the newest state', async () => {
    const uid = await createMember(bed);
    const id = subId();
    const t = nowSeconds();
    const created = stripeEvent(
      'customer.subscription.created',
      subscriptionObject(uid, id, 'active'),
      t - 10,
    );
    const updated = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject(uid, id, 'past_due'),
      t - 5,
    );
    const deleted = stripeEvent(
      'customer.subscription.deleted',
      subscriptionObject(uid, id, 'canceled'),
      t,
    );

    for (const event of [deleted, updated, created]) expect(await bed.deliver(event)).toBe(200);

    expect(await valueAt(bed, paths.stripeSubscription(id))).toMatchObject({
      status: 'canceled',
      eventCreated: t,
    });
    expect(await valueAt(bed, paths.userField(uid, 'activeSuscription'))).toBe(false);
  });

  it('within one second a cancellation is not undone by an update', async () => {
    const uid = await createMember(bed);
    const id = subId();
    const t = nowSeconds();
    await bed.deliver(
      stripeEvent('customer.subscription.deleted', subscriptionObject(uid, id, 'canceled'), t),
    );
    await bed.deliver(
      stripeEvent('customer.subscription.updated', subscriptionObject(uid, id, 'active'), t),
    );

    expect(await valueAt(bed, paths.userField(uid, 'activeSuscription'))).toBe(false);
  });

  it('acknowledges and records an event type it does not handle', async () => {
    const event = stripeEvent('customer.updated', { id: 'cus_x', object: 'customer' });

    expect(await bed.deliver(event)).toBe(200);
    expect(await valueAt(bed, paths.stripeEvent(event.id))).toMatchObject({
      type: 'customer.updated',
      outcome: 'ignored',
    });
  });

  it('acknowledges and records an event it cannot map to a member', async () => {
    const orphan = { ...subscriptionObject('x', subId(), 'active'), metadata: {} };
    const event = stripeEvent('customer.subscription.updated', orphan);

    expect(await bed.deliver(event)).toBe(200);
    expect(await valueAt(bed, paths.stripeEvent(event.id))).toMatchObject({ outcome: 'ignored' });
  });

  it('answers 500 when Stripe cannot be reached, records nothing, and succeeds on retry', async () => {
    const uid = await createMember(bed);
    const session = await pendingSession(uid, 'credits', 'p5');
    await bed.control(`checkout_sessions/${session.id}/complete`);
    await bed.sandbox.idle();
    const paymentIntent = (await bed.stripe.checkout.sessions.retrieve(session.id))
      .payment_intent as string;
    const [charge] = (await bed.stripe.charges.list({ payment_intent: paymentIntent })).data;
    const event = stripeEvent('charge.refunded', {
      ...charge,
      amount_refunded: 6500,
      refunded: true,
    });
    const payload = JSON.stringify(event);
    const signature = bed.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
    });
    // Port 9 (discard) is closed here: the lookup of the charge's purchase fails.
    const unreachable = new Stripe(API_KEY, {
      host: '127.0.0.1',
      port: 9,
      protocol: 'http',
      maxNetworkRetries: 0,
    });

    const failed = await handleStripeWebhook({ ...bed.deps, stripe: unreachable }, WEBHOOK_SECRET, {
      rawBody: Buffer.from(payload),
      signature,
    });

    expect(failed.status).toBe(500);
    expect(await valueAt(bed, paths.stripeEvent(event.id))).toBeNull();
    expect(Object.keys(await creditsOf(bed, uid))).toHaveLength(5);

    expect(await bed.post(payload, signature)).toBe(200);
    expect(await creditsOf(bed, uid)).toEqual({});
  });
});
