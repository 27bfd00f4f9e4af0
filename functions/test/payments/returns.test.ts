// Refunds and disputes, end to end through the Stripe sandbox and the real
// `stripeWebhook`: money given back before or after the purchase was fulfilled, in full or in
// part, disputes won and lost, and events delivered out of order. Nothing the member kept paying
// for is lost; nothing given back stays granted.
import { describe, expect, it } from 'vitest';
import { paths } from '@studio/core';
import { monthlyCredits } from '../../src/handlers/payments/subscriptions/monthly-credits';
import { createCheckoutSession } from '../../src/index';
import { callableRequest } from '../support/callable';
import {
  CHECKOUT_URLS,
  createMember,
  creditsOf,
  ledgerBalanceMatchesCredits,
  ledgerOf,
  usePaymentsTestBed,
  valueAt,
} from './support';

const bed = usePaymentsTestBed();

async function checkout(uid: string, data: Record<string, unknown>): Promise<string> {
  const { sessionId } = await createCheckoutSession.run(
    callableRequest({ ...CHECKOUT_URLS, ...data }, { uid }),
  );
  return sessionId;
}

/**
 * Runs `act` with webhook deliveries lost, then delivers the events it produced in the order
 * `order` gives (by type; unnamed types after, in emission order). Returns the events.
 */
async function outOfOrder(
  act: () => Promise<void>,
  order: string[],
  { drop = [] }: { drop?: string[] } = {},
): Promise<void> {
  const before = new Set(bed.sandbox.events().map((event) => event.id));
  bed.sandbox.setWebhookUrl('http://127.0.0.1:9/lost');
  try {
    await act();
    await bed.sandbox.idle();
  } finally {
    bed.sandbox.setWebhookUrl(bed.webhookUrl);
  }
  const produced = bed.sandbox
    .events()
    .filter((event) => !before.has(event.id) && !drop.includes(event.type));
  const rank = (type: string) => (order.includes(type) ? order.indexOf(type) : order.length);
  const sorted = [...produced].sort((a, b) => rank(a.type) - rank(b.type));
  for (const event of sorted) await bed.control(`events/${event.id}/resend`);
  await bed.sandbox.idle();
  // Every one of them again: a replay changes nothing.
  for (const event of sorted.reverse()) await bed.control(`events/${event.id}/resend`);
  await bed.sandbox.idle();
}

async function intentOf(sessionId: string): Promise<string> {
  return (await bed.stripe.checkout.sessions.retrieve(sessionId)).payment_intent as string;
}

async function complete(sessionId: string): Promise<void> {
  await bed.control(`checkout_sessions/${sessionId}/complete`);
}

/** The payment intent of a subscription's first invoice. */
async function subscriptionIntent(sessionId: string): Promise<string> {
  const subscription = (await bed.stripe.checkout.sessions.retrieve(sessionId))
    .subscription as string;
  const [invoice] = (await bed.stripe.invoices.list({ subscription })).data;
  const [payment] = (await bed.stripe.invoicePayments.list({ invoice: invoice?.id ?? '' })).data;
  return payment?.payment.payment_intent as string;
}

async function credits(uid: string): Promise<{ count: number; held: number }> {
  const list = Object.values(await creditsOf(bed, uid)) as { hold?: unknown }[];
  return { count: list.length, held: list.filter((credit) => credit.hold !== undefined).length };
}

