import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import type { Stack } from './support';
import { control, idOf, monthlyItem, oneTimeItem, pay, startStack } from './support';

let stack: Stack;
beforeEach(async () => {
  stack = await startStack();
});
afterEach(async () => {
  await stack.stop();
});

const SUCCESS = 'http://localhost:5000/compra?session_id={CHECKOUT_SESSION_ID}';
const CANCEL = 'http://localhost:5000/confirmar-compra';

function createPaymentSession(extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return stack.stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [oneTimeItem('10 credits', 150_000), oneTimeItem('Water', 2_500, 2)],
    client_reference_id: 'uid-1',
    metadata: { uid: 'uid-1', kind: 'credits' },
    payment_intent_data: { metadata: { uid: 'uid-1', purchase: 'p-1' } },
    success_url: SUCCESS,
    cancel_url: CANCEL,
    ...extra,
  });
}

describe('checkout sessions: create and hosted page', () => {
  it('creates an open payment session whose url is the hosted page', async () => {
    const session = await createPaymentSession();
    expect(session.id).toMatch(/^cs_test_/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 155_000,
      currency: 'mxn',
      client_reference_id: 'uid-1',
      metadata: { uid: 'uid-1', kind: 'credits' },
      payment_intent: null,
      livemode: false,
      url: `${stack.sandbox.url}/checkout/${session.id}`,
    });
    expect(session.expires_at - session.created).toBe(24 * 3600);
  });

  it('lists line items with their inline prices and products', async () => {
    const session = await createPaymentSession();
    const items = await stack.stripe.checkout.sessions.listLineItems(session.id, {
      expand: ['data.price.product'],
    });
    expect(items.data).toHaveLength(2);
    const water = items.data[1] as Stripe.LineItem;
    expect(water).toMatchObject({
      object: 'item',
      description: 'Water',
      quantity: 2,
      amount_total: 5_000,
    });
    expect(water.price?.unit_amount).toBe(2_500);
    expect((water.price?.product as Stripe.Product).name).toBe('Water');
  });

  it('renders the hosted page with every item and the total', async () => {
    const session = await createPaymentSession();
    const response = await fetch(String(session.url));
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('10 credits');
    expect(html).toContain('Water');
    expect(html).toContain('MX$1,550.00');
    expect(html).toMatch(/<button type="submit">Pay MX\$1,550\.00<\/button>/);
    expect(html).toContain('Cancel and go back');
    expect(html).toContain('<label for="email">');
  });

  it('Pay redirects 303 to success_url with the session id and delivers the events in order', async () => {
    const session = await createPaymentSession();
    const response = await pay(stack.sandbox, session.id, { email: 'buyer@demo.studio' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(
      `http://localhost:5000/compra?session_id=${session.id}`,
    );
    await stack.sandbox.idle();

    const events = stack.receiver.accepted();
    expect(events.map((event) => event.type)).toEqual([
      'payment_intent.succeeded',
      'charge.succeeded',
      'checkout.session.completed',
    ]);
    expect(stack.receiver.deliveries.every((delivery) => delivery.event !== null)).toBe(true);
    const completed = (events[2] as Stripe.CheckoutSessionCompletedEvent).data.object;
    expect(completed).toMatchObject({
      id: session.id,
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: 'uid-1',
      metadata: { uid: 'uid-1', kind: 'credits' },
      customer_details: { email: 'buyer@demo.studio' },
    });
    const intent = (events[0] as Stripe.PaymentIntentSucceededEvent).data.object;
    expect(intent.id).toMatch(/^pi_/);
    expect(intent.metadata).toEqual({ uid: 'uid-1', purchase: 'p-1' });
    expect(completed.payment_intent).toBe(intent.id);
    const charge = (events[1] as Stripe.ChargeSucceededEvent).data.object;
    expect(charge).toMatchObject({ amount: 155_000, paid: true, payment_intent: intent.id });
    expect(intent.latest_charge).toBe(charge.id);
  });

  it('retrieves the completed session and its payment intent with expand', async () => {
    const session = await createPaymentSession();
    await pay(stack.sandbox, session.id);
    const retrieved = await stack.stripe.checkout.sessions.retrieve(session.id, {
      expand: ['payment_intent.latest_charge', 'line_items'],
    });
    expect(retrieved.status).toBe('complete');
    expect(retrieved.url).toBeNull();
    const intent = retrieved.payment_intent as Stripe.PaymentIntent;
    expect(intent.status).toBe('succeeded');
    expect((intent.latest_charge as Stripe.Charge).amount_captured).toBe(155_000);
    expect(retrieved.line_items?.data).toHaveLength(2);
    const charge = await stack.stripe.charges.retrieve(
      String((intent.latest_charge as Stripe.Charge).id),
    );
    expect(charge.status).toBe('succeeded');
  });

  it('Cancel redirects 303 to cancel_url and leaves the session open', async () => {
    const session = await createPaymentSession();
    const response = await fetch(`${stack.sandbox.url}/checkout/${session.id}/cancel`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(CANCEL);
    const retrieved = await stack.stripe.checkout.sessions.retrieve(session.id);
    expect(retrieved.status).toBe('open');
  });

  it('expire sends checkout.session.expired and the page then refuses to pay', async () => {
    const session = await createPaymentSession();
    const expired = await stack.stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    const again = await stack.stripe.checkout.sessions
      .expire(session.id)
      .catch((error: unknown) => error);
    expect(again).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' });
    const response = await pay(stack.sandbox, session.id);
    expect(response.status).toBe(409);
    await stack.sandbox.idle();
    const types = stack.receiver.accepted().map((event) => event.type);
    expect(types).toEqual(['checkout.session.expired']);
  });

  it('lists sessions filtered by status', async () => {
    const paid = await createPaymentSession();
    const open = await createPaymentSession();
    await pay(stack.sandbox, paid.id);
    const completed = await stack.stripe.checkout.sessions.list({ status: 'complete' });
    expect(completed.data.map((session) => session.id)).toEqual([paid.id]);
    const all = await stack.stripe.checkout.sessions.list();
    expect(all.data.map((session) => session.id)).toEqual([open.id, paid.id]);
  });
});

describe('checkout sessions: subscription mode', () => {
  it('completion creates customer, subscription and paid invoice, with events in Stripe order', async () => {
    const session = await stack.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'new@demo.studio',
      client_reference_id: 'uid-9',
      line_items: [monthlyItem('Monthly plan', 99_900)],
      subscription_data: { metadata: { uid: 'uid-9', plan: 'monthly' } },
      success_url: SUCCESS,
    });
    expect(session.url).toBe(`${stack.sandbox.url}/checkout/${session.id}`);
    const completed = await control<Stripe.Checkout.Session>(
      stack.sandbox,
      'POST',
      `checkout_sessions/${session.id}/complete`,
    );
    expect(completed.status).toBe(200);
    await stack.sandbox.idle();

    const events = stack.receiver.accepted();
    expect(events.map((event) => event.type)).toEqual([
      'customer.created',
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'checkout.session.completed',
    ]);
    const subscription = (events[1] as Stripe.CustomerSubscriptionCreatedEvent).data.object;
    expect(subscription.id).toMatch(/^sub_/);
    expect(subscription.status).toBe('active');
    expect(subscription.metadata).toEqual({ uid: 'uid-9', plan: 'monthly' });
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    expect(item.id).toMatch(/^si_/);
    expect(item.current_period_end).toBeGreaterThan(item.current_period_start);
    expect(subscription).not.toHaveProperty('current_period_end');

    const created = (events[2] as Stripe.InvoiceCreatedEvent).data.object;
    const finalized = (events[3] as Stripe.InvoiceFinalizedEvent).data.object;
    const paid = (events[4] as Stripe.InvoicePaidEvent).data.object;
    expect([created.status, finalized.status, paid.status]).toEqual(['draft', 'open', 'paid']);
    expect(paid.id).toMatch(/^in_/);
    expect(paid).not.toHaveProperty('subscription');
    expect(paid).toMatchObject({
      billing_reason: 'subscription_create',
      amount_paid: 99_900,
      amount_remaining: 0,
      customer_email: 'new@demo.studio',
      parent: {
        type: 'subscription_details',
        subscription_details: {
          subscription: subscription.id,
          metadata: { uid: 'uid-9', plan: 'monthly' },
        },
      },
    });
    expect(finalized.number).toMatch(/-0001$/);

    const done = (events[6] as Stripe.CheckoutSessionCompletedEvent).data.object;
    expect(done).toMatchObject({
      mode: 'subscription',
      status: 'complete',
      subscription: subscription.id,
      invoice: paid.id,
      customer: subscription.customer,
      client_reference_id: 'uid-9',
    });
  });

  it('invoice metadata is a snapshot: later subscription changes do not rewrite it', async () => {
    const customer = await stack.stripe.customers.create({ email: 'm@demo.studio' });
    const session = await stack.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [monthlyItem('Monthly plan', 99_900)],
      subscription_data: { metadata: { uid: 'before' } },
      success_url: SUCCESS,
    });
    await pay(stack.sandbox, session.id);
    const retrieved = await stack.stripe.checkout.sessions.retrieve(session.id);
    await stack.stripe.subscriptions.update(idOf(retrieved.subscription), {
      metadata: { uid: 'after' },
    });
    const invoice = await stack.stripe.invoices.retrieve(idOf(retrieved.invoice));
    expect(invoice.parent?.subscription_details?.metadata).toEqual({ uid: 'before' });
  });
});

