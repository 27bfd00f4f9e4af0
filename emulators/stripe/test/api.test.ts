import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_VERSION, startStripeSandbox } from '../src/index';
import type { Stack } from './support';
import { oneTimeItem, startStack, stripeClient } from './support';

let stack: Stack;
beforeEach(async () => {
  stack = await startStack();
});
afterEach(async () => {
  await stack.stop();
});

describe('API version', () => {
  it('answers for the API version the installed stripe SDK pins', () => {
    expect(API_VERSION).toBe(Stripe.API_VERSION);
  });

  it('stamps events with that version', async () => {
    await stack.stripe.customers.create({});
    await stack.sandbox.idle();
    expect(stack.receiver.accepted()[0]?.api_version).toBe(Stripe.API_VERSION);
  });
});

describe('authentication', () => {
  it('rejects a key that is not a test secret key with 401 authentication_error', async () => {
    const live = stripeClient(stack.sandbox, 'sk_live_abcdefghijklmnop');
    const error = await live.customers.create({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401, rawType: 'authentication_error' });
  });

  it('rejects a request without an API key', async () => {
    const response = await fetch(`${stack.sandbox.url}/v1/customers`);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(response.status).toBe(401);
    expect(body.error.type).toBe('authentication_error');
    expect(body.error.message).toContain('You did not provide an API key');
  });

  it('accepts only the configured key when apiKey is set', async () => {
    const sandbox = await startStripeSandbox({ apiKey: 'sk_test_only_this' });
    try {
      const other = await stripeClient(sandbox, 'sk_test_another')
        .customers.create({})
        .catch((caught: unknown) => caught);
      expect(other).toMatchObject({ statusCode: 401 });
      const right = await stripeClient(sandbox, 'sk_test_only_this').customers.create({});
      expect(right.id).toMatch(/^cus_/);
    } finally {
      await sandbox.stop();
    }
  });
});

describe('idempotency', () => {
  it('replays the saved response for the same key and parameters', async () => {
    const params = { email: 'once@demo.studio', metadata: { uid: 'u1' } };
    const first = await stack.stripe.customers.create(params, { idempotencyKey: 'grant-1' });
    const second = await stack.stripe.customers.create(params, { idempotencyKey: 'grant-1' });
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    const all = await stack.stripe.customers.list({ email: 'once@demo.studio' });
    expect(all.data).toHaveLength(1);
    await stack.sandbox.idle();
    expect(stack.receiver.accepted().map((event) => event.type)).toEqual(['customer.created']);
  });

  it('treats parameters in another order as the same request', async () => {
    const body = (order: 'ab' | 'ba') =>
      order === 'ab' ? 'email=a%40b.co&name=N' : 'name=N&email=a%40b.co';
    const send = (order: 'ab' | 'ba') =>
      fetch(`${stack.sandbox.url}/v1/customers`, {
        method: 'POST',
        headers: {
          Authorization: 'Bearer sk_test_x',
          'Content-Type': 'application/x-www-form-urlencoded',
          'Idempotency-Key': 'order-key',
        },
        body: body(order),
      });
    const first = await send('ab');
    const second = await send('ba');
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(((await second.json()) as { id: string }).id).toBe(
      ((await first.json()) as { id: string }).id,
    );
  });

  it('refuses the same key with different parameters: 400 idempotency_error', async () => {
    await stack.stripe.customers.create({ email: 'a@demo.studio' }, { idempotencyKey: 'key-2' });
    const error = await stack.stripe.customers
      .create({ email: 'b@demo.studio' }, { idempotencyKey: 'key-2' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error).toMatchObject({ statusCode: 400, rawType: 'idempotency_error' });
  });

  it('refuses the same key on another endpoint', async () => {
    await stack.stripe.customers.create({}, { idempotencyKey: 'key-3' });
    const error = await stack.stripe.checkout.sessions
      .create(
        {
          mode: 'payment',
          line_items: [oneTimeItem('x', 10_000)],
          success_url: 'http://localhost/ok',
        },
        { idempotencyKey: 'key-3' },
      )
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 400, rawType: 'idempotency_error' });
  });

  it('does not save a validation error, so a corrected retry with the key succeeds', async () => {
    const bad = await stack.stripe.customers
      .create({ bogus: 'x' } as unknown as Stripe.CustomerCreateParams, { idempotencyKey: 'key-4' })
      .catch((caught: unknown) => caught);
    expect(bad).toMatchObject({ statusCode: 400, code: 'parameter_unknown' });
    const good = await stack.stripe.customers.create(
      { email: 'ok@demo.studio' },
      { idempotencyKey: 'key-4' },
    );
    expect(good.email).toBe('ok@demo.studio');
  });
});

describe('errors and responses', () => {
  it('answers an unknown URL with Stripe 404 wording', async () => {
    const response = await fetch(`${stack.sandbox.url}/v1/nothing_here`, {
      headers: { Authorization: 'Bearer sk_test_x' },
    });
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(response.status).toBe(404);
    expect(body.error).toMatchObject({ type: 'invalid_request_error' });
    expect(body.error.message).toContain('Unrecognized request URL (GET: /v1/nothing_here)');
  });

  it('sends a Request-Id header and the pinned Stripe-Version', async () => {
    const customer = await stack.stripe.customers.create({});
    expect(customer.lastResponse.requestId).toMatch(/^req_/);
    expect(customer.lastResponse.headers['stripe-version']).toBe(Stripe.API_VERSION);
  });

  it('accepts Basic auth with the key as user name', async () => {
    const response = await fetch(`${stack.sandbox.url}/v1/customers`, {
      headers: { Authorization: `Basic ${Buffer.from('sk_test_basic:').toString('base64')}` },
    });
    expect(response.status).toBe(200);
  });
});
