import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { newId, realNowSeconds } from '../objects/ids';
import type { EventObject } from '../objects/types';
import { signatureHeader } from './signature';

/** Chaos settings for webhook delivery (`POST /_sandbox/delivery`). */
export interface DeliveryMode {
  /** How many times each event is sent (1 = normal, 2 = every event twice). */
  duplicate: number;
  /** Deliver the events of one state change in a random order (never the original one). */
  shuffle: boolean;
  /** Wait this long before the first attempt of each delivery. */
  delayMs: number;
  /** Probability (0–1) that an attempt is signed with the wrong secret. */
  badSignatureRate: number;
}

export const DEFAULT_DELIVERY_MODE: DeliveryMode = {
  duplicate: 1,
  shuffle: false,
  delayMs: 0,
  badSignatureRate: 0,
};

export interface RetryPolicy {
  maxAttempts: number;
  /** Attempt n+1 waits baseDelayMs × 2^(n-1) after attempt n failed. */
  baseDelayMs: number;
}

export interface DeliveryAttempt {
  attempt: number;
  /** ISO time the attempt started. */
  at: string;
  /** HTTP status of the answer, or null when there was none (connection error, timeout). */
  statusCode: number | null;
  error: string | null;
  signature: 'valid' | 'invalid';
}

export interface SandboxDelivery {
  id: string;
  eventId: string;
  url: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: DeliveryAttempt[];
}

/** An event and what happened to its webhook deliveries (`sandbox.events()`). */
export interface SandboxEvent {
  id: string;
  type: string;
  created: number;
  event: EventObject;
  deliveries: SandboxDelivery[];
}

interface Job {
  delivery: SandboxDelivery;
  event: EventObject;
  generation: number;
}

/** Stripe gives an endpoint about this long to answer. */
const ATTEMPT_TIMEOUT_MS = 30_000;

function post(
  url: string,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: 'POST',
        agent: false,
        signal,
        timeout: ATTEMPT_TIMEOUT_MS,
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${ATTEMPT_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

function shuffled<T extends { event: EventObject }>(jobs: T[]): T[] {
  const order = (list: T[]): string => list.map((job) => job.event.id).join();
  const original = order(jobs);
  if (new Set(jobs.map((job) => job.event.id)).size < 2) return jobs;
  let result = jobs;
  // Redraw until the order differs, so a shuffle is always observable.
  while (order(result) === original) {
    result = [...jobs];
    for (let i = result.length - 1; i > 0; i -= 1) {
      const j = Math.floor(Math.random() * (i + 1));
      [result[i], result[j]] = [result[j] as T, result[i] as T];
    }
  }
  return result;
}

/**
 * Sends events to the webhook URL, signed, one request at a time in the order they were
 * produced. A failed attempt (non-2xx, connection error, timeout) is retried later with
 * exponential backoff and does not hold up the events behind it.
 */
export class WebhookDeliverer {
  mode: DeliveryMode = { ...DEFAULT_DELIVERY_MODE };
  private readonly byEvent = new Map<string, SandboxDelivery[]>();
  private readonly ready: Job[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private idleWaiters: (() => void)[] = [];
  private pumping = false;
  private generation = 0;
  private abort = new AbortController();

  constructor(
    private readonly options: {
      secret: string;
      retry: RetryPolicy;
      log: (line: string) => void;
    },
  ) {}

  /** Queues one state change's events for `url` (applying the delivery mode). */
  enqueue(events: EventObject[], url: string | undefined): void {
    if (url === undefined || events.length === 0) return;
    let jobs: Job[] = [];
    for (const event of events) {
      for (let copy = 0; copy < Math.max(1, this.mode.duplicate); copy += 1) {
        jobs.push({ delivery: this.record(event, url), event, generation: this.generation });
      }
    }
    if (this.mode.shuffle) jobs = shuffled(jobs);
    this.ready.push(...jobs);
    void this.pump();
  }

  /** Sends an event again, as a new delivery. */
  resend(event: EventObject, url: string): SandboxDelivery {
    const delivery = this.record(event, url);
    this.ready.push({ delivery, event, generation: this.generation });
    void this.pump();
    return delivery;
  }

  deliveriesOf(eventId: string): SandboxDelivery[] {
    return this.byEvent.get(eventId) ?? [];
  }

  /** Resolves once nothing is queued, in flight or waiting for a retry. */
  idle(): Promise<void> {
    if (this.pendingCount() === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops every queued and scheduled delivery and their records, and restores the mode. */
  reset(): void {
    this.stop();
    this.byEvent.clear();
    this.mode = { ...DEFAULT_DELIVERY_MODE };
  }

  /** Cancels queued, scheduled and in-flight attempts (their records stay). */
  stop(): void {
    this.generation += 1;
    this.abort.abort();
    this.abort = new AbortController();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.ready.length = 0;
    this.settleIdle();
  }

  private record(event: EventObject, url: string): SandboxDelivery {
    const delivery: SandboxDelivery = {
      id: newId('we'),
      eventId: event.id,
      url,
      status: 'pending',
      attempts: [],
    };
    const list = this.byEvent.get(event.id) ?? [];
    list.push(delivery);
    this.byEvent.set(event.id, list);
    return delivery;
  }

  private pendingCount(): number {
    return this.ready.length + this.timers.size + (this.pumping ? 1 : 0);
  }

  private settleIdle(): void {
    if (this.pendingCount() > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      for (let job = this.ready.shift(); job !== undefined; job = this.ready.shift()) {
        await this.attempt(job);
      }
    } finally {
      this.pumping = false;
      this.settleIdle();
    }
  }

  private async attempt(job: Job): Promise<void> {
    const { delivery, event } = job;
    const signal = this.abort.signal;
    if (delivery.attempts.length === 0 && this.mode.delayMs > 0) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, this.mode.delayMs);
        signal.addEventListener('abort', done, { once: true });
      });
    }
    if (job.generation !== this.generation) return;

    const body = JSON.stringify(event, null, 2);
    const badSignature = Math.random() < this.mode.badSignatureRate;
    const secret = badSignature ? `${this.options.secret}_wrong` : this.options.secret;
    const attempt: DeliveryAttempt = {
      attempt: delivery.attempts.length + 1,
      at: new Date().toISOString(),
      statusCode: null,
      error: null,
      signature: badSignature ? 'invalid' : 'valid',
    };
    try {
      attempt.statusCode = await post(
        delivery.url,
        body,
        {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          Accept: '*/*; q=0.5, application/xml',
          'Cache-Control': 'no-cache',
          'Stripe-Signature': signatureHeader(body, secret, realNowSeconds()),
        },
        signal,
      );
    } catch (error) {
      attempt.error = error instanceof Error ? error.message : String(error);
    }
    if (job.generation !== this.generation) return;
    delivery.attempts.push(attempt);

    const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
    const outcome =
      attempt.statusCode === null ? (attempt.error ?? 'error') : String(attempt.statusCode);
    this.options.log(
      `webhook ${event.type} ${event.id} attempt ${attempt.attempt} → ${outcome}${badSignature ? ' (bad signature sent)' : ''}`,
    );
    if (ok) {
      delivery.status = 'succeeded';
    } else if (delivery.attempts.length >= this.options.retry.maxAttempts) {
      delivery.status = 'failed';
      this.options.log(
        `webhook ${event.type} ${event.id} gave up after ${delivery.attempts.length} attempts`,
      );
    } else {
      const wait = this.options.retry.baseDelayMs * 2 ** (delivery.attempts.length - 1);
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.ready.push(job);
        void this.pump();
      }, wait);
      this.timers.add(timer);
    }
  }
}
