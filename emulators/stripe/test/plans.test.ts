// What membership plans use: products and recurring prices, an intro period (trial plus a
// one-time intro price), flexible billing with pause and resume, a prorated upgrade, a downgrade
// booked on a schedule for the period's end, `cancel_at`, and off-session fees on a saved card.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import type { Stack } from './support';
import { control, idOf, pay, startStack } from './support';

let stack: Stack;
beforeEach(async () => {
  stack = await startStack();
});
afterEach(async () => {
  await stack.stop();
});

const types = (events: Stripe.Event[]) => events.map((event) => event.type);
const after = (seen: number) => stack.receiver.accepted().slice(seen);

async function plan(name: string, amount: number, interval: 'week' | 'month' | 'year' = 'month') {
  const product = await stack.stripe.products.create({ name, metadata: { planId: name } });
  const price = await stack.stripe.prices.create({
    product: product.id,
    currency: 'usd',
    unit_amount: amount,
    recurring: { interval },
  });
  return { product, price };
}

async function member(
  price: Stripe.Price,
  options: { trialEnd?: number; intro?: number; flexible?: boolean } = {},
): Promise<Stripe.Subscription> {
  const customer = await stack.stripe.customers.create({ email: 'ana@demo.studio' });
  const line_items: Stripe.Checkout.SessionCreateParams.LineItem[] = [
    { price: price.id, quantity: 1 },
  ];
  if (options.intro !== undefined) {
    line_items.push({
      quantity: 1,
      price_data: { currency: 'usd', unit_amount: options.intro, product_data: { name: 'Intro' } },
    });
  }
  const session = await stack.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items,
    subscription_data: {
      metadata: { uid: 'ana' },
      ...(options.trialEnd === undefined ? {} : { trial_end: options.trialEnd }),
      ...(options.flexible === false ? {} : { billing_mode: { type: 'flexible' } }),
    },
    success_url: 'http://localhost:5000/done',
  });
  await pay(stack.sandbox, session.id);
  const paid = await stack.stripe.checkout.sessions.retrieve(session.id);
  await stack.sandbox.idle();
  return stack.stripe.subscriptions.retrieve(idOf(paid.subscription));
}

const renew = async (subscription: Stripe.Subscription) => {
  const answer = await control(stack.sandbox, 'POST', `subscriptions/${subscription.id}/renew`);
  await stack.sandbox.idle();
  return answer;
};

describe('products and prices', () => {
  it('creates, reads, lists and archives them, with their events', async () => {
    const seen = stack.receiver.accepted().length;
    const { product, price } = await plan('Unlimited', 9900);
    expect(product).toMatchObject({
      object: 'product',
      active: true,
      metadata: { planId: 'Unlimited' },
    });
    expect(price).toMatchObject({
      active: true,
      type: 'recurring',
      unit_amount: 9900,
      recurring: { interval: 'month', interval_count: 1 },
    });
    expect((await stack.stripe.prices.list({ product: product.id })).data.map((p) => p.id)).toEqual(
      [price.id],
    );
    const archived = await stack.stripe.prices.update(price.id, { active: false });
    expect(archived.active).toBe(false);
    await stack.sandbox.idle();
    expect(types(after(seen))).toEqual(['product.created', 'price.created', 'price.updated']);
    await expect(stack.stripe.prices.retrieve('price_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });
});

describe('an intro period', () => {
  it('charges the intro price now, trials until its end, then bills the regular price', async () => {
    const { price } = await plan('Unlimited', 9900);
    const trialEnd = Math.floor(Date.now() / 1000) + 7 * 86_400;
    const subscription = await member(price, { trialEnd, intro: 2900 });
    expect(subscription).toMatchObject({ status: 'trialing', trial_end: trialEnd });
    expect(subscription.items.data[0]?.current_period_end).toBe(trialEnd);
    const [first] = (await stack.stripe.invoices.list({ subscription: subscription.id })).data;
    expect(first).toMatchObject({ billing_reason: 'subscription_create', amount_paid: 2900 });
    expect(first?.lines.data.map((line) => line.amount).sort()).toEqual([0, 2900]);

    await renew(subscription);
    const renewed = await stack.stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]?.current_period_start).toBe(trialEnd);
    const [latest] = (await stack.stripe.invoices.list({ subscription: subscription.id })).data;
    expect(latest).toMatchObject({ billing_reason: 'subscription_cycle', amount_paid: 9900 });
  });

  it('refuses a trial ending within 48 hours, as Checkout does', async () => {
    const { price } = await plan('Unlimited', 9900);
    await expect(
      stack.stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: price.id, quantity: 1 }],
        subscription_data: { trial_end: Math.floor(Date.now() / 1000) + 3600 },
        success_url: 'http://localhost:5000/done',
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'subscription_data[trial_end]' });
  });
});

