// What the stand-in remembers, in memory: the subscriptions tests created (with the receiver's
// private key, so messages can be read), every message that reached a push resource, and the
// answers planned for the next requests.
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { fromBase64Url, toBase64Url } from './base64url';
import { receiverKeys, type ReceiverKeys } from './ece';

export interface Subscription {
  token: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** base64url of the receiver's private key: a test that made none gets it to keep. */
  privateKey: string;
  /** The applicationServerKey it was made with; a message signed with another key is refused. */
  applicationServerKey?: string;
  /** Unsubscribed: its endpoint answers 410 Gone from then on. */
  gone: boolean;
  createdAt: number;
  receiver: ReceiverKeys;
}

export interface ReceivedMessage {
  id: string;
  endpoint: string;
  receivedAt: number;
  /** The status the stand-in answered. */
  status: number;
  /** Why it was refused, when it was. */
  error?: string;
  /** The decrypted payload (UTF-8), when there was one and it decrypted. */
  payload?: string;
  ttl?: number;
  urgency?: string;
  topic?: string;
  /** The VAPID claims and key of an authenticated request. */
  vapid?: { aud: string; exp: number; sub: string; k: string };
}

export interface PlannedAnswer {
  /** Only for this endpoint; absent = any. */
  endpoint?: string;
  status: number;
  /** Seconds, sent as `Retry-After` (429 and 5xx). */
  retryAfter?: number;
  /** How many requests it answers. */
  remaining: number;
  /** The answer comes this late (the push is taken all the same): a sender's timeout. */
  delayMs?: number;
}

export class InvalidKeysError extends Error {}

export class PushState {
  readonly subscriptions = new Map<string, Subscription>();
  readonly messages: ReceivedMessage[] = [];
  readonly planned: PlannedAnswer[] = [];

  constructor(private readonly baseUrl: () => string) {}

  /**
   * A subscription as `PushManager.subscribe` would give it. The test may bring the receiver's
   * private key and auth secret (base64url) or let the stand-in make them.
   */
  subscribe(input: {
    privateKey?: string;
    auth?: string;
    applicationServerKey?: string;
  }): Subscription {
    let privateKey: Buffer;
    if (input.privateKey === undefined) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      privateKey = ecdh.getPrivateKey();
    } else {
      const decoded = fromBase64Url(input.privateKey);
      if (!decoded || decoded.length !== 32)
        throw new InvalidKeysError('privateKey must be 32 bytes of base64url');
      privateKey = decoded;
    }
    const auth = input.auth === undefined ? randomBytes(16) : fromBase64Url(input.auth);
    if (!auth || auth.length !== 16)
      throw new InvalidKeysError('auth must be 16 bytes of base64url');
    let receiver: ReceiverKeys;
    try {
      receiver = receiverKeys(privateKey, auth);
    } catch {
      throw new InvalidKeysError('privateKey is not a P-256 private key');
    }
    const token = randomUUID();
    const subscription: Subscription = {
      token,
      endpoint: `${this.baseUrl()}/push/${token}`,
      keys: { p256dh: toBase64Url(receiver.publicKey), auth: toBase64Url(auth) },
      privateKey: toBase64Url(privateKey),
      gone: false,
      createdAt: Date.now(),
      receiver,
      ...(input.applicationServerKey === undefined
        ? {}
        : { applicationServerKey: input.applicationServerKey }),
    };
    this.subscriptions.set(token, subscription);
    return subscription;
  }

  byEndpoint(endpoint: string): Subscription | undefined {
    for (const subscription of this.subscriptions.values())
      if (subscription.endpoint === endpoint) return subscription;
    return undefined;
  }

  /** The next planned answer for this endpoint, used up by one request. */
  takePlanned(endpoint: string): PlannedAnswer | undefined {
    const index = this.planned.findIndex(
      (plan) => plan.endpoint === undefined || plan.endpoint === endpoint,
    );
    if (index < 0) return undefined;
    const plan = this.planned[index] as PlannedAnswer;
    plan.remaining -= 1;
    if (plan.remaining <= 0) this.planned.splice(index, 1);
    return plan;
  }

  reset(): void {
    this.subscriptions.clear();
    this.messages.length = 0;
    this.planned.length = 0;
  }
}
