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

async function paidCharge(): Promise<{ charge: Stripe.Charge; intent: string; seen: number }> {
  const session = await stack.stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [oneTimeItem('5 credits', 6500)],
    payment_intent_data: { metadata: { uid: 'uid-1' } },
    success_url: 'http://localhost:5000/ok',
  });
  await pay(stack.sandbox, session.id);
  const paid = await stack.stripe.checkout.sessions.retrieve(session.id);
  const intent = idOf(paid.payment_intent);
  const [charge] = (await stack.stripe.charges.list({ payment_intent: intent })).data;
  if (!charge) throw new Error('no charge');
  await stack.sandbox.idle();
  return { charge, intent, seen: stack.receiver.accepted().length };
}

describe('disputes', () => {
  it('a dispute sends charge.dispute.created with a real dispute object, then funds_withdrawn', async () => {
    const { charge, intent, seen } = await paidCharge();

    const opened = await control<Stripe.Dispute>(
      stack.sandbox,
      'POST',
      `charges/${charge.id}/dispute`,
      { reason: 'fraudulent' },
    );

    expect(opened.status).toBe(200);
    expect(opened.body.id).toMatch(/^du_/);
    await stack.sandbox.idle();
    const events = stack.receiver.accepted().slice(seen);
    expect(events.map((event) => event.type)).toEqual([
      'charge.dispute.created',
      'charge.dispute.funds_withdrawn',
    ]);
    const dispute = (events[0] as Stripe.ChargeDisputeCreatedEvent).data.object;
    expect(dispute).toMatchObject({
      object: 'dispute',
      amount: 6500,
      charge: charge.id,
      payment_intent: intent,
      currency: charge.currency,
      reason: 'fraudulent',
      status: 'needs_response',
      is_charge_refundable: false,
      livemode: false,
    });
    expect(dispute.evidence_details.due_by).toBeGreaterThan(dispute.created);
    expect((await stack.stripe.charges.retrieve(charge.id)).disputed).toBe(true);
    expect(await stack.stripe.disputes.retrieve(dispute.id)).toMatchObject({ id: dispute.id });
    expect((await stack.stripe.disputes.list({ charge: charge.id })).data).toHaveLength(1);
  });

  it.each(['won', 'lost'] as const)(
    'closing it %s sends charge.dispute.closed with that status',
    async (status) => {
      const { charge } = await paidCharge();
      const opened = await control<Stripe.Dispute>(
        stack.sandbox,
        'POST',
        `charges/${charge.id}/dispute`,
      );
      await stack.sandbox.idle();
      const seen = stack.receiver.accepted().length;

      const closed = await control<Stripe.Dispute>(
        stack.sandbox,
        'POST',
        `disputes/${opened.body.id}/close`,
        { status },
      );

      expect(closed.body.status).toBe(status);
      await stack.sandbox.idle();
      const events = stack.receiver.accepted().slice(seen);
      expect(events.map((event) => event.type)).toEqual(
        status === 'won'
          ? ['charge.dispute.closed', 'charge.dispute.funds_reinstated']
          : ['charge.dispute.closed'],
      );
      const event = events[0] as Stripe.ChargeDisputeClosedEvent;
      expect(event.data.object).toMatchObject({ id: opened.body.id, status });
      expect(event.data.previous_attributes).toEqual({ status: 'needs_response' });

      const again = await control(stack.sandbox, 'POST', `disputes/${opened.body.id}/close`, {
        status,
      });
      expect(again.status).toBe(400);
    },
  );

  it('refuses a second dispute, a bad status, and a refund of a disputed charge', async () => {
    const { charge } = await paidCharge();
    await control(stack.sandbox, 'POST', `charges/${charge.id}/dispute`);
    expect((await control(stack.sandbox, 'POST', `charges/${charge.id}/dispute`)).status).toBe(400);
    const [dispute] = (await stack.stripe.disputes.list({ charge: charge.id })).data;
    expect(
      (await control(stack.sandbox, 'POST', `disputes/${dispute?.id ?? ''}/close`, { status: 'x' }))
        .status,
    ).toBe(400);
    const error = await stack.stripe.refunds
      .create({ charge: charge.id })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 400, code: 'charge_disputed' });
  });

  it('a dispute of part of the charge carries that amount; a pi_ id works too', async () => {
    const { intent } = await paidCharge();
    const opened = await control<Stripe.Dispute>(
      stack.sandbox,
      'POST',
      `charges/${intent}/dispute`,
      {
        amount: 2000,
      },
    );
    expect(opened.body.amount).toBe(2000);
  });
});
