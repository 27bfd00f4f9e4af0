import { afterAll, beforeAll } from 'vitest';
// Per test file: the database emulator (through ../support/backend), a Stripe sandbox on a free
// port, and a small HTTP server that hands each delivery to the REAL `stripeWebhook` function,
// with `rawBody` as Cloud Functions sets it. Everything uses the real SDKs.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Request as ExpressRequest } from 'express';
import Stripe from 'stripe';
import { paths } from '@studio/core';
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
  const app = express();
  app.post('/stripeWebhook', express.raw({ type: '*/*' }), (req, res) => {
    // Cloud Functions keeps the exact request bytes in rawBody; the signature is over them.
    const request = req as ExpressRequest & { rawBody?: Buffer };
    request.rawBody = Buffer.isBuffer(req.body) ? req.body : undefined;
    void stripeWebhook(request as Parameters<typeof stripeWebhook>[0], res);
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const webhookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stripeWebhook`;

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

  const post = async (body: string, signature: string | undefined): Promise<number> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (signature !== undefined) headers['stripe-signature'] = signature;
    const response = await fetch(webhookUrl, { method: 'POST', headers, body });
    await response.text();
    return response.status;
  };

  return {
    backend,
    sandbox,
    stripe,
    deps,
    webhookUrl,
    post,
    async deliver(event, options = {}) {
      const payload = JSON.stringify(event);
      const header = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? WEBHOOK_SECRET,
        ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
      });
      return post(payload, header);
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
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await backend.stop();
    },
  };
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The catalogue the tests buy from. Prices in cents; `Precio` in dollars as the spec has it. */
export async function seedCatalogue(bed: PaymentsTestBed): Promise<void> {
  const now = Date.now();
  await bed.backend.db.ref().update({
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
  });
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

export const CHECKOUT_URLS = {
  successUrl: 'http://127.0.0.1:5000/success?session={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://127.0.0.1:5000/paquetes',
};

/**
 * The ledger explains the balance (design §4): per kind, the deltas of the ledger (plus any
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