describe('pause and resume (flexible billing mode)', () => {
  it('pauses with a credit for the unused time, and resumes with a new period', async () => {
    const { price } = await plan('Unlimited', 9900);
    const subscription = await member(price);
    expect(subscription.billing_mode.type).toBe('flexible');
    const seen = stack.receiver.accepted().length;

    const paused = await stack.stripe.subscriptions.pause(subscription.id, {
      bill_for: { unused_time_from: { type: 'now' } },
      invoicing_behavior: 'pending_invoice_item',
    });
    expect(paused.status).toBe('paused');
    expect(paused.status_details?.paused).toMatchObject({
      type: 'subscription',
      subscription: { type: 'pause_requested' },
    });
    // A paused subscription makes no invoices.
    expect((await renew(subscription)).status).toBe(400);

    const resumed = await stack.stripe.subscriptions.resume(subscription.id, {
      billing_cycle_anchor: { type: 'now' },
    });
    expect(resumed.status).toBe('active');
    expect(resumed.status_details).toBeUndefined();
    await stack.sandbox.idle();
    expect(types(after(seen))).toEqual([
      'customer.subscription.paused',
      'customer.subscription.updated',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.resumed',
      'customer.subscription.updated',
    ]);
    const [resumption] = (await stack.stripe.invoices.list({ subscription: subscription.id })).data;
    expect(resumption?.billing_reason).toBe('subscription_update');
    const amounts = resumption?.lines.data.map((line) => line.amount) ?? [];
    expect(amounts).toContain(9900);
    // Paused at once after paying: nearly the whole month comes back as credit.
    const credit = amounts.find((amount) => amount < 0) ?? 0;
    expect(credit).toBeLessThan(-9800);
    expect(resumption?.amount_paid).toBe(9900 + credit);
  });

  it('refuses a pause on classic billing mode, or while a schedule manages it', async () => {
    const { price } = await plan('Unlimited', 9900);
    const classic = await member(price, { flexible: false });
    await expect(stack.stripe.subscriptions.pause(classic.id)).rejects.toMatchObject({
      statusCode: 400,
    });
    const flexible = await member(price);
    await stack.stripe.subscriptionSchedules.create({ from_subscription: flexible.id });
    await expect(stack.stripe.subscriptions.pause(flexible.id)).rejects.toThrow(/schedule/);
  });

  it('leaves a resume whose payment fails past due', async () => {
    const { price } = await plan('Unlimited', 9900);
    const subscription = await member(price);
    // No credit for the unused time, so the resumption has something to charge.
    await stack.stripe.subscriptions.pause(subscription.id, {
      bill_for: { unused_time_from: { type: 'none' } },
    });
    await control(stack.sandbox, 'POST', `customers/${idOf(subscription.customer)}/card`, {
      number: '4000000000000341',
    });
    const resumed = await stack.stripe.subscriptions.resume(subscription.id);
    expect(resumed.status).toBe('past_due');
  });
});

