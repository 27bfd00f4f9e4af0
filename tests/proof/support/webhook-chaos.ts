// How the payment chaos proofs deliver Stripe's events: every event the sandbox emitted and not
// yet delivered, 1–5 correctly signed copies, some forged, stale or over a tampered body, all
// shuffled and sent concurrently to the real stripeWebhook after random delays; a 5xx is retried
// later, as Stripe does, until it is answered 200. Then the events those deliveries caused, the
// same way. Should a delivery go unanswered or an event keep failing, the run stops with what was
// stuck instead of running into the test's timeout.
import Stripe from 'stripe';
import { expect } from 'vitest';
import type { Random } from '../../soak/random.ts';
import { STRIPE_KEY, WEBHOOK_SECRET, type FunctionsBed } from './functions-bed.ts';

type DeliveryKind = 'good' | 'forged' | 'stale' | 'tampered';

interface Delivery {
  eventId: string;
  type: string;
  body: string;
  kind: DeliveryKind;
}

/**
 * Longer than any one delivery may take on a loaded machine (they take milliseconds), and shorter
 * than a claim left by a failed delivery lasts (EVENT_CLAIM_MS, 2 min): in-process, nothing crashes,
 * so a delivery that never ends or an event that keeps failing for this long is a bug to report.
 */
const STUCK_MS = 90_000;

export interface DeliveryFigures {
  events: number;
  deliveries: number;
  good: number;
  duplicates: number;
  forged: number;
  stale: number;
  tampered: number;
  retried: number;
}

export interface WebhookChaos {
  readonly figures: DeliveryFigures;
  /** How many events of each type were delivered. */
  readonly types: ReadonlyMap<string, number>;
  /** Order in which each event's first good delivery was answered 200. */
  readonly firstDone: ReadonlyMap<string, number>;
  /** Whether an event has been delivered. */
  delivered(eventId: string): boolean;
  /** Delivers every event not yet delivered, and those the deliveries cause (up to 5 rounds). */
  deliverFresh(): Promise<void>;
}

const signer = new Stripe(STRIPE_KEY);

function signed(delivery: Delivery): Record<string, string> {
  const options =
    delivery.kind === 'forged'
      ? { secret: 'whsec_attacker' }
      : delivery.kind === 'stale'
        ? { timestamp: Math.floor(Date.now() / 1000) - 600 }
        : {};
  const header = signer.webhooks.generateTestHeaderString({
    payload: delivery.body,
    secret: WEBHOOK_SECRET,
    ...options,
  });
  return { 'content-type': 'application/json', 'stripe-signature': header };
}

