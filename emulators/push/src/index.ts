import { PushServer, publicSubscription } from './server';
import type { PlannedAnswer, ReceivedMessage } from './state';

export { decryptWebPush, receiverKeys, DecryptError } from './ece';
export { checkVapid } from './vapid';
export { MAX_PAYLOAD_BYTES, PLANNABLE_STATUSES } from './server';
export type { PlannedAnswer, ReceivedMessage } from './state';

export interface PushServiceOptions {
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** 0 (the default) picks a free port; the CLI defaults to 1090. */
  port?: number;
  log?: (line: string) => void;
  /** The clock VAPID `exp` is checked against (epoch ms); default Date.now. */
  now?: () => number;
}

/** A subscription as the browser's `PushSubscription.toJSON()` gives it, plus the receiver's key. */
export interface StandInSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
  privateKey: string;
  gone: boolean;
  applicationServerKey?: string;
}

export interface PushService {
  port: number;
  /** `http://host:port` */
  url: string;
  stop(): Promise<void>;
  /** Every request that reached a push resource, oldest first (what `GET /api/messages` lists). */
  messages(): ReceivedMessage[];
  /** A new subscription; bring the receiver's keys or let the stand-in make them. */
  subscribe(input?: {
    privateKey?: string;
    auth?: string;
    applicationServerKey?: string;
  }): StandInSubscription;
  /** The next `times` requests (to `endpoint`, or any) are answered `status`, `delayMs` late. */
  respondWith(
    status: number,
    options?: { endpoint?: string; retryAfter?: number; times?: number; delayMs?: number },
  ): void;
  /** The member unsubscribed: the endpoint answers 410 from now on. */
  unsubscribe(endpoint: string): void;
  reset(): void;
}

export const DEFAULT_PUSH_PORT = 1090;

/** Starts the push service stand-in (README.md beside this folder). */
export async function startPushService(options: PushServiceOptions = {}): Promise<PushService> {
  const server = new PushServer({
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    log: options.log ?? (() => undefined),
    now: options.now ?? Date.now,
  });
  const { port, url } = await server.listen();
  return {
    port,
    url,
    stop: () => server.stop(),
    messages: () => [...server.state.messages],
    subscribe: (input = {}) => publicSubscription(server.state.subscribe(input)),
    respondWith(status, { endpoint, retryAfter, times = 1, delayMs } = {}) {
      const plan: PlannedAnswer = {
        status,
        remaining: times,
        ...(delayMs === undefined ? {} : { delayMs }),
        ...(endpoint === undefined ? {} : { endpoint }),
        ...(retryAfter === undefined ? {} : { retryAfter }),
      };
      server.state.planned.push(plan);
    },
    unsubscribe(endpoint) {
      const subscription = server.state.byEndpoint(endpoint);
      if (!subscription) throw new Error(`No subscription ${endpoint}`);
      subscription.gone = true;
    },
    reset: () => server.state.reset(),
  };
}
