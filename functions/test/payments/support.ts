import { afterAll, beforeAll } from 'vitest';
// Per test file: the database emulator (through ../support/backend), a Stripe sandbox on a free
// port, and a small HTTP server that hands each delivery to the REAL `stripeWebhook` function,
// with `rawBody` as Cloud Functions sets it. Everything uses the real SDKs. The webhook server
// and the catalogue are exported on their own: tests/proof runs the same ones.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Request as ExpressRequest } from 'express';
import Stripe from 'stripe';
import { LOCAL_APP_ORIGINS, paths } from '@studio/core';
import { startStripeSandbox } from '@studio/stripe-sandbox';
import type { StripeSandbox } from '@studio/stripe-sandbox';
import { stripeWebhook } from '../../src/index';
import type { PaymentDeps } from '../../src/handlers/payments/deps';
import { newUid, startBackend } from '../support/backend';
import type { TestBackend } from '../support/backend';

export const WEBHOOK_SECRET = 'whsec_functions_test';
export const API_KEY = 'sk_test_functions';

export interface PaymentsTestBed {
  backend: TestBackend;
  sandbox: StripeSandbox;
  stripe: Stripe;
  deps: PaymentDeps;
  /** The URL of the test's webhook server (calls the real `stripeWebhook`). */
  webhookUrl: string;
  /** POSTs a body to the webhook server; returns the status. */
  post(body: string, signature: string | undefined): Promise<number>;
  /** POSTs an event, signed with the right secret over exactly the body sent. */
  deliver(event: unknown, options?: { secret?: string; timestamp?: number }): Promise<number>;
  /** Calls a sandbox control endpoint. */
  control<T>(path: string, body?: Record<string, unknown>): Promise<T>;
  stop(): Promise<void>;
}

/**
 * Registers a test file's hooks: a bed with the demo catalogue before the tests, stopped after.
 * The returned object is filled in `beforeAll`, so read it inside tests only.
 */
export function usePaymentsTestBed(): PaymentsTestBed {
  const bed = {} as PaymentsTestBed;
  beforeAll(async () => {
    Object.assign(bed, await startPaymentsTestBed());
    await seedCatalogue(bed);
  });
  afterAll(async () => {
    await bed.stop();
  });
  return bed;
}

