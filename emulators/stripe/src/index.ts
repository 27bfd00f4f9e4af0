import { SandboxServer } from './server';
import type { SandboxEvent } from './webhooks/delivery';

export type { EventObject } from './objects/types';
export { API_VERSION } from './objects/types';
export type {
  DeliveryAttempt,
  DeliveryMode,
  SandboxDelivery,
  SandboxEvent,
} from './webhooks/delivery';

export interface StripeSandboxOptions {
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** 0 (the default) picks a free port; the CLI defaults to 12111. */
  port?: number;
  /** Where events are POSTed; without it events are recorded but not sent. */
  webhookUrl?: string;
  /** Signs `Stripe-Signature`; default `whsec_sandbox`. */
  webhookSecret?: string;
  /** If set, only this key is accepted; otherwise any `sk_test_…` key. */
  apiKey?: string;
  /** Webhook retries: default 8 attempts, 500 ms doubling each time. */
  retry?: { maxAttempts: number; baseDelayMs: number };
  log?: (line: string) => void;
}

export interface StripeSandbox {
  port: number;
  /** `http://host:port` */
  url: string;
  stop(): Promise<void>;
  setWebhookUrl(url: string): void;
  /**
   * Every event so far, oldest first, with its webhook deliveries and their attempts; from the
   * `since`-th on when given (a caller reading as it goes need not copy the whole history).
   */
  events(since?: number): SandboxEvent[];
  /** Resolves when no webhook delivery is queued, in flight or waiting to be retried. */
  idle(): Promise<void>;
}

export const DEFAULT_WEBHOOK_SECRET = 'whsec_sandbox';
export const DEFAULT_RETRY = { maxAttempts: 8, baseDelayMs: 500 };

/** Starts a local Stripe API sandbox that the `stripe` SDK can use through `host`/`port`/`protocol`. */
export async function startStripeSandbox(
  options: StripeSandboxOptions = {},
): Promise<StripeSandbox> {
  const server = new SandboxServer({
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    webhookUrl: options.webhookUrl,
    webhookSecret: options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET,
    apiKey: options.apiKey,
    retry: options.retry ?? DEFAULT_RETRY,
    log: options.log ?? (() => undefined),
  });
  const { port, url } = await server.listen();
  return {
    port,
    url,
    stop: () => server.stop(),
    setWebhookUrl: (webhookUrl) => server.setWebhookUrl(webhookUrl),
    events: (since) => server.events(since),
    idle: () => server.deliverer.idle(),
  };
}
