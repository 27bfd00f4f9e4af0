// `POST /v1/subscriptions` through the real SDK: a customer's card on file (a card saved for
// them, as a migration's mapping names it) billed by a subscription whose trial ends at the
// next billing date, so nothing is charged before it; then billed at that date. Bad input
// answers as Stripe does and creates nothing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import type { Stack } from './support';
import { control, startStack } from './support';

let stack: Stack;
beforeEach(async () => {
  stack = await startStack();
});
afterEach(async () => {
  await stack.stop();
});

async function customerWithCard(): Promise<{ customer: string; paymentMethod: string }> {
  const customer = await stack.stripe.customers.create({ email: 'ana@example.mx', name: 'Ana' });
  const saved = await control<{ paymentMethod: string }>(
    stack.sandbox,
    'POST',
    `customers/${customer.id}/card`,
    { number: '4242424242424242' },
  );
  expect(saved.status).toBe(200);
  return { customer: customer.id, paymentMethod: saved.body.paymentMethod };
}

async function monthlyPrice(amount = 12_900): Promise<string> {
  const price = await stack.stripe.prices.create({
    currency: 'usd',
    unit_amount: amount,
    recurring: { interval: 'month' },
    product_data: { name: 'Unlimited' },
  });
  return price.id;
}

describe('creating a subscription', () => {
  it('in a trial until the next billing date: nothing charged now, the first charge then', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const price = await monthlyPrice();
    const trialEnd = Math.floor(Date.now() / 1000) + 12 * 24 * 3600;
    await stack.sandbox.idle();
    const seen = stack.receiver.accepted().length;
    const subscription = await stack.stripe.subscriptions.create({
      customer,
      items: [{ price }],
      default_payment_method: paymentMethod,
      trial_end: trialEnd,
      metadata: { uid: 'member-1', membershipId: 'import-42' },
    });
    expect(subscription).toMatchObject({
      status: 'trialing',
      trial_end: trialEnd,
      default_payment_method: paymentMethod,
      metadata: { uid: 'member-1', membershipId: 'import-42' },
    });
    expect(subscription.items.data[0]?.current_period_end).toBe(trialEnd);
    await stack.sandbox.idle();
    const events = stack.receiver.accepted().slice(seen);
    expect(events.map((event) => event.type)).toEqual([
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    const first = (events[3] as Stripe.InvoicePaidEvent).data.object;
    expect(first).toMatchObject({ billing_reason: 'subscription_create', amount_paid: 0 });
    expect((await stack.stripe.charges.list({ customer })).data).toHaveLength(0);

    const renewed = await control<Stripe.Subscription>(
      stack.sandbox,
      'POST',
      `subscriptions/${subscription.id}/renew`,
    );
    expect(renewed.body.status).toBe('active');
    const item = renewed.body.items.data[0] as Stripe.SubscriptionItem;
    expect(item.current_period_start).toBe(trialEnd);
    const charges = await stack.stripe.charges.list({ customer });
    expect(charges.data.map((charge) => charge.amount)).toEqual([12_900]);
  });

  it('without a trial: the first period charged at once on the card on file', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const subscription = await stack.stripe.subscriptions.create({
      customer,
      items: [{ price: await monthlyPrice(5_000) }],
      default_payment_method: paymentMethod,
    });
    expect(subscription.status).toBe('active');
    const charges = await stack.stripe.charges.list({ customer });
    expect(charges.data.map((charge) => charge.amount)).toEqual([5_000]);
  });

  it('refuses what Stripe refuses, and creates nothing', async () => {
    const { customer, paymentMethod } = await customerWithCard();
    const price = await monthlyPrice();
    const bare = await stack.stripe.customers.create({ email: 'no-card@example.mx' });
    const now = Math.floor(Date.now() / 1000);
    const attempts: [Stripe.SubscriptionCreateParams, string | undefined][] = [
      [
        { customer, items: [{ price }], default_payment_method: 'pm_unknown' },
        'default_payment_method',
      ],
      [{ customer: bare.id, items: [{ price }] }, undefined],
      [{ customer: 'cus_missing', items: [{ price }] }, 'customer'],
      [
        { customer, items: [{ price: 'price_missing' }], default_payment_method: paymentMethod },
        'items[0][price]',
      ],
      [
        {
          customer,
          items: [{ price }],
          default_payment_method: paymentMethod,
          trial_end: now - 60,
        },
        'trial_end',
      ],
      [{ customer, items: [], default_payment_method: paymentMethod }, 'items'],
    ];
    for (const [params, param] of attempts) {
      const error = await stack.stripe.subscriptions.create(params).then(
        () => undefined,
        (caught: unknown) => caught as Stripe.errors.StripeError,
      );
      expect(error?.type, JSON.stringify(params)).toBe('StripeInvalidRequestError');
      expect(error?.param).toBe(param);
    }
    expect((await stack.stripe.subscriptions.list({ status: 'all' })).data).toHaveLength(0);
  });
});