export async function startPaymentsTestBed(): Promise<PaymentsTestBed> {
  const backend = await startBackend();
  const webhook = await startWebhookServer();
  const webhookUrl = webhook.url;

  const sandbox = await startStripeSandbox({
    port: 0,
    webhookUrl,
    webhookSecret: WEBHOOK_SECRET,
    retry: { maxAttempts: 3, baseDelayMs: 20 },
  });
  // What the deployed function reads: its secrets and, locally, the sandbox's address.
  process.env['STRIPE_SECRET_KEY'] = API_KEY;
  process.env['STRIPE_WEBHOOK_SECRET'] = WEBHOOK_SECRET;
  process.env['STRIPE_API_URL'] = sandbox.url;

  const stripe = new Stripe(API_KEY, {
    host: '127.0.0.1',
    port: sandbox.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  const deps: PaymentDeps = { db: backend.db, stripe, now: Date.now };

  const post = (body: string, signature: string | undefined): Promise<number> =>
    webhook.send(body, {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'stripe-signature': signature }),
    });

  return {
    backend,
    sandbox,
    stripe,
    deps,
    webhookUrl,
    post,
    async deliver(event, options = {}) {
      const payload = JSON.stringify(event);
      const secret = options.secret ?? WEBHOOK_SECRET;
      return post(payload, webhookSignature(payload, { secret, timestamp: options.timestamp }));
    },
    async control<T>(path: string, body: Record<string, unknown> = {}): Promise<T> {
      const response = await fetch(`${sandbox.url}/_sandbox/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    async stop() {
      await sandbox.stop();
      await webhook.stop();
      await backend.stop();
    },
  };
}

export interface WebhookServer {
  /** Where deliveries go: the sandbox's webhook URL, or a test's own requests. */
  url: string;
  /** Sends `body` with these headers (POST unless `method` says otherwise); returns the status. */
  send: (body: string, headers: Record<string, string>, method?: string) => Promise<number>;
  stop(): Promise<void>;
}

/**
 * An HTTP server on a free port that hands every request to the REAL `stripeWebhook`, as Cloud
 * Functions does: any method, bodies up to its 10 MB limit, the exact request bytes in `rawBody`
 * (the signature is over them), and a bare 500 when the handler throws.
 */
export async function startWebhookServer(): Promise<WebhookServer> {
  const app = express();
  app.all('/stripeWebhook', express.raw({ type: '*/*', limit: '10mb' }), (req, res) => {
    const request = req as ExpressRequest & { rawBody?: Buffer };
    request.rawBody = Buffer.isBuffer(req.body) ? req.body : undefined;
    void Promise.resolve()
      .then(() => stripeWebhook(request as Parameters<typeof stripeWebhook>[0], res))
      .catch((error: unknown) => {
        if (!res.headersSent) res.status(500).send('Internal Server Error');
        // A throwing handler is a bug (failures must become a status): left unhandled, the
        // rejection fails the test run whatever status the test expected.
        throw error;
      });
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stripeWebhook`;
  return {
    url,
    send: async (body, headers, method = 'POST') => {
      // fetch refuses a body on GET and HEAD.
      const withBody = method !== 'GET' && method !== 'HEAD';
      const response = await fetch(url, { method, headers, body: withBody ? body : null });
      await response.text();
      return response.status;
    },
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The `Stripe-Signature` header Stripe would send with exactly `payload`. */
export function webhookSignature(
  payload: string,
  options: { secret: string; timestamp?: number | undefined },
): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Writes the catalogue of {@link catalogueSeed} into the bed's database. */
export async function seedCatalogue(bed: PaymentsTestBed): Promise<void> {
  await bed.backend.db.ref().update(catalogueSeed(Date.now()));
}

/**
 * The catalogue the tests buy from, as one multi-path update (coupon validity relative to `now`):
 * packages p5, sp2, tr3 and the inactive `old`; subscription prices; a shop shirt; coupons
 * WELCOME10, OLD (expired), SOON (not yet valid), GONE (used up), ONCE (one per member), OFF
 * (inactive), SUBONLY (subscriptions only). Prices in cents; `Precio` in dollars as the spec has it.
 */
export function catalogueSeed(now: number): Record<string, unknown> {
  return {
    [paths.package('p5')]: {
      kind: 'credits',
      name: '5 classes',
      credits: 5,
      price: 6500,
      currency: 'USD',
      validityDays: 30,
      active: true,
    },
    [paths.package('sp2')]: {
      kind: 'spcredits',
      name: '2 special events',
      credits: 2,
      price: 3000,
      currency: 'USD',
      validityDays: 60,
      active: true,
    },
    [paths.package('tr3')]: {
      kind: 'train-credits',
      name: '3 trainings',
      credits: 3,
      price: 4500,
      currency: 'USD',
      validityDays: 45,
      active: true,
    },
    [paths.package('old')]: {
      kind: 'credits',
      name: 'Retired pack',
      credits: 1,
      price: 1000,
      currency: 'USD',
      validityDays: 30,
      active: false,
    },
    [paths.suscriptionPrices()]: [
      { key: 'discounted', Precio: 39 },
      { key: 'regular', Precio: 59 },
    ],
    [paths.shopProduct('Ropa', 'shirt')]: { Name: 'Shirt', Precio: 20, Reference: 'r1' },
    [paths.coupon('WELCOME10')]: { code: 'WELCOME10', percentOff: 10, active: true, redeemed: 0 },
    [paths.coupon('OLD')]: {
      code: 'OLD',
      percentOff: 10,
      active: true,
      redeemed: 0,
      validUntil: now - DAY_MS,
    },
    [paths.coupon('SOON')]: {
      code: 'SOON',
      percentOff: 10,
      active: true,
      redeemed: 0,
      validFrom: now + DAY_MS,
    },
    [paths.coupon('GONE')]: {
      code: 'GONE',
      amountOff: 500,
      active: true,
      redeemed: 3,
      maxRedemptions: 3,
    },
    [paths.coupon('ONCE')]: {
      code: 'ONCE',
      amountOff: 500,
      active: true,
      redeemed: 0,
      maxPerMember: 1,
    },
    [paths.coupon('OFF')]: { code: 'OFF', percentOff: 10, active: false, redeemed: 0 },
    [paths.coupon('SUBONLY')]: {
      code: 'SUBONLY',
      percentOff: 10,
      active: true,
      redeemed: 0,
      appliesTo: ['subscription'],
    },
  };
}

/** A member with a profile, as registration leaves it. */
export async function createMember(bed: PaymentsTestBed, label = 'member'): Promise<string> {
  const uid = newUid(label);
  await bed.backend.db.ref(paths.user(uid)).set({ Name: 'Ana', Admin: false, Credits: 0 });
  return uid;
}

export async function valueAt(bed: PaymentsTestBed, path: string): Promise<unknown> {
  return (await bed.backend.db.ref(path).get()).val();
}

/** The member's credits-list entries, by id. */
export async function creditsOf(
  bed: PaymentsTestBed,
  uid: string,
): Promise<Record<string, { kind: string; sourceId?: string; expiresAt: number }>> {
  return ((await valueAt(bed, paths.creditsList(uid))) ?? {}) as Record<
    string,
    { kind: string; sourceId?: string; expiresAt: number }
  >;
}

export async function ledgerOf(
  bed: PaymentsTestBed,
  uid: string,
): Promise<Record<string, { type: string; kind: string; delta: number }>> {
  return ((await valueAt(bed, paths.creditLedger(uid))) ?? {}) as Record<
    string,
    { type: string; kind: string; delta: number }
  >;
}

/** What the deployed trigger passes when APP_ORIGINS is unset: the local stack's origins. */
export const CHECKOUT_CONFIG = { appOrigins: LOCAL_APP_ORIGINS };

export const CHECKOUT_URLS = {
  successUrl: 'http://127.0.0.1:5000/success?session={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://127.0.0.1:5000/paquetes',
};

/**
 * The ledger explains the balance: per kind, the deltas of the ledger (plus any
 * entry still in the wallet's outbox) add up to the credits in the list.
 */
export async function ledgerBalanceMatchesCredits(
  bed: PaymentsTestBed,
  uid: string,
): Promise<boolean> {
  const credits = Object.values(await creditsOf(bed, uid));
  const outbox = ((await valueAt(bed, paths.ledgerOutbox(uid))) ?? {}) as Record<
    string,
    { kind: string; delta: number }
  >;
  const ledger = [...Object.values(await ledgerOf(bed, uid)), ...Object.values(outbox)];
  return ['regular', 'special', 'train'].every(
    (kind) =>
      ledger.filter((entry) => entry.kind === kind).reduce((sum, entry) => sum + entry.delta, 0) ===
      credits.filter((credit) => credit.kind === kind).length,
  );
}
