// The customer portal: the session through the real SDK, the hosted page, and each
// action's effect on the objects and its signed webhook events (the receiver verifies them).
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

const RETURN_URL = 'http://localhost:5000/profile-user/member-1';

async function openPortal(customer: string): Promise<Stripe.BillingPortal.Session> {
  return stack.stripe.billingPortal.sessions.create({ customer, return_url: RETURN_URL });
}

/** Presses a button of the portal page, as a browser form post (no redirect followed). */
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

describe('billing portal sessions', () => {
  it('creates a billing_portal.session in Stripe’s shape with a page at its url', async () => {
    const { subscription } = await subscribe(stack);
    const session = await openPortal(idOf(subscription.customer));
    expect(session).toMatchObject({
      object: 'billing_portal.session',
      customer: idOf(subscription.customer),
      return_url: RETURN_URL,
      livemode: false,
      flow: null,
    });
    expect(session.id).toMatch(/^bps_/);
    expect(session.configuration).toMatch(/^bpc_/);
    expect(session.url).toBe(`${stack.sandbox.url}/portal/${session.id}`);

    const page = await fetch(session.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Monthly plan');
    expect(html).toMatch(/Active · renews on/);
    expect(html).toContain('Cancel plan at period end');
    expect(html).toContain('Invoice history');
    expect(html).toContain(`href="${RETURN_URL}"`);
    expect(html).toMatch(/<td>paid<\/td>/);
  });

  it('refuses an unknown customer, a missing customer and a bad return_url like Stripe', async () => {
    await expect(
      stack.stripe.billingPortal.sessions.create({ customer: 'cus_missing' }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });
    await expect(stack.stripe.billingPortal.sessions.create({})).rejects.toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
      param: 'customer',
    });
    const customer = await stack.stripe.customers.create({});
    await expect(
      stack.stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'nope' }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'url_invalid', param: 'return_url' });
  });

  it('cancel at period end and resume send customer.subscription.updated with previous_attributes', async () => {
    const { subscription } = await subscribe(stack);
    const session = await openPortal(idOf(subscription.customer));

    const cancelled = await eventsDuring(async () => {
      const response = await press(session, `subscriptions/${subscription.id}/cancel`);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`/portal/${session.id}`);
    });
    expect(cancelled.map((event) => event.type)).toEqual(['customer.subscription.updated']);
    const updated = cancelled[0]?.data.object as Stripe.Subscription;
    expect(updated.cancel_at_period_end).toBe(true);
    expect(updated.cancel_at).toBe(subscription.items.data[0]?.current_period_end);
    expect(cancelled[0]?.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
    expect(await (await fetch(session.url)).text()).toMatch(/Cancels on/);

    const resumed = await eventsDuring(() =>
      press(session, `subscriptions/${subscription.id}/resume`),
    );
    expect(resumed.map((event) => event.type)).toEqual(['customer.subscription.updated']);
    expect((resumed[0]?.data.object as Stripe.Subscription).cancel_at_period_end).toBe(false);
    expect((await stack.stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(
      false,
    );
  });

  it('a plan cancelled at period end is deleted when the period ends', async () => {
    const { subscription } = await subscribe(stack);
    const session = await openPortal(idOf(subscription.customer));
    await press(session, `subscriptions/${subscription.id}/cancel`);
    await stack.sandbox.idle();
    const ended = await eventsDuring(() =>
      control(stack.sandbox, 'POST', `subscriptions/${subscription.id}/renew`),
    );
    expect(ended.map((event) => event.type)).toEqual(['customer.subscription.deleted']);
    expect((ended[0]?.data.object as Stripe.Subscription).status).toBe('canceled');
  });

  it('cancel now sends customer.subscription.deleted and leaves no buttons', async () => {
    const { subscription } = await subscribe(stack);
    const session = await openPortal(idOf(subscription.customer));
    const events = await eventsDuring(() =>
      press(session, `subscriptions/${subscription.id}/cancel_now`),
    );
    expect(events.map((event) => event.type)).toEqual(['customer.subscription.deleted']);
    const html = await (await fetch(session.url)).text();
    expect(html).toMatch(/Canceled on/);
    expect(html).not.toContain('Cancel plan at period end');
  });

  it('a failing card retries the past-due invoice in vain; a good card pays it', async () => {
    const { subscription } = await subscribe(stack);
    const customer = idOf(subscription.customer);
    await control(stack.sandbox, 'POST', `subscriptions/${subscription.id}/fail_payment`);
    await stack.sandbox.idle();
    const session = await openPortal(customer);
    expect(await (await fetch(session.url)).text()).toMatch(/Past due/);

    const failing = await eventsDuring(() =>
      press(session, 'card', { number: '4000 0000 0000 0341' }),
    );
    expect(failing.map((event) => event.type)).toEqual([
      'customer.updated',
      'invoice.payment_failed',
    ]);
    expect((failing[1]?.data.object as Stripe.Invoice).attempt_count).toBe(2);
    expect((await stack.stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');

    const good = await eventsDuring(() => press(session, 'card', { number: '4242424242424242' }));
    expect(good.map((event) => event.type)).toEqual([
      'customer.updated',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
    ]);
    const paid = good[3]?.data.object as Stripe.Subscription;
    expect(paid.status).toBe('active');
    const saved = await stack.stripe.customers.retrieve(customer);
    expect((saved as Stripe.Customer).invoice_settings.default_payment_method).toMatch(/^pm_/);
    expect(await (await fetch(session.url)).text()).toContain('VISA •••• 4242');
  });

  it('a saved failing card makes the next renewal fail', async () => {
    const { subscription } = await subscribe(stack);
    const session = await openPortal(idOf(subscription.customer));
    await press(session, 'card', { number: '4000000000000341' });
    await stack.sandbox.idle();
    const events = await eventsDuring(() =>
      control(stack.sandbox, 'POST', `subscriptions/${subscription.id}/renew`),
    );
    expect(events.map((event) => event.type)).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.payment_failed',
      'customer.subscription.updated',
    ]);
    expect((events[3]?.data.object as Stripe.Subscription).status).toBe('past_due');
  });

  it('a declined or unknown card changes nothing and says why', async () => {
    const { subscription } = await subscribe(stack);
    const session = await openPortal(idOf(subscription.customer));
    for (const [number, message] of [
      ['4000000000000002', 'Your card was declined.'],
      ['1234', 'Your card number is invalid.'],
    ] as const) {
      const events = await eventsDuring(async () => {
        const response = await press(session, 'card', { number });
        expect(response.status).toBe(400);
        expect(await response.text()).toContain(message);
      });
      expect(events).toEqual([]);
    }
  });

  it('refuses another customer’s subscription and unknown sessions', async () => {
    const mine = await subscribe(stack);
    const theirs = await subscribe(stack, { uid: 'member-2' });
    const session = await openPortal(idOf(mine.subscription.customer));
    const events = await eventsDuring(async () => {
      const response = await press(session, `subscriptions/${theirs.subscription.id}/cancel_now`);
      expect(response.status).toBe(400);
    });
    expect(events).toEqual([]);
    expect((await fetch(`${stack.sandbox.url}/portal/bps_missing`)).status).toBe(404);
  });
});
