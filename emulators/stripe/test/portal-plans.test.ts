// Plan switches in the customer portal: portal configurations through the real SDK (create,
// retrieve, list, update, Stripe's refusals), and the portal page's "Update plan", which moves the
// subscription at once with the configuration's proration (the proration invoice's events, then
// `customer.subscription.updated` with `previous_attributes.items`) or, under a
// `schedule_at_period_end` condition, books the new price on a schedule for the period's end.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import type { Stack } from './support';
import { control, idOf, pay, startStack } from './support';

let stack: Stack;
beforeEach(async () => {
  stack = await startStack();
});
afterEach(async () => {
  await stack.stop();
});

const RETURN_URL = 'http://localhost:5000/profile-user/member-1';
const types = (events: Stripe.Event[]) => events.map((event) => event.type);

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

async function member(price: Stripe.Price): Promise<Stripe.Subscription> {
  const customer = await stack.stripe.customers.create({ email: 'ana@demo.studio' });
  const session = await stack.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: price.id, quantity: 1 }],
    subscription_data: { metadata: { uid: 'ana' } },
    success_url: 'http://localhost:5000/done',
  });
  await pay(stack.sandbox, session.id);
  const paid = await stack.stripe.checkout.sessions.retrieve(session.id);
  await stack.sandbox.idle();
  return stack.stripe.subscriptions.retrieve(idOf(paid.subscription));
}

type Catalogue = { product: Stripe.Product; price: Stripe.Price }[];

function switching(catalogue: Catalogue): Stripe.BillingPortal.ConfigurationCreateParams {
  return {
    features: {
      invoice_history: { enabled: true },
      payment_method_update: { enabled: true },
      subscription_cancel: { enabled: true, mode: 'at_period_end' },
      subscription_update: {
        enabled: true,
        default_allowed_updates: ['price'],
        products: catalogue.map(({ product, price }) => ({
          product: product.id,
          prices: [price.id],
        })),
        proration_behavior: 'always_invoice',
        schedule_at_period_end: {
          conditions: [{ type: 'decreasing_item_amount' }, { type: 'shortening_interval' }],
        },
      },
    },
    metadata: { app: 'studio-plans' },
  };
}

async function openPortal(
  subscription: Stripe.Subscription,
  configuration?: string,
): Promise<Stripe.BillingPortal.Session> {
  return stack.stripe.billingPortal.sessions.create({
    customer: idOf(subscription.customer),
    return_url: RETURN_URL,
    ...(configuration === undefined ? {} : { configuration }),
  });
}

