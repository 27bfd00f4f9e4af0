import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxDelivery, SandboxEvent } from '../src/index';
import { startStripeSandbox } from '../src/index';
import { signatureHeader } from '../src/webhooks/signature';
import type { Stack } from './support';
import {
  WEBHOOK_SECRET,
  control,
  oneTimeItem,
  pay,
  startReceiver,
  startStack,
  stripeClient,
} from './support';

let stack: Stack;
beforeEach(async () => {
  stack = await startStack();
});
afterEach(async () => {
  await stack.stop();
});

async function paidSession(): Promise<string> {
  const session = await stack.stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [oneTimeItem('10 credits', 150_000)],
    success_url: 'http://localhost:5000/ok',
  });
  await pay(stack.sandbox, session.id);
  await stack.sandbox.idle();
  return session.id;
}

const PAYMENT_EVENTS = [
  'payment_intent.succeeded',
  'charge.succeeded',
  'checkout.session.completed',
];

describe('webhook signatures', () => {
  it('signs exactly what stripe.webhooks.constructEvent verifies', () => {
    const stripe = new Stripe('sk_test_x');
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'ping' });
    const header = signatureHeader(payload, 'whsec_abc', Math.floor(Date.now() / 1000));
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(stripe.webhooks.constructEvent(payload, header, 'whsec_abc').id).toBe('evt_1');
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(header).toBe(
      stripe.webhooks.generateTestHeaderString({
        payload,
        secret: 'whsec_abc',
        timestamp: Number(/t=(\d+)/.exec(header)?.[1]),
      }),
    );
  });

  it('delivers events that verify with the webhook secret and match the stored event', async () => {
    await paidSession();
    const deliveries = stack.receiver.deliveries;
    expect(deliveries).toHaveLength(3);
    for (const delivery of deliveries) {
      expect(delivery.event).not.toBeNull();
      expect(delivery.status).toBe(200);
      expect(delivery.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    }
    const event = deliveries[2]?.event as Stripe.Event;
    expect(event).toMatchObject({ object: 'event', livemode: false, pending_webhooks: 1 });
    expect(event.id).toMatch(/^evt_/);
    const stored = await stack.stripe.events.retrieve(event.id);
    expect(stored.type).toBe(event.type);
    expect(stored.data.object).toEqual(event.data.object);
  });

  it('a receiver with another secret cannot verify the deliveries', async () => {
    const stranger = await startReceiver('whsec_not_ours');
    stack.sandbox.setWebhookUrl(stranger.url);
    try {
      await stack.stripe.customers.create({});
      await stack.sandbox.idle();
      expect(stranger.deliveries.length).toBeGreaterThan(0);
      expect(
        stranger.deliveries.every((delivery) => delivery.event === null && delivery.status === 400),
      ).toBe(true);
    } finally {
      await stranger.close();
    }
  });
});

describe('webhook retries', () => {
  it('retries with backoff until the endpoint answers 2xx (fails twice → 3 attempts)', async () => {
    stack.receiver.failNext(2, 503);
    await stack.stripe.customers.create({ email: 'retry@demo.studio' });
    await stack.sandbox.idle();
    const [record] = stack.sandbox.events();
    const delivery = record?.deliveries[0] as SandboxDelivery;
    expect(delivery.status).toBe('succeeded');
    expect(delivery.attempts.map((attempt) => attempt.statusCode)).toEqual([503, 503, 200]);
    expect(stack.receiver.deliveries.map((entry) => entry.event?.id)).toEqual([
      record?.id,
      record?.id,
      record?.id,
    ]);
    const times = delivery.attempts.map((attempt) => Date.parse(attempt.at));
    expect(times[1]).toBeGreaterThanOrEqual(times[0] as number);
    expect(times[2]).toBeGreaterThanOrEqual(times[1] as number);
  });

  it('gives up after maxAttempts and marks the delivery failed', async () => {
    stack.receiver.failNext(100, 500);
    await stack.stripe.customers.create({});
    await stack.sandbox.idle();
    const delivery = stack.sandbox.events()[0]?.deliveries[0] as SandboxDelivery;
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts).toHaveLength(4);
  });

  it('records a connection error as an attempt without a status', async () => {
    const receiver = await startReceiver();
    const closedUrl = receiver.url;
    await receiver.close();
    stack.sandbox.setWebhookUrl(closedUrl);
    await stack.stripe.customers.create({});
    await stack.sandbox.idle();
    const attempts = stack.sandbox.events()[0]?.deliveries[0]?.attempts ?? [];
    expect(attempts).toHaveLength(4);
    expect(attempts.every((attempt) => attempt.statusCode === null && attempt.error !== null)).toBe(
      true,
    );
  });

  it('a failing event does not hold up the events behind it', async () => {
    stack.receiver.failNext(1, 500);
    await paidSession();
    const arrivals = stack.receiver.deliveries.map((delivery) => delivery.event?.type);
    expect(arrivals.slice(0, 3)).toEqual(PAYMENT_EVENTS);
    expect(arrivals[3]).toBe('payment_intent.succeeded');
  });
});