/** The body sent; a tampered delivery carries another body under the original's signature. */
function sentBody(delivery: Delivery): string {
  if (delivery.kind !== 'tampered') return delivery.body;
  // The attacker's edit: a raised amount where there is one, and always a changed byte.
  return `{"livemode":true,${delivery.body.slice(1)}`.replace(
    /"amount_total":\d+/,
    '"amount_total":99999999',
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function webhookChaos(bed: FunctionsBed, chaos: Random): WebhookChaos {
  const figures: DeliveryFigures = {
    events: 0,
    deliveries: 0,
    good: 0,
    duplicates: 0,
    forged: 0,
    stale: 0,
    tampered: 0,
    retried: 0,
  };
  const types = new Map<string, number>();
  const firstDone = new Map<string, number>();
  const delivered = new Set<string>();

  async function deliverAll(deliveries: Delivery[], workers: number): Promise<void> {
    const queue = [...deliveries];
    const failures: string[] = [];
    /** Deliveries waiting for an answer, and each event's first 5xx still not followed by a 200. */
    const pending = new Map<Delivery, number>();
    const failingSince = new Map<string, { since: number; status: number; type: string }>();
    let stuck: string | undefined;
    let reportStuck = () => {};
    const stuckReported = new Promise<void>((resolve) => (reportStuck = resolve));
    const watch = setInterval(() => {
      const now = Date.now();
      const lines = [
        ...[...pending]
          .filter(([, at]) => now - at > STUCK_MS)
          .map(([d]) => `${d.eventId} (${d.type}, ${d.kind}): no answer`),
        ...[...failingSince]
          .filter(([, f]) => now - f.since > STUCK_MS)
          .map(
            ([id, f]) =>
              `${id} (${f.type}): answered ${f.status}, retried for ${STUCK_MS / 1000} s`,
          ),
      ];
      if (lines.length === 0) return;
      stuck = lines.join('; ');
      reportStuck();
    }, 1000);
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined && !stuck; next = queue.shift()) {
        const delivery = next;
        await sleep(chaos.between(0, 15));
        figures.deliveries += 1;
        pending.set(delivery, Date.now());
        const status = await bed.webhook(sentBody(delivery), signed(delivery));
        pending.delete(delivery);
        if (delivery.kind === 'good' && status === 200) {
          failingSince.delete(delivery.eventId);
          if (!firstDone.has(delivery.eventId)) firstDone.set(delivery.eventId, firstDone.size);
        }
        if (delivery.kind === 'good') {
          // A 5xx is Stripe's cue to retry; it must still end in a 200.
          if (status >= 500) {
            figures.retried += 1;
            if (!failingSince.has(delivery.eventId))
              failingSince.set(delivery.eventId, {
                since: Date.now(),
                status,
                type: delivery.type,
              });
            // Stripe retries later, not at once.
            await sleep(chaos.between(20, 60));
            queue.push(delivery);
          } else if (status !== 200) failures.push(`${delivery.eventId} good → ${status}`);
        } else if (status !== 400)
          failures.push(`${delivery.eventId} ${delivery.kind} → ${status}`);
      }
    };
    // A delivery that never ends holds its worker: the watch reports it without waiting for it.
    await Promise.race([Promise.all(Array.from({ length: workers }, worker)), stuckReported]);
    clearInterval(watch);
    if (stuck !== undefined) throw new Error(`webhook deliveries stuck: ${stuck}`);
    expect(failures).toEqual([]);
  }

  return {
    figures,
    types,
    firstDone,
    delivered: (eventId) => delivered.has(eventId),
    async deliverFresh() {
      for (let round = 0; round < 5; round += 1) {
        const fresh = bed.sandbox.events().filter((e) => !delivered.has(e.id));
        if (fresh.length === 0) break;
        const deliveries: Delivery[] = [];
        for (const { id, type, event } of fresh) {
          delivered.add(id);
          types.set(type, (types.get(type) ?? 0) + 1);
          const body = JSON.stringify(event);
          const copies = chaos.between(1, 5);
          figures.good += copies;
          figures.duplicates += copies - 1;
          for (let n = 0; n < copies; n += 1)
            deliveries.push({ eventId: id, type, body, kind: 'good' });
          for (const kind of ['forged', 'stale', 'tampered'] as const) {
            if (chaos.next() < 0.3) {
              figures[kind] += 1;
              deliveries.push({ eventId: id, type, body, kind });
            }
          }
        }
        await deliverAll(chaos.shuffle(deliveries), 8);
      }
      figures.events = delivered.size;
    },
  };
}

/** The sandbox's control API (`/_sandbox/…`): complete a checkout, renew, refund, dispute. */
export function sandboxControl(bed: FunctionsBed) {
  return async (path: string, body: Record<string, unknown> = {}): Promise<unknown> => {
    const response = await fetch(`${bed.sandbox.url}/_sandbox/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
}

/** A Stripe client of the test's own, talking to the sandbox. */
export function sandboxClient(bed: FunctionsBed): Stripe {
  return new Stripe(STRIPE_KEY, {
    host: '127.0.0.1',
    port: Number(new URL(bed.sandbox.url).port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
}
