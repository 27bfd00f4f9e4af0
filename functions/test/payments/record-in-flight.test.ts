// The events of one purchase run at once in one process: a dispute or refund changes the
// purchase's `Payments` record while its checkout completes or expires. The database SDK runs a
// transaction first on what it has cached, which for a record no one listens to is nothing; had
// it shown that guess to the process's reads (applyLocally on), the checkout's handler would find
// no record while the other event's change waited for the server, and its event would be recorded
// as done with nothing granted and the payment left `pending` (the payment chaos suite caught it
// once in about twenty runs). Here the other event's change is started at the exact moment the
// checkout's event has been claimed, so the checkout's first read always meets it in flight.
import { describe, expect, it } from 'vitest';
import { paths } from '@studio/core';
import { createCheckoutSession } from '../../src/handlers/payments/checkout/create-checkout-session';
import { patchPurchase } from '../../src/handlers/payments/purchase-record';
import type { PaymentDeps } from '../../src/handlers/payments/deps';
import { processStripeEvent } from '../../src/handlers/payments/webhook/process-stripe-event';
import { hookedDatabase } from '../support/crash-db';
import {
  CHECKOUT_CONFIG,
  CHECKOUT_URLS,
  createMember,
  creditsOf,
  ledgerOf,
  usePaymentsTestBed,
  valueAt,
} from './support';
import { stripeEvent, stripeId } from './stripe-objects';

const bed = usePaymentsTestBed();

/** A real pending purchase of package p5 (5 regular credits): the session and its record. */
async function pendingSession(uid: string) {
  const { sessionId } = await createCheckoutSession(
    bed.deps,
    { ...CHECKOUT_URLS, uid, kind: 'credits', packageId: 'p5' },
    CHECKOUT_CONFIG,
  );
  await bed.sandbox.idle();
  return bed.stripe.checkout.sessions.retrieve(sessionId);
}

/**
 * Deps whose handler, once it has claimed `eventId`, finds `other` (another event's change of the
 * purchase record) started and waiting for the server: nothing but microtasks lies between the
 * claim and the handler's first read of the record, so the change cannot have been answered.
 */
function meetingInFlight(
  eventId: string,
  other: () => Promise<void>,
): { deps: PaymentDeps; started: () => Promise<void> } {
  let running: Promise<void> | undefined;
  const deps: PaymentDeps = {
    ...bed.deps,
    db: hookedDatabase(bed.deps.db, (write) => {
      if (running || write.when !== 'after' || write.path !== paths.stripeEvent(eventId)) return;
      running = other();
    }),
  };
  return {
    deps,
    started: async () => {
      expect(running).toBeDefined();
      await running;
    },
  };
}

/** What `charge.dispute.created` writes on the record (refunds-and-disputes/disputes.ts). */
const disputeMirror = (sessionId: string, disputeId: string) => () =>
  patchPurchase(bed.deps.db, sessionId, () => ({
    stripeChargeId: stripeId('ch'),
    disputeId,
    disputeStatus: 'open',
    updatedAt: Date.now(),
  }));

describe('an event of a purchase meets another one changing its record', () => {
  it('the checkout completing while a dispute changes the record grants the credits and marks it paid', async () => {
    const uid = await createMember(bed);
    const session = await pendingSession(uid);
    const event = stripeEvent('checkout.session.completed', { ...session, payment_status: 'paid' });
    const disputeId = stripeId('du');
    const { deps, started } = meetingInFlight(event.id, disputeMirror(session.id, disputeId));

    const result = await processStripeEvent(deps, event);
    await started();

    expect(result).toEqual({ outcome: 'processed', replay: false });
    expect(await valueAt(bed, paths.stripeEvent(event.id))).toMatchObject({
      outcome: 'processed',
    });
    expect(Object.keys(await creditsOf(bed, uid))).toHaveLength(5);
    expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(5);
    expect(await valueAt(bed, paths.payment(session.id))).toMatchObject({
      uid,
      status: 'paid',
      disputeId,
      disputeStatus: 'open',
    });
  });

  it('the checkout expiring while another event changes the record marks it expired', async () => {
    const uid = await createMember(bed);
    const session = await pendingSession(uid);
    const event = stripeEvent('checkout.session.expired', { ...session, status: 'expired' });
    const { deps, started } = meetingInFlight(event.id, disputeMirror(session.id, stripeId('du')));

    const result = await processStripeEvent(deps, event);
    await started();

    expect(result).toEqual({ outcome: 'processed', replay: false });
    expect(await valueAt(bed, `${paths.payment(session.id)}/status`)).toBe('expired');
  });

  it('statuses only move forward: a late expiry, failure or redelivery leaves a paid purchase paid, granted once', async () => {
    const uid = await createMember(bed);
    const session = await pendingSession(uid);
    const completed = stripeEvent('checkout.session.completed', {
      ...session,
      payment_status: 'paid',
    });
    expect((await processStripeEvent(bed.deps, completed)).replay).toBe(false);

    const late = [
      stripeEvent('checkout.session.expired', { ...session, status: 'expired' }),
      stripeEvent('checkout.session.async_payment_failed', {
        ...session,
        payment_status: 'unpaid',
      }),
      // The same completion again under another event id (Stripe's own redelivery keeps the id).
      stripeEvent('checkout.session.completed', { ...session, payment_status: 'paid' }),
    ];
    for (const event of late) await processStripeEvent(bed.deps, event);
    expect(await processStripeEvent(bed.deps, completed)).toMatchObject({ replay: true });

    expect(await valueAt(bed, `${paths.payment(session.id)}/status`)).toBe('paid');
    expect(Object.keys(await creditsOf(bed, uid))).toHaveLength(5);
    expect(
      Object.values(await ledgerOf(bed, uid)).map((entry) => [entry.type, entry.delta]),
    ).toEqual([['grant', 5]]);
  });
});