describe('delivery modes', () => {
  it('duplicate: 2 delivers every event twice', async () => {
    const mode = await control(stack.sandbox, 'POST', 'delivery', { duplicate: 2 });
    expect(mode.body).toMatchObject({ duplicate: 2, shuffle: false });
    await paidSession();
    const ids = stack.receiver.accepted().map((event) => event.id);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(3);
    for (const record of stack.sandbox.events()) expect(record.deliveries).toHaveLength(2);
  });

  it('shuffle delivers one state change out of order, every event exactly once', async () => {
    await control(stack.sandbox, 'POST', 'delivery', { shuffle: true });
    await paidSession();
    const types = stack.receiver.accepted().map((event) => event.type);
    expect(types).not.toEqual(PAYMENT_EVENTS);
    expect([...types].sort()).toEqual([...PAYMENT_EVENTS].sort());
  });

  it('accepts the mode as a form body too, and badSignatureRate 1 sends unverifiable signatures', async () => {
    const response = await fetch(`${stack.sandbox.url}/_sandbox/delivery`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'badSignatureRate=1',
    });
    expect(((await response.json()) as { badSignatureRate: number }).badSignatureRate).toBe(1);
    await stack.stripe.customers.create({});
    await stack.sandbox.idle();
    expect(stack.receiver.deliveries.every((delivery) => delivery.event === null)).toBe(true);
    const delivery = stack.sandbox.events()[0]?.deliveries[0] as SandboxDelivery;
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts.every((attempt) => attempt.signature === 'invalid')).toBe(true);
  });

  it('rejects out-of-range settings with the parameter named', async () => {
    const result = await control<{ error: { param: string } }>(stack.sandbox, 'POST', 'delivery', {
      badSignatureRate: 2,
    });
    expect(result.status).toBe(400);
    expect(result.body.error.param).toBe('badSignatureRate');
  });
});

describe('control: events, resend, reset', () => {
  it('lists events with their deliveries and attempts', async () => {
    await paidSession();
    const listed = await control<{ data: SandboxEvent[] }>(stack.sandbox, 'GET', 'events');
    expect(listed.body.data.map((record) => record.type)).toEqual(PAYMENT_EVENTS);
    const first = listed.body.data[0] as SandboxEvent;
    expect(first.deliveries[0]).toMatchObject({ status: 'succeeded', url: stack.receiver.url });
    expect(first.deliveries[0]?.attempts[0]).toMatchObject({
      attempt: 1,
      statusCode: 200,
      signature: 'valid',
    });
    const filtered = await control<{ data: SandboxEvent[] }>(
      stack.sandbox,
      'GET',
      'events?type=charge.succeeded',
    );
    expect(filtered.body.data).toHaveLength(1);
    // Read as it goes: from the n-th event on.
    expect(stack.sandbox.events(1).map((record) => record.type)).toEqual(PAYMENT_EVENTS.slice(1));
    expect(stack.sandbox.events(PAYMENT_EVENTS.length)).toEqual([]);
  });

  it('resend delivers the same event again with a fresh signature', async () => {
    await paidSession();
    const completed = stack.receiver.accepted()[2] as Stripe.Event;
    const resent = await control<SandboxDelivery>(
      stack.sandbox,
      'POST',
      `events/${completed.id}/resend`,
    );
    expect(resent.status).toBe(200);
    await stack.sandbox.idle();
    const again = stack.receiver.accepted()[3] as Stripe.Event;
    expect(again.id).toBe(completed.id);
    expect(again.data.object).toEqual(completed.data.object);
    const record = stack.sandbox.events().find((entry) => entry.id === completed.id);
    expect(record?.deliveries.map((delivery) => delivery.status)).toEqual([
      'succeeded',
      'succeeded',
    ]);
    const missing = await control(stack.sandbox, 'POST', 'events/evt_missing/resend');
    expect(missing.status).toBe(404);
  });

  it('reset forgets every object, event and delivery setting', async () => {
    const sessionId = await paidSession();
    await control(stack.sandbox, 'POST', 'delivery', { duplicate: 3 });
    const reset = await control(stack.sandbox, 'POST', 'reset');
    expect(reset.body).toEqual({ reset: true });
    expect(stack.sandbox.events()).toHaveLength(0);
    const error = await stack.stripe.checkout.sessions
      .retrieve(sessionId)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 404 });
    const mode = await control(stack.sandbox, 'GET', 'delivery');
    expect(mode.body).toMatchObject({
      duplicate: 1,
      shuffle: false,
      delayMs: 0,
      badSignatureRate: 0,
    });
  });

  it('moves billing time with the clock while signatures keep the real time', async () => {
    const ahead = Math.floor(Date.now() / 1000) + 40 * 86_400;
    try {
      const set = await control<{ now: number }>(stack.sandbox, 'POST', 'clock', { now: ahead });
      expect(set.body.now).toBe(ahead);
      const customer = await stack.stripe.customers.create({});
      expect(customer.created).toBeGreaterThanOrEqual(ahead);
      expect(customer.created).toBeLessThan(ahead + 60);
      await stack.sandbox.idle();
      // The receiver verified the delivery with the real SDK at the machine's time.
      const delivered = stack.receiver
        .accepted()
        .find((event) => event.type === 'customer.created');
      expect(delivered?.created).toBe(customer.created);
      const bad = await control(stack.sandbox, 'POST', 'clock', {});
      expect(bad.status).toBe(400);
    } finally {
      await control(stack.sandbox, 'POST', 'reset');
    }
    const reset = await control<{ now: number; offset_ms: number }>(stack.sandbox, 'GET', 'clock');
    expect(reset.body.offset_ms).toBe(0);
    expect(Math.abs(reset.body.now - Date.now() / 1000)).toBeLessThan(5);
  });

  it('without a webhook URL, events are recorded but not sent', async () => {
    const sandbox = await startStripeSandbox({ webhookSecret: WEBHOOK_SECRET });
    try {
      await stripeClient(sandbox).customers.create({});
      await sandbox.idle();
      const [record] = sandbox.events();
      expect(record?.type).toBe('customer.created');
      expect(record?.event.pending_webhooks).toBe(0);
      expect(record?.deliveries).toEqual([]);
    } finally {
      await sandbox.stop();
    }
  });
});
