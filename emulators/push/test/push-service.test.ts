// The stand-in against the real `web-push` library: what it encrypts and signs must be read and
// checked here as a push service and a browser would.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import {
  decryptWebPush,
  receiverKeys,
  startPushService,
  type PushService,
  type ReceivedMessage,
} from '../src/index';

const vapid = webPush.generateVAPIDKeys();
const vapidDetails = {
  subject: 'mailto:studio@example.com',
  publicKey: vapid.publicKey,
  privateKey: vapid.privateKey,
};

let service: PushService;

beforeAll(async () => {
  service = await startPushService();
});
afterAll(() => service.stop());
beforeEach(() => service.reset());

/** Sends as the functions do: web-push builds the request, fetch carries it. */
async function send(
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  payload: string,
  options: webPush.RequestOptions = {},
  signal?: AbortSignal,
): Promise<Response> {
  const details = webPush.generateRequestDetails(subscription, payload, {
    vapidDetails,
    TTL: 60,
    ...options,
  });
  return fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as unknown as Record<string, string>,
    body: details.body ?? undefined,
    ...(signal ? { signal } : {}),
  });
}

async function apiMessages(query = ''): Promise<ReceivedMessage[]> {
  const response = await fetch(`${service.url}/api/messages${query}`);
  return (await response.json()) as ReceivedMessage[];
}

describe('RFC 8291 decryption', () => {
  it('reads the example message of RFC 8291 Appendix A', () => {
    const keys = receiverKeys(
      Buffer.from('q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94', 'base64url'),
      Buffer.from('BTBZMqHH6r4Tts7J_aSIgg', 'base64url'),
    );
    const body = Buffer.from(
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
      'base64url',
    );
    expect(keys.publicKey.toString('base64url')).toBe(
      'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
    );
    expect(decryptWebPush(body, keys).toString()).toBe('When I grow up, I want to be a watermelon');
    const tampered = Buffer.from(body);
    tampered.writeUInt8((tampered.at(-1) ?? 0) ^ 1, tampered.length - 1);
    expect(() => decryptWebPush(tampered, keys)).toThrow(/does not authenticate/);
  });
});