describe('plan changes', () => {
  it('upgrades at once with a prorated invoice (always_invoice)', async () => {
    const small = await plan('Two a week', 6000);
    const big = await plan('Unlimited', 9900);
    const subscription = await member(small.price);
    const seen = stack.receiver.accepted().length;
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    const updated = await stack.stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: big.price.id }],
      proration_behavior: 'always_invoice',
    });
    expect(updated.items.data[0]?.price.id).toBe(big.price.id);
    expect(updated.items.data[0]?.current_period_end).toBe(item.current_period_end);
    await stack.sandbox.idle();
    expect(types(after(seen))).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
    ]);
    const [proration] = (await stack.stripe.invoices.list({ subscription: subscription.id })).data;
    expect(proration?.billing_reason).toBe('subscription_update');
    const lines = proration?.lines.data ?? [];
    expect(lines.every((line) => line.parent?.subscription_item_details?.proration === true)).toBe(
      true,
    );
    // Almost the whole period is left: about the difference of the two prices.
    expect(proration?.amount_paid).toBeGreaterThan(3800);
    expect(proration?.amount_paid).toBeLessThanOrEqual(3900);
  });

  it('books a downgrade for the period end on a schedule, entered at renewal, then released', async () => {
    const big = await plan('Unlimited', 9900);
    const small = await plan('Two a week', 6000);
    const subscription = await member(big.price);
    const schedule = await stack.stripe.subscriptionSchedules.create({
      from_subscription: subscription.id,
    });
    const current = schedule.phases[0] as Stripe.SubscriptionSchedule.Phase;
    const booked = await stack.stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: 'release',
      phases: [
        {
          items: [{ price: big.price.id, quantity: 1 }],
          start_date: current.start_date,
          end_date: current.end_date,
        },
        { items: [{ price: small.price.id, quantity: 1 }], duration: { interval: 'month' } },
      ],
    });
    expect(booked.phases).toHaveLength(2);
    expect((await stack.stripe.subscriptions.retrieve(subscription.id)).schedule).toBe(schedule.id);

    await renew(subscription);
    const moved = await stack.stripe.subscriptions.retrieve(subscription.id);
    expect(moved.items.data[0]?.price.id).toBe(small.price.id);
    const [renewal] = (await stack.stripe.invoices.list({ subscription: subscription.id })).data;
    expect(renewal?.amount_paid).toBe(6000);

    await renew(subscription);
    const released = await stack.stripe.subscriptionSchedules.retrieve(schedule.id);
    expect(released).toMatchObject({ status: 'released', released_subscription: subscription.id });
    expect((await stack.stripe.subscriptions.retrieve(subscription.id)).schedule).toBeNull();
  });

  it('refuses a schedule phase that rewrites the current start', async () => {
    const { price } = await plan('Unlimited', 9900);
    const subscription = await member(price);
    const schedule = await stack.stripe.subscriptionSchedules.create({
      from_subscription: subscription.id,
    });
    await expect(
      stack.stripe.subscriptionSchedules.update(schedule.id, {
        phases: [{ items: [{ price: price.id }], start_date: 1, duration: { interval: 'month' } }],
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'phases[0][start_date]' });
  });

  it('ends a subscription at cancel_at when a renewal reaches it', async () => {
    const { price } = await plan('Unlimited', 9900);
    const subscription = await member(price);
    const end = subscription.items.data[0]?.current_period_end as number;
    const set = await stack.stripe.subscriptions.update(subscription.id, { cancel_at: end });
    expect(set.cancel_at).toBe(end);
    await renew(subscription);
    const ended = await stack.stripe.subscriptions.retrieve(subscription.id);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: end });
  });
});

describe('off-session fees', () => {
  it('charges the saved card, or declines with a card error carrying the PaymentIntent', async () => {
    const { price } = await plan('Unlimited', 9900);
    const subscription = await member(price);
    const customer = idOf(subscription.customer);
    const card = idOf(subscription.default_payment_method);
    const seen = stack.receiver.accepted().length;
    const fee = await stack.stripe.paymentIntents.create(
      {
        amount: 1000,
        currency: 'usd',
        customer,
        payment_method: card,
        off_session: true,
        confirm: true,
        metadata: { feeId: 'late-b1' },
      },
      { idempotencyKey: 'fee-late-b1' },
    );
    expect(fee).toMatchObject({
      status: 'succeeded',
      amount_received: 1000,
      metadata: { feeId: 'late-b1' },
    });
    await control(stack.sandbox, 'POST', `customers/${customer}/card`, {
      number: '4000000000000341',
    });
    const saved = await stack.stripe.customers.retrieve(customer);
    const failingCard = idOf((saved as Stripe.Customer).invoice_settings.default_payment_method);
    const declined = await stack.stripe.paymentIntents
      .create({
        amount: 1000,
        currency: 'usd',
        customer,
        payment_method: failingCard,
        off_session: true,
        confirm: true,
      })
      .catch((error: unknown) => error);
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    const cardError = declined as Stripe.errors.StripeCardError;
    expect(cardError).toMatchObject({
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'insufficient_funds',
    });
    expect(cardError.payment_intent?.status).toBe('requires_payment_method');
    await stack.sandbox.idle();
    expect(types(after(seen))).toEqual([
      'payment_intent.created',
      'payment_intent.succeeded',
      'charge.succeeded',
      'customer.updated',
      'payment_intent.created',
      'charge.failed',
      'payment_intent.payment_failed',
    ]);
    await expect(
      stack.stripe.paymentIntents.create({
        amount: 1000,
        currency: 'usd',
        customer,
        payment_method: 'pm_other',
        off_session: true,
        confirm: true,
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing' });
  });
});