async function press(
  session: Stripe.BillingPortal.Session,
  path: string,
  fields: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${session.url}/${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

async function eventsDuring(action: () => Promise<unknown>): Promise<Stripe.Event[]> {
  const seen = stack.receiver.accepted().length;
  await action();
  await stack.sandbox.idle();
  return stack.receiver.accepted().slice(seen);
}

describe('portal configurations', () => {
  it('creates, retrieves, lists and updates one in Stripe’s shape', async () => {
    const small = await plan('Two a week', 6000);
    const big = await plan('Unlimited', 9900);
    const created = await stack.stripe.billingPortal.configurations.create(switching([small]));
    expect(created).toMatchObject({
      object: 'billing_portal.configuration',
      active: true,
      is_default: false,
      livemode: false,
      metadata: { app: 'studio-plans' },
      features: {
        invoice_history: { enabled: true },
        subscription_cancel: { enabled: true, mode: 'at_period_end' },
        subscription_pause: { enabled: false },
        subscription_update: {
          enabled: true,
          default_allowed_updates: ['price'],
          products: [{ product: small.product.id, prices: [small.price.id] }],
          proration_behavior: 'always_invoice',
          schedule_at_period_end: {
            conditions: [{ type: 'decreasing_item_amount' }, { type: 'shortening_interval' }],
          },
        },
      },
    });
    expect(created.id).toMatch(/^bpc_/);
    expect(await stack.stripe.billingPortal.configurations.retrieve(created.id)).toEqual(created);

    const listed = await stack.stripe.billingPortal.configurations.list({ is_default: false });
    expect(listed.data.map((configuration) => configuration.id)).toEqual([created.id]);
    const all = await stack.stripe.billingPortal.configurations.list();
    expect(all.data.filter((configuration) => configuration.is_default)).toHaveLength(1);

    const updated = await stack.stripe.billingPortal.configurations.update(created.id, {
      features: {
        subscription_update: {
          products: [
            { product: small.product.id, prices: [small.price.id] },
            { product: big.product.id, prices: [big.price.id] },
          ],
        },
      },
      metadata: { catalogue: 'two' },
    });
    expect(updated.features.subscription_update.products).toHaveLength(2);
    expect(updated.features.subscription_update.proration_behavior).toBe('always_invoice');
    expect(updated.metadata).toEqual({ app: 'studio-plans', catalogue: 'two' });
  });

  it('refuses what Stripe refuses, and a session with an unknown configuration', async () => {
    const small = await plan('Two a week', 6000);
    const other = await plan('Unlimited', 9900);
    await expect(
      stack.stripe.billingPortal.configurations.create({
        features: { subscription_update: { enabled: true, default_allowed_updates: ['price'] } },
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'features[subscription_update][products]' });
    await expect(
      stack.stripe.billingPortal.configurations.create({
        features: {
          subscription_update: {
            enabled: true,
            default_allowed_updates: ['price'],
            products: [{ product: small.product.id, prices: [other.price.id] }],
          },
        },
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      param: 'features[subscription_update][products][0][prices][0]',
    });
    await expect(
      stack.stripe.billingPortal.configurations.create({
        features: {
          subscription_update: {
            enabled: true,
            default_allowed_updates: ['price'],
            products: [{ product: 'prod_missing', prices: [small.price.id] }],
          },
        },
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing' });
    const subscription = await member(small.price);
    await expect(openPortal(subscription, 'bpc_missing')).rejects.toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'configuration',
    });
  });
});

describe('switching plans in the portal', () => {
  it('an upgrade applies at once: the proration invoice’s events, then the subscription’s', async () => {
    const small = await plan('Two a week', 6000);
    const big = await plan('Unlimited', 9900);
    const configuration = await stack.stripe.billingPortal.configurations.create(
      switching([small, big]),
    );
    const subscription = await member(small.price);
    const session = await openPortal(subscription, configuration.id);
    expect(session.configuration).toBe(configuration.id);
    const page = await (await fetch(session.url)).text();
    expect(page).toContain('Switch to Unlimited');
    expect(page).toContain('Starts now; the rest of this period is prorated.');
    expect(page).not.toContain('Switch to Two a week');

    const events = await eventsDuring(async () => {
      const response = await press(session, `subscriptions/${subscription.id}/update`, {
        price: big.price.id,
      });
      expect(response.status).toBe(303);
    });
    expect(types(events)).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
    ]);
    const updated = events[4]?.data.object as Stripe.Subscription;
    expect(updated.items.data[0]?.price.id).toBe(big.price.id);
    const previous = events[4]?.data.previous_attributes as Partial<Stripe.Subscription>;
    expect(previous.items?.data[0]?.price.id).toBe(small.price.id);
    const invoice = events[2]?.data.object as Stripe.Invoice;
    expect(invoice.billing_reason).toBe('subscription_update');
    expect(
      invoice.lines.data.every((line) => line.parent?.subscription_item_details?.proration),
    ).toBe(true);
    expect(invoice.amount_paid).toBeGreaterThan(3800);
    expect(invoice.amount_paid).toBeLessThanOrEqual(3900);
    const after = await stack.stripe.subscriptions.retrieve(subscription.id);
    expect(after.items.data[0]?.price.id).toBe(big.price.id);
    expect(after.items.data[0]?.current_period_end).toBe(
      subscription.items.data[0]?.current_period_end,
    );
  });

  it('a cheaper plan is booked for the period’s end on a schedule and entered at renewal', async () => {
    const small = await plan('Two a week', 6000);
    const big = await plan('Unlimited', 9900);
    const configuration = await stack.stripe.billingPortal.configurations.create(
      switching([small, big]),
    );
    const subscription = await member(big.price);
    const session = await openPortal(subscription, configuration.id);
    expect(await (await fetch(session.url)).text()).toContain('when this period ends');

    const booked = await eventsDuring(() =>
      press(session, `subscriptions/${subscription.id}/update`, { price: small.price.id }),
    );
    expect(types(booked)).toEqual([
      'subscription_schedule.created',
      'customer.subscription.updated',
      'subscription_schedule.updated',
    ]);
    expect(booked[1]?.data.previous_attributes).toEqual({ schedule: null });
    const held = await stack.stripe.subscriptions.retrieve(subscription.id);
    expect(held.items.data[0]?.price.id).toBe(big.price.id);
    const schedule = await stack.stripe.subscriptionSchedules.retrieve(idOf(held.schedule));
    const periodEnd = subscription.items.data[0]?.current_period_end;
    expect(schedule.phases.map((phase) => phase.items[0]?.price)).toEqual([
      big.price.id,
      small.price.id,
    ]);
    expect(schedule.phases[1]?.start_date).toBe(periodEnd);
    const page = await (await fetch(session.url)).text();
    expect(page).toContain('Changes to Two a week on');
    // A booked change is not booked twice.
    expect(page).not.toContain('Switch to');
    const again = await press(session, `subscriptions/${subscription.id}/update`, {
      price: small.price.id,
    });
    expect(again.status).toBe(400);

    const renewed = await eventsDuring(() =>
      control(stack.sandbox, 'POST', `subscriptions/${subscription.id}/renew`),
    );
    expect(types(renewed)).toContain('customer.subscription.updated');
    const moved = await stack.stripe.subscriptions.retrieve(subscription.id);
    expect(moved.items.data[0]?.price.id).toBe(small.price.id);
  });

  it('a plan billed more often waits for the period’s end even when it costs more a day', async () => {
    const monthly = await plan('Unlimited', 9900);
    const weekly = await plan('Unlimited weekly', 2900, 'week');
    const configuration = await stack.stripe.billingPortal.configurations.create(
      switching([monthly, weekly]),
    );
    const subscription = await member(monthly.price);
    const session = await openPortal(subscription, configuration.id);
    const booked = await eventsDuring(() =>
      press(session, `subscriptions/${subscription.id}/update`, { price: weekly.price.id }),
    );
    expect(types(booked)[0]).toBe('subscription_schedule.created');
  });

  it('offers nothing without the feature, for a product not listed, or a price not offered', async () => {
    const small = await plan('Two a week', 6000);
    const big = await plan('Unlimited', 9900);
    const outside = await plan('Monthly credits', 4500);
    const configuration = await stack.stripe.billingPortal.configurations.create(
      switching([small, big]),
    );
    const subscription = await member(small.price);

    const plain = await openPortal(subscription);
    expect(plain.configuration).toBe('bpc_sandbox_default');
    expect(await (await fetch(plain.url)).text()).not.toContain('Switch to');
    const refused = await eventsDuring(async () => {
      const response = await press(plain, `subscriptions/${subscription.id}/update`, {
        price: big.price.id,
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('This plan cannot be chosen');
    });
    expect(refused).toEqual([]);

    const session = await openPortal(subscription, configuration.id);
    const notOffered = await press(session, `subscriptions/${subscription.id}/update`, {
      price: outside.price.id,
    });
    expect(notOffered.status).toBe(400);

    const unlisted = await member(outside.price);
    const theirs = await openPortal(unlisted, configuration.id);
    expect(await (await fetch(theirs.url)).text()).not.toContain('Switch to');
    expect(
      (await stack.stripe.subscriptions.retrieve(subscription.id)).items.data[0]?.price.id,
    ).toBe(small.price.id);
  });
});
