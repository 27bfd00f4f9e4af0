import { describe, expect, it, vi } from 'vitest';
import { memoryOfflineStore } from '../../test/fakes/memory-offline-store';
import { KEPT_TOKEN_KEY, keepIdToken, keptIdToken, TOKEN_MARGIN_MS } from './kept-token';
import { clearOfflineCopies } from './offline-copy';
import type { IdTokens } from './rest-read';
import { readOverRest } from './rest-read';
import { writeStorage } from './storage';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const HOUR = 3_600_000;

describe('the ID token kept on the device', () => {
  it('answers for the account signed in on this device until shortly before it expires', async () => {
    const { store } = memoryOfflineStore();
    writeStorage('UID', 'm1');
    await keepIdToken({ uid: 'm1', token: 'tok-m1', expiresAt: NOW + HOUR }, store);
    expect(await keptIdToken(NOW, store)).toBe('tok-m1');
    expect(await keptIdToken(NOW + HOUR - TOKEN_MARGIN_MS - 1, store)).toBe('tok-m1');
    expect(await keptIdToken(NOW + HOUR - TOKEN_MARGIN_MS, store)).toBeNull();
  });

  it('is never used for another account, a guest, or once the copies are dropped', async () => {
    const { store } = memoryOfflineStore();
    writeStorage('UID', 'm1');
    await keepIdToken({ uid: 'm1', token: 'tok-m1', expiresAt: NOW + HOUR }, store);
    writeStorage('UID', 'm2');
    expect(await keptIdToken(NOW, store)).toBeNull();
    writeStorage('UID', 'null');
    expect(await keptIdToken(NOW, store)).toBeNull();
    writeStorage('UID', 'm1');
    await clearOfflineCopies(store);
    expect(await keptIdToken(NOW, store)).toBeNull();
  });

  it('ignores what is not a kept token, and a store that cannot be read', async () => {
    writeStorage('UID', 'm1');
    const { store } = memoryOfflineStore({ [KEPT_TOKEN_KEY]: { uid: 'm1', token: 42 } });
    expect(await keptIdToken(NOW, store)).toBeNull();
    const broken = { ...store, read: () => Promise.reject(new Error('blocked')) };
    expect(await keptIdToken(NOW, broken)).toBeNull();
    expect(await keptIdToken(NOW, null)).toBeNull();
  });
});

/** The database's REST API as `fetch` sees it: 200 for `good` tokens, 401 for any other. */
function restApi(good: readonly string[]) {
  const asked: (string | null)[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    const auth = new URL(url).searchParams.get('auth');
    asked.push(auth);
    const ok = auth === null || good.includes(auth);
    return Promise.resolve(
      new Response(JSON.stringify(ok ? { name: 'Mariana' } : { error: 'Permission denied' }), {
        status: ok ? 200 : 401,
      }),
    );
  });
  return asked;
}

const signal = () => new AbortController().signal;
const tokens = (kept: string | null, fresh: string | null): IdTokens & { freshAsked: number } => {
  const result = {
    freshAsked: 0,
    kept: () => Promise.resolve(kept),
    fresh: () => {
      result.freshAsked += 1;
      return Promise.resolve(fresh);
    },
  };
  return result;
};

describe('a signed-in first answer over REST', () => {
  it('asks with the kept token and never waits for Auth when it is accepted', async () => {
    const asked = restApi(['kept']);
    const source = tokens('kept', 'fresh');
    expect(await readOverRest('Users/m1', {}, 'signed-in', signal(), source)).toEqual({
      value: { name: 'Mariana' },
    });
    expect(asked).toEqual(['kept']);
    expect(source.freshAsked).toBe(0);
  });

  it("asks again with Auth's token when the kept one is refused or there is none", async () => {
    const asked = restApi(['fresh']);
    expect(
      await readOverRest('Users/m1', {}, 'signed-in', signal(), tokens('old', 'fresh')),
    ).toEqual({ value: { name: 'Mariana' } });
    expect(
      await readOverRest('Users/m1', {}, 'signed-in', signal(), tokens(null, 'fresh')),
    ).toEqual({ value: { name: 'Mariana' } });
    expect(asked).toEqual(['old', 'fresh', 'fresh']);
  });

  it('does not ask twice with the same token when the rules refuse the account', async () => {
    const asked = restApi([]);
    expect(
      await readOverRest('Users/m2', {}, 'signed-in', signal(), tokens('same', 'same')),
    ).toBeNull();
    expect(asked).toEqual(['same']);
  });

  it('gives no answer when nobody is signed in, and sends no token for a public node', async () => {
    const asked = restApi([]);
    expect(
      await readOverRest('Users/m1', {}, 'signed-in', signal(), tokens(null, null)),
    ).toBeNull();
    expect(asked).toEqual([]);
    expect(await readOverRest('Studio', {}, 'anyone', signal(), tokens('kept', 'fresh'))).toEqual({
      value: { name: 'Mariana' },
    });
    expect(asked).toEqual([null]);
  });
});
