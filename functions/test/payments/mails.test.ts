// The payments domain's e-mails: each written into `MailOutbox` after the grant or
// record it tells of, keyed by its Stripe object, through the real `stripeWebhook`. A duplicate
// delivery, or a second event about the same object, writes no second entry.
import { describe, expect, it } from 'vitest';
import {
  mailOutboxEntrySchema,
  mailOutboxIds,
  paths,
  pushEventIds,
  pushOutboxId,
} from '@studio/core';
import type { MailOutboxEntry } from '@studio/core';
import { createCheckoutSession } from '../../src/handlers/payments/checkout/create-checkout-session';
import { MailNotQueued } from '../../src/handlers/payments/mails';
import { processStripeEvent } from '../../src/handlers/payments/webhook/process-stripe-event';
import { SimulatedCrash, hookedDatabase } from '../support/crash-db';
import {
  CHECKOUT_CONFIG,
  CHECKOUT_URLS,
  createMember,
  creditsOf,
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

/** Every outbox entry, by id. */
async function outbox(): Promise<Record<string, MailOutboxEntry>> {
  const stored = ((await valueAt(bed, paths.mailOutbox())) ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(stored).map(([id, entry]) => [id, mailOutboxEntrySchema.parse(entry)]),
  );
}

async function entriesOf(uid: string): Promise<[string, MailOutboxEntry][]> {
  return Object.entries(await outbox()).filter(([, entry]) => entry.uid === uid);
}

describe('purchase receipt', () => {
  it('is written once after the grant, with amounts, coupon and the credits with their expiry', async () => {
    const uid = await createMember(bed);
    const { sessionId } = await createCheckoutSession(
      bed.deps,
      { ...CHECKOUT_URLS, uid, kind: 'credits', packageId: 'p5', promocode: 'WELCOME10' },
      CHECKOUT_CONFIG,
    );
    await bed.sandbox.idle();
    const session = await bed.stripe.checkout.sessions.retrieve(sessionId);
    const completed = stripeEvent('checkout.session.completed', {
      ...session,
      status: 'complete',
      payment_status: 'paid',
    });
    expect(await bed.deliver(completed)).toBe(200);

    const credits = Object.values(await creditsOf(bed, uid));
    expect(credits).toHaveLength(5);
    const entries = await entriesOf(uid);
    expect(entries.map(([id]) => id)).toEqual([mailOutboxIds.receipt(sessionId)]);
    const [, entry] = entries[0]!;
    expect(entry).toMatchObject({ kind: 'purchase-receipt', status: 'pending', attempts: 0 });
    expect(entry.message).toEqual({
      kind: 'purchase-receipt',
      reference: sessionId,
      currency: 'USD',
      lines: [{ item: '5 classes', quantity: 1, amount: 6500 }],
      subtotal: 6500,
      coupon: { code: 'WELCOME10', discount: 650 },
      total: 5850,
      credits: [{ kind: 'regular', count: 5, expiresAt: credits[0]!.expiresAt }],
    });

    // The same event again, and Stripe's other "paid" event for the same session: no second mail.
    expect(await bed.deliver(completed)).toBe(200);
    const succeeded = stripeEvent('checkout.session.async_payment_succeeded', {
      ...session,
      status: 'complete',
      payment_status: 'paid',
    });
    expect(await bed.deliver(succeeded)).toBe(200);
    expect(await entriesOf(uid)).toEqual(entries);
  });

  it('is written by the redelivery when the outbox write failed after the grant', async () => {
    const uid = await createMember(bed);
    const { sessionId } = await createCheckoutSession(
      bed.deps,
      { ...CHECKOUT_URLS, uid, kind: 'credits', packageId: 'p5' },
      CHECKOUT_CONFIG,
    );
    await bed.sandbox.idle();
    const session = await bed.stripe.checkout.sessions.retrieve(sessionId);
    const event = stripeEvent('checkout.session.completed', {
      ...session,
      status: 'complete',
      payment_status: 'paid',
    });
    const receipt = mailOutboxIds.receipt(sessionId);
    // The database refuses the outbox write (as a crash or an outage would, just before it).
    const failing = {
      ...bed.deps,
      db: hookedDatabase(bed.deps.db, (write) => {
        if (write.when === 'before' && write.path === paths.mailOutboxEntry(receipt))
          throw new SimulatedCrash(write.path);
      }),
    };
    await expect(processStripeEvent(failing, event)).rejects.toThrow(MailNotQueued);
    // The grant stands; the event is not recorded, so Stripe delivers it again.
    expect(Object.keys(await creditsOf(bed, uid))).toHaveLength(5);
    expect(await valueAt(bed, paths.stripeEvent(event.id))).toBeNull();
    expect(await entriesOf(uid)).toEqual([]);

    expect(await bed.deliver(event)).toBe(200);
    expect(Object.keys(await creditsOf(bed, uid))).toHaveLength(5);
    expect((await entriesOf(uid)).map(([id]) => id)).toEqual([receipt]);
  });

  it('is not written for a checkout that was not paid', async () => {
    const uid = await createMember(bed);
    const { sessionId } = await createCheckoutSession(
      bed.deps,
      { ...CHECKOUT_URLS, uid, kind: 'credits', packageId: 'p5' },
      CHECKOUT_CONFIG,
    );
    await bed.sandbox.idle();
    const session = await bed.stripe.checkout.sessions.retrieve(sessionId);
    const expired = stripeEvent('checkout.session.expired', { ...session, status: 'expired' });
    expect(await bed.deliver(expired)).toBe(200);
    expect(await entriesOf(uid)).toEqual([]);
  });
});

describe('subscription mails', () => {
  it('a renewal (invoice paid for a new period) is told once; the first period is not a renewal', async () => {
    const uid = await createMember(bed);
    const subscriptionId = stripeId('sub');
    const first = invoiceObject(uid, subscriptionId, 'subscription_create');
    expect(await bed.deliver(stripeEvent('invoice.paid', first))).toBe(200);
    expect(await entriesOf(uid)).toEqual([]);

    const cycle = invoiceObject(uid, subscriptionId, 'subscription_cycle');
    const paid = stripeEvent('invoice.paid', cycle);
    expect(await bed.deliver(paid)).toBe(200);
    expect(await bed.deliver(paid)).toBe(200);
    const entries = await entriesOf(uid);
    expect(entries.map(([id]) => id)).toEqual([mailOutboxIds.renewed(cycle.id)]);
    expect(entries[0]![1].message).toEqual({
      kind: 'subscription-renewed',
      currency: 'USD',
      amount: 3900,
      credits: 30,
      nextRenewal: cycle.lines.data[0]!.period.end * 1000,
    });
  });

  it('a failed payment is told once per invoice, however often Stripe retries the card', async () => {
    const uid = await createMember(bed);
    const device = 'device-1';
    await bed.backend.db.ref(paths.pushSubscription(uid, device)).set({
      endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      device: 'Chrome on Android',
      createdAt: Date.now(),
    });
    const subscriptionId = stripeId('sub');
    const invoice = invoiceObject(uid, subscriptionId, 'subscription_cycle');
    expect(await bed.deliver(stripeEvent('invoice.payment_failed', invoice))).toBe(200);
    const retried = { ...invoice, attempt_count: 2 };
    expect(await bed.deliver(stripeEvent('invoice.payment_failed', retried))).toBe(200);
    const entries = await entriesOf(uid);
    expect(entries.map(([id]) => id)).toEqual([mailOutboxIds.paymentFailed(invoice.id)]);
    expect(entries[0]![1].message).toEqual({
      kind: 'subscription-payment-failed',
      currency: 'USD',
      amount: 3900,
      updateUrl: 'https://invoice.stripe.test/i/abc',
    });
    // And one push to the member's device for the invoice.
    const pushes = (await bed.backend.db.ref(paths.pushOutbox()).get()).val() as Record<
      string,
      { uid: string; message: unknown }
    >;
    expect(Object.entries(pushes).filter(([, entry]) => entry.uid === uid)).toEqual([
      [
        pushOutboxId(pushEventIds.paymentFailed(invoice.id), device),
        expect.objectContaining({ message: { kind: 'payment-failed' } }),
      ],
    ]);
  });

  it('a plan that ends is told once', async () => {
    const uid = await createMember(bed);
    const id = stripeId('sub');
    await bed.backend.db
      .ref(paths.user(uid))
      .update({ activeSuscription: true, activeSuscriptionId: id });
    const oneDay = { start: nowSeconds(), end: nowSeconds() + 86400 };
    const deleted = stripeEvent(
      'customer.subscription.deleted',
      subscriptionObject(uid, id, 'canceled', oneDay),
    );
    expect(await bed.deliver(deleted)).toBe(200);
    expect(await bed.deliver(deleted)).toBe(200);
    const entries = await entriesOf(uid);
    expect(entries.map(([id]) => id)).toEqual([mailOutboxIds.subscriptionEnded(id)]);
    expect(entries[0]![1]).toMatchObject({ kind: 'subscription-cancelled', status: 'pending' });
  });

  it('a plan that is only starting (incomplete, then incomplete_expired) tells no end', async () => {
    const uid = await createMember(bed);
    const id = stripeId('sub');
    const subscription = (status: string) =>
      subscriptionObject(uid, id, status, { start: nowSeconds(), end: nowSeconds() + 86400 });
    expect(
      await bed.deliver(stripeEvent('customer.subscription.created', subscription('incomplete'))),
    ).toBe(200);
    expect((await bed.backend.db.ref(paths.user(uid)).child('plan-state').get()).exists()).toBe(
      false,
    );
    expect(
      await bed.deliver(
        stripeEvent('customer.subscription.updated', subscription('incomplete_expired')),
      ),
    ).toBe(200);
    expect(await entriesOf(uid)).toEqual([]);
  });
});