describe('push resources', () => {
  it('accepts a VAPID-signed aes128gcm message and shows it decrypted', async () => {
    const subscription = service.subscribe({ applicationServerKey: vapid.publicKey });
    const response = await send(subscription, JSON.stringify({ title: 'Hola ñ' }), {
      urgency: 'high',
      topic: 'class-123',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toMatch(/\/message\//);
    const [message] = await apiMessages();
    expect(message).toMatchObject({
      endpoint: subscription.endpoint,
      status: 201,
      payload: '{"title":"Hola ñ"}',
      ttl: 60,
      urgency: 'high',
      topic: 'class-123',
      vapid: { aud: service.url, sub: 'mailto:studio@example.com', k: vapid.publicKey },
    });
  });

  it('decrypts with the keys a test brought', async () => {
    const own = service.subscribe();
    service.reset();
    const again = service.subscribe({ privateKey: own.privateKey, auth: own.keys.auth });
    expect(again.keys).toEqual(own.keys);
    expect((await send(again, 'with my keys')).status).toBe(201);
    expect((await apiMessages())[0]?.payload).toBe('with my keys');
  });

  it('answers 404 to an unknown endpoint and 410 once unsubscribed', async () => {
    const subscription = service.subscribe();
    const unknown = { ...subscription, endpoint: `${service.url}/push/not-a-subscription` };
    expect((await send(unknown, 'x')).status).toBe(404);
    await fetch(
      `${service.url}/api/subscriptions?endpoint=${encodeURIComponent(subscription.endpoint)}`,
      { method: 'DELETE' },
    );
    expect((await send(subscription, 'x')).status).toBe(410);
  });

  it('answers what a test planned, with Retry-After, then accepts again', async () => {
    const subscription = service.subscribe();
    const planned = await fetch(`${service.url}/api/responses`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 429, retryAfter: 7, endpoint: subscription.endpoint }),
    });
    expect(planned.status).toBe(201);
    service.respondWith(503, { times: 1 });
    const first = await send(subscription, 'one');
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('7');
    expect((await send(subscription, 'two')).status).toBe(503);
    expect((await send(subscription, 'three')).status).toBe(201);
    expect((await apiMessages('?status=201')).map((m) => m.payload)).toEqual(['three']);
    expect((await apiMessages()).map((m) => m.status)).toEqual([429, 503, 201]);
  });

  it('answers late when planned, having taken the push: a sender that gave up cannot know', async () => {
    const subscription = service.subscribe();
    const planned = await fetch(`${service.url}/api/responses`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 201, delayMs: 400 }),
    });
    expect(planned.status).toBe(201);
    const gaveUp = await send(subscription, 'late', {}, AbortSignal.timeout(100)).then(
      () => 'answered',
      (error: unknown) => (error as Error).name,
    );
    expect(gaveUp).toBe('TimeoutError');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await apiMessages('?status=201')).map((m) => m.payload)).toEqual(['late']);
    const bad = await fetch(`${service.url}/api/responses`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 201, delayMs: -1 }),
    });
    expect(bad.status).toBe(400);
  });

  it('a planned 410 unsubscribes', async () => {
    const subscription = service.subscribe();
    service.respondWith(410);
    expect((await send(subscription, 'a')).status).toBe(410);
    expect((await send(subscription, 'b')).status).toBe(410);
  });

  it('refuses requests without a valid VAPID JWT', async () => {
    const subscription = service.subscribe({ applicationServerKey: vapid.publicKey });
    const other = webPush.generateVAPIDKeys();
    const otherKey = await send(subscription, 'x', {
      vapidDetails: { ...vapidDetails, publicKey: other.publicKey, privateKey: other.privateKey },
    });
    expect(otherKey.status).toBe(403);

    const details = webPush.generateRequestDetails(subscription, 'x', { vapidDetails, TTL: 60 });
    const headers = details.headers as unknown as Record<string, string>;
    const bare = { ...headers };
    delete bare['Authorization'];
    const post = (h: Record<string, string>) =>
      fetch(details.endpoint, { method: 'POST', headers: h, body: details.body ?? undefined });
    expect((await post(bare)).status).toBe(401);
    // A signature by another key than the one in k.
    const forged = headers['Authorization']?.replace(/k=.*$/, `k=${other.publicKey}`) ?? '';
    expect((await post({ ...headers, Authorization: forged })).status).toBe(401);
    const noTtl = { ...headers };
    delete noTtl['TTL'];
    expect((await post(noTtl)).status).toBe(400);
    const errors = (await apiMessages()).map((m) => m.error);
    expect(errors).toEqual([
      'k is not the key this subscription was made with',
      'missing Authorization',
      'JWT signature does not verify with k',
      'TTL header required',
    ]);
  });

  it('checks aud and exp', async () => {
    const subscription = service.subscribe();
    const wrongAud = webPush.getVapidHeaders(
      'https://push.example.net',
      vapidDetails.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
    );
    const details = webPush.generateRequestDetails(subscription, 'x', { vapidDetails, TTL: 60 });
    const headers = details.headers as unknown as Record<string, string>;
    const response = await fetch(details.endpoint, {
      method: 'POST',
      headers: { ...headers, Authorization: wrongAud.Authorization },
      body: details.body ?? undefined,
    });
    expect(response.status).toBe(401);
    expect((await apiMessages())[0]?.error).toBe(`aud must be ${service.url}`);

    const late = await startPushService({ now: () => Date.now() + 13 * 3_600_000 });
    try {
      const there = late.subscribe();
      const sent = webPush.generateRequestDetails(there, 'x', { vapidDetails, TTL: 60 });
      const answer = await fetch(sent.endpoint, {
        method: 'POST',
        headers: sent.headers as unknown as Record<string, string>,
        body: sent.body ?? undefined,
      });
      // web-push signs for 12 hours; 13 hours later the token has expired.
      expect(answer.status).toBe(401);
      expect(late.messages()[0]?.error).toBe('JWT expired');
    } finally {
      await late.stop();
    }
  });

  it('refuses a payload over 4096 bytes and a body that does not decrypt', async () => {
    const subscription = service.subscribe();
    expect((await send(subscription, 'x'.repeat(4_100))).status).toBe(413);
    const someoneElse = service.subscribe();
    const forOther = webPush.generateRequestDetails(someoneElse, 'secret', {
      vapidDetails,
      TTL: 60,
    });
    const response = await fetch(subscription.endpoint, {
      method: 'POST',
      headers: forOther.headers as unknown as Record<string, string>,
      body: forOther.body ?? undefined,
    });
    expect(response.status).toBe(400);
    expect((await apiMessages()).map((m) => m.status)).toEqual([413, 400]);
  });

  it('lists messages on its page, escaped', async () => {
    const subscription = service.subscribe();
    await send(subscription, '<script>alert(1)</script>');
    const page = await (await fetch(service.url)).text();
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>alert');
    expect(page).toContain('Messages (1)');
  });
});
