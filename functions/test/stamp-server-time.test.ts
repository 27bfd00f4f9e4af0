import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS, paths } from '@studio/core';
import { stampServerTime as stampServerTimeHandler } from '../src/handlers/users/stamp-server-time';
import { stampServerTime } from '../src/index';
import { dump, newUid, startBackend } from './support/backend';
import type { TestBackend } from './support/backend';
import { callableRequest, rejectionOf } from './support/callable';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startBackend();
});

afterAll(async () => {
  await backend.stop();
});

async function storedStamp(uid: string): Promise<unknown> {
  return (await backend.db.ref(paths.dateService(uid)).get()).val();
}

describe('stampServerTime handler', () => {
  it('writes User, a server timestamp and the IP, and returns the stored Ts', async () => {
    const uid = newUid('member');
    const before = Date.now();
    const result = await stampServerTimeHandler({ db: backend.db }, { uid, ip: '198.51.100.1' });
    const after = Date.now();

    const stored = (await storedStamp(uid)) as { User: string; Ts: number; IP: string };
    expect(stored).toEqual({ User: uid, Ts: result.Ts, IP: '198.51.100.1' });
    expect(result.Ts).toBeGreaterThanOrEqual(before);
    expect(result.Ts).toBeLessThanOrEqual(after);
  });

  it('replaces an earlier stamp with a later one', async () => {
    const uid = newUid('member');
    const first = await stampServerTimeHandler({ db: backend.db }, { uid, ip: '198.51.100.1' });
    const second = await stampServerTimeHandler({ db: backend.db }, { uid, ip: '198.51.100.2' });

    expect(second.Ts).toBeGreaterThanOrEqual(first.Ts);
    expect(await storedStamp(uid)).toEqual({ User: uid, Ts: second.Ts, IP: '198.51.100.2' });
  });
});

describe('stampServerTime callable', () => {
  it('stamps the signed-in caller and returns the database clock', async () => {
    const uid = newUid('member');
    const before = Date.now();
    const result = await stampServerTime.run(callableRequest({}, { uid }, { ip: '203.0.113.7' }));
    const after = Date.now();

    expect(Object.keys(result)).toEqual(['Ts']);
    expect(result.Ts).toBeGreaterThanOrEqual(before);
    expect(result.Ts).toBeLessThanOrEqual(after);
    expect(await storedStamp(uid)).toEqual({ User: uid, Ts: result.Ts, IP: '203.0.113.7' });
  });

  it('accepts a call without arguments (the web SDK sends null)', async () => {
    const uid = newUid('member');
    const result = await stampServerTime.run(callableRequest(null, { uid }));

    expect(await storedStamp(uid)).toMatchObject({ User: uid, Ts: result.Ts });
  });

  it('rejects unauthenticated requests and writes nothing', async () => {
    const before = await dump(backend.db);
    const error = await rejectionOf(stampServerTime.run(callableRequest({}, null)));

    expect(error.code).toBe('unauthenticated');
    expect(error.message).toBe('Please log in first.');
    expect(error.details).toEqual({ messageKey: 'unauthenticated', params: {} });
    expect(await dump(backend.db)).toEqual(before);
  });

  it('rejects unexpected input fields and writes nothing', async () => {
    const uid = newUid('member');
    const before = await dump(backend.db);
    const error = await rejectionOf(
      stampServerTime.run(callableRequest({ Ts: 0, User: 'someone-else' }, { uid })),
    );

    expect(error.code).toBe('invalid-argument');
    expect(error.details).toMatchObject({ messageKey: 'invalidInput' });
    expect(await dump(backend.db)).toEqual(before);
  });

  it(`refuses stamp number ${RATE_LIMITS.clock.max + 1} in ten minutes, writing nothing`, async () => {
    const uid = newUid('member');
    for (let i = 0; i < RATE_LIMITS.clock.max; i += 1)
      await stampServerTime.run(callableRequest({}, { uid }));
    const before = await dump(backend.db);
    const error = await rejectionOf(stampServerTime.run(callableRequest({}, { uid })));
    expect(error.code).toBe('resource-exhausted');
    expect(error.details).toMatchObject({ messageKey: 'tooManyAttempts' });
    expect(await dump(backend.db)).toEqual(before);
  });

  describe('IP', () => {
    async function stampedIp(origin: Parameters<typeof callableRequest>[2]): Promise<unknown> {
      const uid = newUid('member');
      await stampServerTime.run(callableRequest({}, { uid }, origin));
      return (await backend.db.ref(paths.dateService(uid)).child('IP').get()).val();
    }

    it('is the request IP', async () => {
      expect(await stampedIp({ ip: '192.0.2.44', forwardedFor: '198.51.100.9' })).toBe(
        '192.0.2.44',
      );
    });

    it('is the first X-Forwarded-For entry when the request has no IP', async () => {
      expect(await stampedIp({ forwardedFor: '198.51.100.9, 10.0.0.1, 10.0.0.2' })).toBe(
        '198.51.100.9',
      );
    });

    it('keeps IPv6 addresses and unwraps IPv4-mapped ones', async () => {
      expect(await stampedIp({ ip: '2001:db8::1' })).toBe('2001:db8::1');
      expect(await stampedIp({ ip: '::ffff:192.0.2.10' })).toBe('192.0.2.10');
    });

    it('falls back to the socket peer, then to "unknown"', async () => {
      expect(await stampedIp({ remoteAddress: '127.0.0.1' })).toBe('127.0.0.1');
      expect(await stampedIp({ forwardedFor: '<script>' })).toBe('unknown');
    });
  });
});