describe('checkout sessions: parameter errors', () => {
  it('reports a missing nested parameter with its bracket path', async () => {
    const error = await stack.stripe.checkout.sessions
      .create({
        mode: 'payment',
        line_items: [
          { quantity: 1, price_data: { unit_amount: 100, product_data: { name: 'x' } } },
        ],
        success_url: SUCCESS,
      } as unknown as Stripe.Checkout.SessionCreateParams)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      code: 'parameter_missing',
      param: 'line_items[0][price_data][currency]',
    });
  });

  it('rejects unknown parameters', async () => {
    const error = await createPaymentSession({
      bogus_field: 'x',
    } as Partial<Stripe.Checkout.SessionCreateParams>).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'bogus_field',
    });
  });

  it('rejects a non-integer amount', async () => {
    const error = await createPaymentSession({
      line_items: [oneTimeItem('x', 'abc' as unknown as number)],
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'parameter_invalid_integer',
      param: 'line_items[0][price_data][unit_amount]',
    });
  });

  it('rejects a recurring price in payment mode and a missing recurring price in subscription mode', async () => {
    const inPayment = await createPaymentSession({
      line_items: [monthlyItem('Plan', 99_900)],
    }).catch((caught: unknown) => caught);
    expect(inPayment).toMatchObject({ statusCode: 400, param: 'line_items[0]' });
    const inSubscription = await stack.stripe.checkout.sessions
      .create({
        mode: 'subscription',
        line_items: [oneTimeItem('Pack', 150_000)],
        success_url: SUCCESS,
      })
      .catch((caught: unknown) => caught);
    expect(inSubscription).toMatchObject({ statusCode: 400, param: 'line_items' });
  });

  it('rejects an unknown customer as a 400 on the customer parameter', async () => {
    const error = await createPaymentSession({ customer: 'cus_nobody' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });
  });

  it('enforces Stripe metadata limits', async () => {
    const error = await createPaymentSession({ metadata: { ['k'.repeat(41)]: 'v' } }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ statusCode: 400, param: `metadata[${'k'.repeat(41)}]` });
  });

  it('enforces the expires_at window', async () => {
    const tooSoon = Math.floor(Date.now() / 1000) + 60;
    const error = await createPaymentSession({ expires_at: tooSoon }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ statusCode: 400, param: 'expires_at' });
  });

  it('rejects a total under the currency minimum charge', async () => {
    const error = await createPaymentSession({ line_items: [oneTimeItem('Tiny', 100)] }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ statusCode: 400, param: 'line_items' });
  });

  it('an expansion of an unexpandable field is a 400 on expand', async () => {
    const session = await createPaymentSession();
    const error = await stack.stripe.checkout.sessions
      .retrieve(session.id, { expand: ['mode'] })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 400, param: 'expand' });
  });
});
