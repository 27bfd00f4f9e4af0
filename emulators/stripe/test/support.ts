import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { StripeSandbox, StripeSandboxOptions } from '../src/index';
import { startStripeSandbox } from '../src/index';

export const WEBHOOK_SECRET = 'whsec_test_suite';
export const API_KEY = 'sk_test_suite_123';

export interface Delivery {
  /** The event as verified by `stripe.webhooks.constructEvent`, or null if verification failed. */
  event: Stripe.Event | null;
  raw: string;
  signature: string;
  /** What the receiver answered. */
  status: number;
}

export interface Receiver {
  url: string;
  deliveries: Delivery[];
  /** Verified events in arrival order, only those answered 2xx. */
  accepted(): Stripe.Event[];
  /** Answer the next n requests with this status (e.g. 500) before answering normally. */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
}

/** A webhook endpoint like ours: verifies the signature on the raw body with the real SDK. */
export async function startReceiver(secret = WEBHOOK_SECRET): Promise<Receiver> {
  const verifier = new Stripe('sk_test_verifier');
  const deliveries: Delivery[] = [];
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const signature = String(req.headers['stripe-signature'] ?? '');
      let event: Stripe.Event | null = null;
      try {
        event = verifier.webhooks.constructEvent(raw, signature, secret);
      } catch {
        event = null;
      }
      let status = event === null ? 400 : 200;
      if (failures.count > 0) {
        failures = { ...failures, count: failures.count - 1 };
        status = failures.status;
      }
      deliveries.push({ event, raw, signature, status });
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ received: status === 200 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/stripeWebhook`,
    deliveries,
    accepted: () =>
      deliveries
        .filter((delivery) => delivery.status >= 200 && delivery.status < 300)
        .map((delivery) => delivery.event)
        .filter((event): event is Stripe.Event => event !== null),
    failNext: (count, status = 500) => {
      failures = { count, status };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export function stripeClient(sandbox: StripeSandbox, key = API_KEY): Stripe {
  return new Stripe(key, {
    host: '127.0.0.1',
    port: sandbox.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
}

export interface Stack {
  sandbox: StripeSandbox;
  stripe: Stripe;
  receiver: Receiver;
  stop(): Promise<void>;
}

/** A sandbox on a free port, a verifying receiver as its webhook, and an SDK client. */
export async function startStack(options: StripeSandboxOptions = {}): Promise<Stack> {
  const receiver = await startReceiver();
  const sandbox = await startStripeSandbox({
    webhookUrl: receiver.url,
    webhookSecret: WEBHOOK_SECRET,
    retry: { maxAttempts: 4, baseDelayMs: 5 },
    ...options,
  });
  return {
    sandbox,
    stripe: stripeClient(sandbox),
    receiver,
    stop: async () => {
      await sandbox.stop();
      await receiver.close();
    },
  };
}

/** The id behind an expandable field (an id string or an expanded object). */
export function idOf(value: string | { id?: string } | null | undefined): string {
  const id = typeof value === 'string' ? value : value?.id;
  if (id === undefined) throw new Error('expected an id');
  return id;
}

/** Calls a `/_sandbox` control endpoint (POST bodies are JSON). */
export async function control<T = unknown>(
  sandbox: StripeSandbox,
  method: 'GET' | 'POST',
  path: string,
  body: Record<string, unknown> = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${sandbox.url}/_sandbox/${path}`, {
    method,
    ...(method === 'POST'
      ? { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }
      : {}),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Presses Pay on the hosted checkout page, as a browser form post. */
export async function pay(
  sandbox: StripeSandbox,
  sessionId: string,
  fields: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${sandbox.url}/checkout/${sessionId}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

export const oneTimeItem = (name: string, unitAmount: number, quantity = 1) => ({
  quantity,
  price_data: { currency: 'mxn', unit_amount: unitAmount, product_data: { name } },
});

export const monthlyItem = (name: string, unitAmount: number) => ({
  quantity: 1,
  price_data: {
    currency: 'mxn',
    unit_amount: unitAmount,
    product_data: { name },
    recurring: { interval: 'month' as const },
  },
});

/** A paid monthly plan for a new customer, through the hosted page. */
export async function subscribe(
  stack: Stack,
  metadata: Record<string, string> = { uid: 'member-1' },
): Promise<{ session: Stripe.Checkout.Session; subscription: Stripe.Subscription }> {
  const customer = await stack.stripe.customers.create({ email: 'member@demo.studio' });
  const created = await stack.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [monthlyItem('Monthly plan', 99_900)],
    subscription_data: { metadata },
    success_url: 'http://localhost:5000/done?session_id={CHECKOUT_SESSION_ID}',
  });
  await pay(stack.sandbox, created.id);
  const session = await stack.stripe.checkout.sessions.retrieve(created.id);
  const subscription = await stack.stripe.subscriptions.retrieve(idOf(session.subscription));
  await stack.sandbox.idle();
  return { session, subscription };
}
