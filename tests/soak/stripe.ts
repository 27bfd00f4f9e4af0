// Stripe's side: the bank and the cards (refunds in full and in part, disputes won and lost,
// plans renewing every month, renewals declined), and webhook delivery as Stripe does it at its
// worst: every event one to three times, out of order, some a step or more late, some forged,
// and retried after our side answered 5xx (a delivery whose instance died mid-event).
import Stripe from 'stripe';
import type { Database } from 'firebase-admin/database';
import { EVENT_CLAIM_MS } from '../../functions/src/handlers/payments/webhook/process-stripe-event.ts';
import { handleStripeWebhook } from '../../functions/src/handlers/payments/webhook/webhook.ts';
import type { Model } from './model.ts';
import type { OpRunner } from './ops.ts';
import type { Random } from './random.ts';
import { WEBHOOK_SECRET, type World } from './world.ts';

interface Delivery {
  eventId: string;
  type: string;
  body: string;
  forged: boolean;
  /** Step at or after which it is sent. */
  due: number;
}

export interface StripeSide {
  /** Queues every event the sandbox made since the last call, with duplicates and delays. */
  collect(step: number): void;
  /** Sends what is due; our 5xx answers come back later, as Stripe retries. */
  deliver(step: number): Promise<void>;
  /** Sends everything still queued, retrying until each event was answered 200. */
  drain(step: number): Promise<void>;
  /** One bank action on a paid purchase: a refund or a dispute. */
  bank(): Promise<void>;
  /** Renews (or declines) every plan whose period ended. */
  renewals(): Promise<void>;
  readonly undelivered: number;
}

const signer = new Stripe('sk_test_signer');

async function control(
  world: World,
  path: string,
  body: Record<string, unknown> = {},
): Promise<unknown> {
  const response = await fetch(`${world.sandbox.url}/_sandbox/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

export function stripeSide(world: World, model: Model, ops: OpRunner, random: Random): StripeSide {
  let queue: Delivery[] = [];

  async function send(delivery: Delivery, db: Database): Promise<number> {
    const header = signer.webhooks.generateTestHeaderString({
      payload: delivery.body,
      secret: delivery.forged ? 'whsec_attacker' : WEBHOOK_SECRET,
    });
    const response = await handleStripeWebhook(world.paymentDeps(db), WEBHOOK_SECRET, {
      rawBody: Buffer.from(delivery.body),
      signature: header,
    });
    return response.status;
  }

  async function attempt(delivery: Delivery, step: number): Promise<void> {
    if (delivery.forged) {
      ops.fault('webhook-forged', delivery.eventId);
      const status = await send(delivery, world.db);
      if (status !== 400) throw new Error(`a forged ${delivery.type} was answered ${status}`);
      return;
    }
    let status = 0;
    const outcome = await ops.perform(
      'webhook',
      'stripe',
      `${delivery.type} ${delivery.eventId}`,
      async (db) => {
        status = await send(delivery, db);
        return status;
      },
      // Stripe, not a client, retries: below, after a delay.
      { retryable: false },
    );
    if (outcome.kind === 'ok' && status === 200) return;
    if (outcome.kind === 'ok' && status !== 500 && status !== 503)
      throw new Error(`${delivery.type} ${delivery.eventId} was answered ${status}`);
    // A 5xx or an instance that died: Stripe sends it again later.
    ops.fault('webhook-5xx', delivery.eventId);
    queue.push({ ...delivery, due: step + random.between(1, 3) });
  }

  return {
    collect(step) {
      for (const record of world.sandbox.events(model.eventsSeen)) {
        model.eventsSeen += 1;
        const body = JSON.stringify(record.event);
        const copies = random.weighted([
          [1, 6],
          [2, 3],
          [3, 1],
        ]);
        if (copies > 1) ops.fault('webhook-duplicate', `${record.type} ×${copies}`);
        for (let n = 0; n < copies; n += 1) {
          const late = random.chance(0.2);
          if (late) ops.fault('webhook-reordered', record.id);
          queue.push({
            eventId: record.id,
            type: record.type,
            body,
            forged: false,
            due: step + (late ? random.between(1, 4) : 0),
          });
        }
        if (random.chance(0.05))
          queue.push({ eventId: record.id, type: record.type, body, forged: true, due: step });
      }
    },

    async deliver(step) {
      const due = random.shuffle(queue.filter((d) => d.due <= step));
      queue = queue.filter((d) => d.due > step);
      // A few at once, as Stripe's deliveries overlap.
      for (let i = 0; i < due.length; i += 4) {
        await Promise.all(due.slice(i, i + 4).map((delivery) => attempt(delivery, step)));
      }
    },

    async drain(step) {
      for (let round = 0; queue.length > 0; round += 1) {
        if (round > 50)
          throw new Error(
            `webhook deliveries never settled: ${queue.map((d) => `${d.type} ${d.eventId}`).join(', ')}`,
          );
        // Stripe retries minutes later, when the claim of a delivery that died has lapsed.
        if (round > 0) await world.clock.advanceTo(world.clock.now() + EVENT_CLAIM_MS);
        for (const delivery of queue) delivery.due = step;
        await this.deliver(step);
      }
    },

    async bank() {
      const paid = model.purchases.filter(
        (p) =>
          p.completed &&
          p.packageId !== 'subscription' &&
          p.refunded === undefined &&
          p.dispute === undefined,
      );
      if (paid.length === 0) return;
      const purchase = random.pick(paid);
      const session = await world.stripe.checkout.sessions.retrieve(purchase.sessionId);
      const intent = session.payment_intent as string | null;
      if (intent === null) return;
      const amount = session.amount_total ?? 0;
      const action = random.weighted<string>([
        ['refund-full', 3],
        ['refund-part', 3],
        ['dispute-won', 1],
        ['dispute-lost', 1],
      ]);
      if (action.startsWith('refund')) {
        const refunded =
          action === 'refund-full'
            ? amount
            : Math.max(1, Math.round((amount * random.between(2, 8)) / 10));
        await control(
          world,
          `charges/${intent}/refund`,
          action === 'refund-full' ? {} : { amount: refunded },
        );
        purchase.refunded = refunded;
      } else {
        const dispute = (await control(world, `charges/${intent}/dispute`)) as { id: string };
        const status = action === 'dispute-won' ? 'won' : 'lost';
        await control(world, `disputes/${dispute.id}/close`, { status });
        purchase.dispute = status;
      }
    },

    async renewals() {
      const now = Math.floor(world.clock.now() / 1000);
      const subscriptions = await world.stripe.subscriptions.list({ limit: 100, status: 'all' });
      for (const subscription of subscriptions.data) {
        // A frozen plan's billing is paused: Stripe makes no invoice until it resumes.
        if (subscription.status === 'canceled' || subscription.status === 'paused') continue;
        if (subscription.pause_collection) continue;
        const end = subscription.items.data[0]?.current_period_end ?? 0;
        if (end > now) continue;
        const declined = random.chance(0.15);
        await control(
          world,
          `subscriptions/${subscription.id}/${declined ? 'fail_payment' : 'renew'}`,
        );
      }
    },

    get undelivered() {
      return queue.length;
    },
  };
}