describe('refunds', () => {
  it('a refund that reaches the webhook before the purchase is fulfilled grants nothing', async () => {
    const uid = await createMember(bed);
    const sessionId = await checkout(uid, { kind: 'credits', packageId: 'p5' });

    await outOfOrder(async () => {
      await complete(sessionId);
      await bed.control(`charges/${await intentOf(sessionId)}/refund`);
    }, ['charge.refunded', 'checkout.session.completed']);

    expect(await creditsOf(bed, uid)).toEqual({});
    expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(0);
    expect(
      Object.values(await ledgerOf(bed, uid))
        .map((entry) => [entry.type, entry.delta])
        .sort(),
    ).toEqual([
      ['grant', 5],
      ['revoke', -5],
    ]);
    expect(await valueAt(bed, paths.payment(sessionId))).toMatchObject({
      status: 'refunded',
      amountRefunded: 6500,
      creditsRevoked: 5,
    });
    expect(await ledgerBalanceMatchesCredits(bed, uid)).toBe(true);
  });

  it('a partial refund before fulfilment keeps only the share still paid for', async () => {
    const uid = await createMember(bed);
    const sessionId = await checkout(uid, { kind: 'credits', packageId: 'p5' });

    await outOfOrder(async () => {
      await complete(sessionId);
      await bed.control(`charges/${await intentOf(sessionId)}/refund`, { amount: 3250 });
    }, ['charge.refunded', 'checkout.session.completed']);

    // Half the money back: half of 5 credits, rounded up, goes.
    expect((await credits(uid)).count).toBe(2);
    expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(2);
    expect(await valueAt(bed, `${paths.payment(sessionId)}/status`)).toBe('partially-refunded');
    expect(await ledgerBalanceMatchesCredits(bed, uid)).toBe(true);
  });

  it('partial refunds after fulfilment take the refunded share, rounded up, then the rest', async () => {
    const uid = await createMember(bed);
    const sessionId = await checkout(uid, { kind: 'credits', packageId: 'p5' });
    await complete(sessionId);
    await bed.sandbox.idle();
    const intent = await intentOf(sessionId);

    await bed.control(`charges/${intent}/refund`, { amount: 1300 });
    await bed.sandbox.idle();
    expect((await credits(uid)).count).toBe(4);

    await bed.control(`charges/${intent}/refund`);
    await bed.sandbox.idle();
    expect((await credits(uid)).count).toBe(0);
    expect(await valueAt(bed, paths.payment(sessionId))).toMatchObject({
      status: 'refunded',
      creditsRevoked: 5,
    });
    expect(await ledgerBalanceMatchesCredits(bed, uid)).toBe(true);
  });

  it("a subscription refund takes back what the period's grant recorded, not today's setting", async () => {
    const uid = await createMember(bed);
    const sessionId = await checkout(uid, { kind: 'subscription' });
    await complete(sessionId);
    await bed.sandbox.idle();
    expect((await credits(uid)).count).toBe(30);

    await bed.backend.db.ref(`${paths.settings()}/subscriptionCredits`).set(10);
    try {
      await bed.control(`charges/${await subscriptionIntent(sessionId)}/refund`);
      await bed.sandbox.idle();
    } finally {
      await bed.backend.db.ref(`${paths.settings()}/subscriptionCredits`).remove();
    }

    expect((await credits(uid)).count).toBe(0);
    // The first period is paid by the checkout: its payment record shows the refund.
    expect(await valueAt(bed, paths.payment(sessionId))).toMatchObject({
      status: 'refunded',
      amountRefunded: 3900,
      creditsRevoked: 30,
    });
    expect(await ledgerBalanceMatchesCredits(bed, uid)).toBe(true);
  });

  it('a subscription period refunded before its invoice.paid arrives grants nothing', async () => {
    const uid = await createMember(bed);
    const sessionId = await checkout(uid, { kind: 'subscription' });

    await outOfOrder(async () => {
      await complete(sessionId);
      await bed.control(`charges/${await subscriptionIntent(sessionId)}/refund`);
    }, ['charge.refunded']);

    expect((await credits(uid)).count).toBe(0);
    expect(await ledgerBalanceMatchesCredits(bed, uid)).toBe(true);
  });

  it("the monthly job's repair of a period refunded before its invoice.paid grants nothing", async () => {
    const uid = await createMember(bed);
    const sessionId = await checkout(uid, { kind: 'subscription' });

    // invoice.paid is lost for good; the refund arrives.
    await outOfOrder(
      async () => {
        await complete(sessionId);
        await bed.control(`charges/${await subscriptionIntent(sessionId)}/refund`);
      },
      ['charge.refunded'],
      { drop: ['invoice.paid'] },
    );
    expect((await credits(uid)).count).toBe(0);

    await monthlyCredits(bed.deps);

    expect((await credits(uid)).count).toBe(0);
    expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(0);
    expect(await ledgerBalanceMatchesCredits(bed, uid)).toBe(true);
  });
});

describe('disputes', () => {
  it('an open dispute holds the unused credits; won, they are usable again', async () => {
    const uid = await createMember(bed);
    const sessionId = await checkout(uid, { kind: 'credits', packageId: 'p5' });
    await complete(sessionId);
    await bed.sandbox.idle();

    const dispute = await bed.control<{ id: string }>(
      `charges/${await intentOf(sessionId)}/dispute`,
    );
    await bed.sandbox.idle();
    expect(await credits(uid)).toEqual({ count: 5, held: 5 });
    expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(0);

    await bed.control(`disputes/${dispute.id}/close`, { status: 'won' });
    await bed.sandbox.idle();
    expect(await credits(uid)).toEqual({ count: 5, held: 0 });
    expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(5);
    expect(
      Object.values(await ledgerOf(bed, uid))
        .map((entry) => entry.type)
        .sort(),
    ).toEqual(['grant', 'hold', 'release']);
    expect(await ledgerBalanceMatchesCredits(bed, uid)).toBe(true);
  });

  it('a dispute that arrives before fulfilment holds the credits as they are granted; lost, they go', async () => {
    const uid = await createMember(bed);
    const sessionId = await checkout(uid, { kind: 'credits', packageId: 'p5' });
    let disputeId = '';

    await outOfOrder(async () => {
      await complete(sessionId);
      disputeId = (
        await bed.control<{ id: string }>(`charges/${await intentOf(sessionId)}/dispute`)
      ).id;
    }, ['charge.dispute.created', 'checkout.session.completed']);
    expect(await credits(uid)).toEqual({ count: 5, held: 5 });
    expect(await valueAt(bed, paths.userField(uid, 'Credits'))).toBe(0);

    await outOfOrder(
      () => bed.control(`disputes/${disputeId}/close`, { status: 'lost' }).then(() => undefined),
      [],
    );
    expect(await credits(uid)).toEqual({ count: 0, held: 0 });
    expect(await valueAt(bed, paths.payment(sessionId))).toMatchObject({
      disputeStatus: 'lost',
      creditsRevoked: 5,
    });
    expect(await ledgerBalanceMatchesCredits(bed, uid)).toBe(true);
  });
});
