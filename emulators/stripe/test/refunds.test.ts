import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import type { Stack } from './support';
import { control, idOf, oneTimeItem, pay, startStack } from './support';

let stack: Stack;
beforeEach(async () => {
  stack = await startStack();
});
afterEach(async () => {
  await stack.stop();
});

/** A paid 1,500 MXN purchase: its payment intent and charge. */
async function purchase(): Promise<{
  intent: Stripe.PaymentIntent;
  charge: Stripe.Charge;
  seen: number;
}> {
  const session = await stack.stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [oneTimeItem('10 credits', 150_000)],
    payment_intent_data: { metadata: { uid: 'uid-1' } },
    success_url: 'http://localhost:5000/ok',
  });
  await pay(stack.sandbox, session.id);
  const paid = await stack.stripe.checkout.sessions.retrieve(session.id);
  const intent = await stack.stripe.paymentIntents.retrieve(idOf(paid.payment_intent));
  const charge = await stack.stripe.charges.retrieve(idOf(intent.latest_charge));
  await stack.sandbox.idle();
  return { intent, charge, seen: stack.receiver.accepted().length };
}

describe('refunds', () => {
  it('a partial refund by payment_intent sends charge.refunded with amount_refunded, then refund.created', async () => {
    const { intent, charge, seen } = await purchase();
    const refund = await stack.stripe.refunds.create({
      payment_intent: intent.id,
      amount: 50_000,
      reason: 'requested_by_customer',
      metadata: { purchase: 'p-1' },
    });
    expect(refund.id).toMatch(/^re_/);
    expect(refund).toMatchObject({
      object: 'refund',
      amount: 50_000,
      charge: charge.id,
      payment_intent: intent.id,
      status: 'succeeded',
      reason: 'requested_by_customer',
      metadata: { purchase: 'p-1' },
    });
    await stack.sandbox.idle();
    const events = stack.receiver.accepted().slice(seen);
    expect(events.map((event) => event.type)).toEqual(['charge.refunded', 'refund.created']);
    const refunded = (events[0] as Stripe.ChargeRefundedEvent).data;
    expect(refunded.object).toMatchObject({
      id: charge.id,
      amount_refunded: 50_000,
      refunded: false,
    });
    expect(refunded.object.metadata).toEqual({ uid: 'uid-1' });
    expect(refunded.previous_attributes).toMatchObject({ amount_refunded: 0 });

    const retrieved = await stack.stripe.refunds.retrieve(refund.id);
    expect(retrieved.amount).toBe(50_000);
  });

  it('refunding the rest by charge marks the charge refunded; a further refund is refused', async () => {
    const { charge } = await purchase();
    await stack.stripe.refunds.create({ charge: charge.id, amount: 20_000 });
    const rest = await stack.stripe.refunds.create({ charge: charge.id });
    expect(rest.amount).toBe(130_000);
    const after = await stack.stripe.charges.retrieve(charge.id, { expand: ['refunds'] });
    expect(after).toMatchObject({ amount_refunded: 150_000, refunded: true });
    expect(after.refunds?.data).toHaveLength(2);
    const error = await stack.stripe.refunds
      .create({ charge: charge.id })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
  });

  it('refuses a refund larger than what is left', async () => {
    const { charge } = await purchase();
    const error = await stack.stripe.refunds
      .create({ charge: charge.id, amount: 150_001 })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 400, param: 'amount' });
    const unchanged = await stack.stripe.charges.retrieve(charge.id);
    expect(unchanged.amount_refunded).toBe(0);
  });

  it('requires a charge or payment_intent', async () => {
    const error = await stack.stripe.refunds.create({}).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 400, code: 'parameter_missing' });
  });

  it('the control endpoint refunds a charge in full by default', async () => {
    const { charge, seen } = await purchase();
    const result = await control<Stripe.Refund>(
      stack.sandbox,
      'POST',
      `charges/${charge.id}/refund`,
    );
    expect(result.status).toBe(200);
    expect(result.body.amount).toBe(150_000);
    await stack.sandbox.idle();
    const refunded = stack.receiver.accepted().slice(seen)[0] as Stripe.ChargeRefundedEvent;
    expect(refunded.type).toBe('charge.refunded');
    expect(refunded.data.object.amount_refunded).toBe(150_000);
    expect(refunded.data.object.refunded).toBe(true);
    expect(refunded.request).toEqual({ id: null, idempotency_key: null });
  });
});
