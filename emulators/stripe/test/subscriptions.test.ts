import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import type { Stack } from './support';
import { control, idOf, startStack, subscribe } from './support';

let stack: Stack;
beforeEach(async () => {
  stack = await startStack();
});
afterEach(async () => {
  await stack.stop();
});

/** Events the receiver accepted after the first `skip` ones. */
function eventsAfter(skip: number): Stripe.Event[] {
  return stack.receiver.accepted().slice(skip);
}

describe('subscriptions', () => {
  it('retrieves and lists a subscription with its items and periods', async () => {
    const { subscription } = await subscribe(stack);
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: false,
      collection_method: 'charge_automatically',
      metadata: { uid: 'member-1' },
      livemode: false,
    });
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    expect(item.price.recurring).toMatchObject({ interval: 'month', interval_count: 1 });
    const start = new Date(item.current_period_start * 1000);
    const end = new Date(item.current_period_end * 1000);
    expect((end.getUTCMonth() - start.getUTCMonth() + 12) % 12).toBe(1);

    const listed = await stack.stripe.subscriptions.list({
      customer: idOf(subscription.customer),
    });
    expect(listed.data.map((entry) => entry.id)).toEqual([subscription.id]);
    const invoices = await stack.stripe.invoices.list({ subscription: subscription.id });
    expect(invoices.data.map((invoice) => invoice.billing_reason)).toEqual(['subscription_create']);
  });

  it('renew bills the next period: invoice.paid (subscription_cycle) then customer.subscription.updated', async () => {
    const { subscription } = await subscribe(stack, { uid: 'member-7' });
    const before = subscription.items.data[0] as Stripe.SubscriptionItem;
    const seen = stack.receiver.accepted().length;

    const renewed = await control<Stripe.Subscription>(
      stack.sandbox,
      'POST',
      `subscriptions/${subscription.id}/renew`,
    );
    expect(renewed.status).toBe(200);
    await stack.sandbox.idle();

    const events = eventsAfter(seen);
    expect(events.map((event) => event.type)).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
    ]);
    const paid = (events[2] as Stripe.InvoicePaidEvent).data.object;
    expect(paid).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'paid',
      amount_paid: 99_900,
      parent: {
        subscription_details: { subscription: subscription.id, metadata: { uid: 'member-7' } },
      },
    });
    const line = paid.lines.data[0] as Stripe.InvoiceLineItem;
    expect(line.period).toEqual({
      start: before.current_period_end,
      end: expect.any(Number) as number,
    });
    expect(line.period.end).toBeGreaterThan(line.period.start);

    const updated = (events[4] as Stripe.CustomerSubscriptionUpdatedEvent).data;
    const item = updated.object.items.data[0] as Stripe.SubscriptionItem;
    expect(item.current_period_start).toBe(before.current_period_end);
    expect(item.current_period_end).toBe(line.period.end);
    expect(updated.object.latest_invoice).toBe(paid.id);
    expect(updated.previous_attributes).toHaveProperty('items');

    const retrieved = await stack.stripe.subscriptions.retrieve(subscription.id);
    expect(retrieved.items.data[0]?.current_period_start).toBe(before.current_period_end);
  });

  it('cancel through the API sends customer.subscription.deleted and the status is canceled', async () => {
    const { subscription } = await subscribe(stack);
    const seen = stack.receiver.accepted().length;
    const canceled = await stack.stripe.subscriptions.cancel(subscription.id);
    expect(canceled.status).toBe('canceled');
    expect(canceled.canceled_at).not.toBeNull();
    expect(canceled.ended_at).not.toBeNull();
    await stack.sandbox.idle();
    const events = eventsAfter(seen);
    expect(events.map((event) => event.type)).toEqual(['customer.subscription.deleted']);
    expect((events[0] as Stripe.CustomerSubscriptionDeletedEvent).data.object.status).toBe(
      'canceled',
    );

    const active = await stack.stripe.subscriptions.list({
      customer: idOf(subscription.customer),
    });
    expect(active.data).toHaveLength(0);
    const all = await stack.stripe.subscriptions.list({ status: 'all' });
    expect(all.data.map((entry) => entry.id)).toEqual([subscription.id]);
    const renew = await control(stack.sandbox, 'POST', `subscriptions/${subscription.id}/renew`);
    expect(renew.status).toBe(400);
  });

  it('cancel through the control endpoint does the same', async () => {
    const { subscription } = await subscribe(stack);
    const seen = stack.receiver.accepted().length;
    const result = await control<Stripe.Subscription>(
      stack.sandbox,
      'POST',
      `subscriptions/${subscription.id}/cancel`,
    );
    expect(result.body.status).toBe('canceled');
    await stack.sandbox.idle();
    expect(eventsAfter(seen).map((event) => event.type)).toEqual(['customer.subscription.deleted']);
  });

  it('cancel_at_period_end sends updated with previous_attributes; the next renewal ends it', async () => {
    const { subscription } = await subscribe(stack);
    const seen = stack.receiver.accepted().length;
    const updated = await stack.stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: true,
    });
    expect(updated.cancel_at_period_end).toBe(true);
    expect(updated.cancel_at).toBe(subscription.items.data[0]?.current_period_end);
    await control(stack.sandbox, 'POST', `subscriptions/${subscription.id}/renew`);
    await stack.sandbox.idle();

    const events = eventsAfter(seen);
    expect(events.map((event) => event.type)).toEqual([
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
    const change = events[0] as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(change.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
    expect(change.request?.id).toMatch(/^req_/);
    const ended = (events[1] as Stripe.CustomerSubscriptionDeletedEvent).data.object;
    expect(ended.status).toBe('canceled');
    expect(ended.ended_at).toBe(subscription.items.data[0]?.current_period_end);
  });

  it('fail_payment sends invoice.payment_failed and makes the subscription past_due; renew recovers it', async () => {
    const { subscription } = await subscribe(stack);
    const seen = stack.receiver.accepted().length;
    const failed = await control<Stripe.Subscription>(
      stack.sandbox,
      'POST',
      `subscriptions/${subscription.id}/fail_payment`,
    );
    expect(failed.body.status).toBe('past_due');
    await stack.sandbox.idle();
    const failure = eventsAfter(seen);
    expect(failure.map((event) => event.type)).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.payment_failed',
      'customer.subscription.updated',
    ]);
    const invoice = (failure[2] as Stripe.InvoicePaymentFailedEvent).data.object;
    expect(invoice).toMatchObject({
      status: 'open',
      attempted: true,
      amount_paid: 0,
      billing_reason: 'subscription_cycle',
    });

    await control(stack.sandbox, 'POST', `subscriptions/${subscription.id}/fail_payment`);
    await stack.sandbox.idle();
    const retried = eventsAfter(seen + failure.length);
    expect(retried.map((event) => event.type)).toEqual(['invoice.payment_failed']);
    expect((retried[0] as Stripe.InvoicePaymentFailedEvent).data.object).toMatchObject({
      id: invoice.id,
      attempt_count: 2,
    });

    const recovered = await control<Stripe.Subscription>(
      stack.sandbox,
      'POST',
      `subscriptions/${subscription.id}/renew`,
    );
    expect(recovered.body.status).toBe('active');
    await stack.sandbox.idle();
    const recovery = eventsAfter(seen + failure.length + retried.length);
    expect(recovery.map((event) => event.type)).toEqual([
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
    ]);
    expect((recovery[0] as Stripe.InvoicePaidEvent).data.object.id).toBe(invoice.id);
    const paid = await stack.stripe.invoices.retrieve(invoice.id, { expand: ['payments'] });
    expect(paid.status).toBe('paid');
    expect(paid.payments?.data.map((payment) => payment.status)).toEqual(['paid', 'open', 'open']);
  });

  it('updates metadata of a canceled subscription but refuses to reactivate it', async () => {
    const { subscription } = await subscribe(stack);
    await stack.stripe.subscriptions.cancel(subscription.id);
    const relabeled = await stack.stripe.subscriptions.update(subscription.id, {
      metadata: { note: 'x' },
    });
    expect(relabeled.metadata).toMatchObject({ note: 'x' });
    const error = await stack.stripe.subscriptions
      .update(subscription.id, { cancel_at_period_end: false })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 400 });
  });
});
