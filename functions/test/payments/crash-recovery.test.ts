// Grants exactly once (docs/architecture/payments.md#grants-exactly-once): a grant stopped by a
// crash at any point between its writes is finished exactly
// once by Stripe's redelivery. Each row stops the first processing of a real event right after
// one of its writes (test/support/crash-db.ts: the call throws, so the webhook would answer
// 5xx): the member transaction, the ledger copy, the last effect. It checks that the state at the crash
// still keeps ledger + outbox = credits, then redelivers the same event, signed, to the real
// `stripeWebhook` three times and checks that exactly one grant landed.
import { describe, expect, it } from 'vitest';
import { paths } from '@studio/core';
import { createCheckoutSession } from '../../src/handlers/payments/checkout/create-checkout-session';
import type { PaymentDeps } from '../../src/handlers/payments/deps';
import { processStripeEvent } from '../../src/handlers/payments/webhook/process-stripe-event';
import type Stripe from 'stripe';
import {
  CHECKOUT_CONFIG,
  CHECKOUT_URLS,
  createMember,
  creditsOf,
  ledgerBalanceMatchesCredits,
  ledgerOf,
  usePaymentsTestBed,
  valueAt,
} from './support';
import { invoiceObject, stripeEvent, stripeId } from './stripe-objects';
import { SimulatedCrash, crashingDatabase } from '../support/crash-db';
import type { CrashPoint } from '../support/crash-db';

const bed = usePaymentsTestBed();

/**
 * The places a grant can stop (docs/architecture/payments.md#grants-exactly-once), each named by
 * the write it follows.
 */
const CRASH_PLACES = ['after-credits', 'after-ledger', 'after-effects'] as const;
type CrashPlace = (typeof CRASH_PLACES)[number];

/**
 * The write `place` follows: the member transaction (credits, `Credits` and the outbox), the
 * outbox's removal once copied to the ledger, or the event's last effect (`lastEffect`), after
 * which only the event record is left.
 */
function grantWrite(place: CrashPlace, uid: string, lastEffect: string): CrashPoint {
  if (place === 'after-credits') return { path: paths.user(uid), kind: 'transaction' };
  if (place === 'after-ledger') return { path: paths.ledgerOutbox(uid), kind: 'transaction' };
  return { path: lastEffect };
}

/** The bed's dependencies, with a crash right after `point` the first time it is reached. */
function crashingAt(point: CrashPoint): PaymentDeps {
  return { ...bed.deps, db: crashingDatabase(bed.deps.db, point).db };
}

/** A paid two-line cart (5 class credits and 2 special-event credits) as Stripe reports it. */
async function paidCartEvent(uid: string): Promise<{ event: Stripe.Event; sessionId: string }> {
  const { sessionId } = await createCheckoutSession(
    bed.deps,
    {
      ...CHECKOUT_URLS,
      uid,
      kind: 'cart',
      items: [
        { type: 'package', id: 'p5', quantity: 1 },
        { type: 'package', id: 'sp2', quantity: 1 },
      ],
    },
    CHECKOUT_CONFIG,
  );
  const session = await bed.stripe.checkout.sessions.retrieve(sessionId);
  const event = stripeEvent('checkout.session.completed', {
    ...session,
    status: 'complete',
    payment_status: 'paid',
  });
  return { event, sessionId };
}

async function redeliverThreeTimes(event: Stripe.Event): Promise<number[]> {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 3; attempt += 1) statuses.push(await bed.deliver(event));
  return statuses;
}

describe('a purchase grant stopped by a crash is finished exactly once by the redelivery', () => {
  it.each(CRASH_PLACES)('crash %s', async (place) => {
    const uid = await createMember(bed);
    const { event, sessionId } = await paidCartEvent(uid);
    // The last effect of a paid checkout marks the payment paid.
    const point = grantWrite(place, uid, paths.payment(sessionId));

    await expect(processStripeEvent(crashingAt(point), event)).rejects.toBeInstanceOf(
      SimulatedCrash,
    );

    // At the crash: the credits and their ledger entries moved together, or not at all.
    expect(await ledgerBalanceMatchesCredits(bed, uid)).toBe(true);
    expect(await valueAt(bed, paths.stripeEvent(event.id))).toBeNull();

    expect(await redeliverThreeTimes(event)).toEqual([200, 200, 200]);

    const credits = Object.values(await creditsOf(bed, uid));
    expect(credits.filter((credit) => credit.kind === 'regular')).toHaveLength(5);
    expect(credits.filter((credit) => credit.kind === 'special')).toHaveLength(2);
    expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(5);
    const ledger = await ledgerOf(bed, uid);
    expect(Object.keys(ledger).sort()).toEqual([`grant-${sessionId}-0`, `grant-${sessionId}-1`]);
    expect(await valueAt(bed, paths.ledgerOutbox(uid))).toBeNull();
    expect(await ledgerBalanceMatchesCredits(bed, uid)).toBe(true);
    expect(await valueAt(bed, `${paths.payment(sessionId)}/status`)).toBe('paid');
    const notifications = (await valueAt(bed, paths.notifications(uid))) as Record<string, unknown>;
    expect(Object.keys(notifications)).toEqual([`granted-${sessionId}`]);
    expect(notifications[`granted-${sessionId}`]).toMatchObject({
      type: 'credits-granted',
      params: { count: 7 },
    });
    expect(await valueAt(bed, paths.stripeEvent(event.id))).toMatchObject({
      outcome: 'processed',
    });
  });

  it('commits a cart’s lines in one step: a crash after it leaves every line granted', async () => {
    const uid = await createMember(bed);
    const { event, sessionId } = await paidCartEvent(uid);

    const point = grantWrite('after-credits', uid, paths.payment(sessionId));
    await expect(processStripeEvent(crashingAt(point), event)).rejects.toBeInstanceOf(
      SimulatedCrash,
    );

    expect(Object.values(await creditsOf(bed, uid))).toHaveLength(7);
    expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(5);
    const outbox = (await valueAt(bed, paths.ledgerOutbox(uid))) as Record<string, unknown>;
    expect(Object.keys(outbox).sort()).toEqual([`grant-${sessionId}-0`, `grant-${sessionId}-1`]);
  });
});

describe('a subscription period grant stopped by a crash', () => {
  it.each(CRASH_PLACES)('crash %s: the redelivered invoice.paid grants 30 once', async (place) => {
    const uid = await createMember(bed);
    const subscriptionId = stripeId('sub', 16);
    const invoice = invoiceObject(uid, subscriptionId, 'subscription_create');
    const invoiceId = invoice.id;
    const event = stripeEvent('invoice.paid', invoice);

    // The last effect of a first invoice tells the member.
    const point = grantWrite(place, uid, paths.notification(uid, `granted-${invoiceId}`));
    await expect(processStripeEvent(crashingAt(point), event)).rejects.toBeInstanceOf(
      SimulatedCrash,
    );
    expect(await ledgerBalanceMatchesCredits(bed, uid)).toBe(true);
    expect(await redeliverThreeTimes(event)).toEqual([200, 200, 200]);

    expect(Object.values(await creditsOf(bed, uid))).toHaveLength(30);
    expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(30);
    expect(Object.keys(await ledgerOf(bed, uid))).toEqual([`grant-${invoiceId}`]);
    expect(await valueAt(bed, paths.ledgerOutbox(uid))).toBeNull();
    expect(await valueAt(bed, paths.notification(uid, `granted-${invoiceId}`))).toMatchObject({
      params: { count: 30 },
    });
  });
});
