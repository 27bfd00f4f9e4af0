// Transactions (hash, datastale). A transaction only commits
// when the emulator's hash of the stored value equals the SDK's hash of its cached copy, so every
// test here is also a hash-parity test: a mismatch shows as many update-function calls or maxretry.
import { ref, runTransaction } from 'firebase/database';
import type { Database } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { readAsOwner, rest, setRules, writeAsOwner } from '../support/rest';
import { useConformance } from '../support/suite';
import { rejectionOf } from '../support/wait';

/** Runs a transaction and reports how often the SDK had to call the update function. */
async function countedTransaction(
  db: Database,
  path: string,
  updateFn: (current: unknown) => unknown,
): Promise<{ committed: boolean; value: unknown; calls: number }> {
  let calls = 0;
  const result = await runTransaction(ref(db, path), (current: unknown) => {
    calls += 1;
    return updateFn(current);
  });
  return { committed: result.committed, value: result.snapshot.val(), calls };
}

/**
 * The SDK's first attempt often runs on an empty cache and is answered `datastale`; the second
 * runs on the pushed value. More than 3 calls means the hashes disagreed at least twice.
 */
const MAX_CALLS_WITH_HASH_PARITY = 3;

describe('transactions', () => {
  const ctx = useConformance();

  it('totals exactly 10 after runTransaction increments from 10 concurrent clients', async () => {
    const ns = await ctx.namespace('txn-10');
    const clients = Array.from({ length: 10 }, () => ctx.apps.client(ns));
    const results = await Promise.all(
      clients.map((db) =>
        runTransaction(ref(db, 'counter'), (current: unknown) =>
          typeof current === 'number' ? current + 1 : 1,
        ),
      ),
    );
    expect(results.every((result) => result.committed)).toBe(true);
    expect(await readAsOwner(ctx.target, '/counter', ns)).toBe(10);
  });

  it('starts a transaction on a missing node from null', async () => {
    const ns = await ctx.namespace('txn-null');
    const seen: unknown[] = [];
    const outcome = await countedTransaction(ctx.apps.client(ns), 'fresh', (current) => {
      seen.push(current);
      return { created: true };
    });
    expect(outcome.committed).toBe(true);
    expect(seen.every((value) => value === null)).toBe(true);
    expect(await readAsOwner(ctx.target, '/fresh', ns)).toEqual({ created: true });
  });

  it('aborts with committed === false when the update function returns undefined', async () => {
    const ns = await ctx.namespace('txn-abort');
    await writeAsOwner(ctx.target, '/keep', ns, 'original');
    const result = await runTransaction(ref(ctx.apps.client(ns), 'keep'), () => undefined);
    expect(result.committed).toBe(false);
    expect(await readAsOwner(ctx.target, '/keep', ns)).toBe('original');
  });

  it('commits on a node with priorities and nested children without a retry loop (hash parity)', async () => {
    const ns = await ctx.namespace('txn-nested');
    await rest(ctx.target, 'PUT', '/doc', {
      ns,
      bearer: 'owner',
      body: {
        '.priority': 7,
        b: { '.value': 1, '.priority': 'z' },
        a: { '.value': 2, '.priority': 5 },
        c: 3,
        keys: { '9': 1, '10': 1, a: 1, '-1': 1, '007': 2 },
        deep: { x: { y: { z: 'text', t: true, f: 0.1 } }, list: { '0': 'a', '1': 'b' } },
      },
    });
    const outcome = await countedTransaction(ctx.apps.client(ns), 'doc', (current) => {
      if (current === null || typeof current !== 'object') return current;
      return { ...(current as Record<string, unknown>), c: 4 };
    });
    expect(outcome.committed).toBe(true);
    expect(outcome.calls).toBeLessThanOrEqual(MAX_CALLS_WITH_HASH_PARITY);
    expect(await readAsOwner(ctx.target, '/doc/c', ns)).toBe(4);
  });

  it.each([
    ['Number.MAX_SAFE_INTEGER', Number.MAX_SAFE_INTEGER],
    ['2**-55', 2 ** -55],
    ['3.9999999999999996', 3.9999999999999996],
    ['2**48 - 1', 2 ** 48 - 1],
    ['-1.5e300', -1.5e300],
    ['Number.MAX_VALUE', Number.MAX_VALUE],
    ['the smallest normal double', 2.2250738585072014e-308],
    ['a subnormal double (1e-310)', 1e-310],
    ['Number.MIN_VALUE', Number.MIN_VALUE],
    ['2**-58', 2 ** -58],
    ['0.1', 0.1],
    ['a string with accents and an emoji', 'año nuevo 😀 ü'],
  ])(
    'commits a transaction whose stored value is %s (SDK double-to-hex quirk)',
    async (_, value) => {
      const ns = await ctx.namespace('txn-quirk');
      await writeAsOwner(ctx.target, '/n', ns, value);
      const outcome = await countedTransaction(ctx.apps.client(ns), 'n', (current) =>
        current === null ? 'wrong' : 'replaced',
      );
      expect(outcome.committed).toBe(true);
      expect(outcome.calls).toBeLessThanOrEqual(MAX_CALLS_WITH_HASH_PARITY);
      expect(await readAsOwner(ctx.target, '/n', ns)).toBe('replaced');
    },
  );

  it('commits a transaction on a leaf with a priority', async () => {
    const ns = await ctx.namespace('txn-leaf-priority');
    await rest(ctx.target, 'PUT', '/p', {
      ns,
      bearer: 'owner',
      body: { '.value': 'x', '.priority': 1.5 },
    });
    const outcome = await countedTransaction(ctx.apps.client(ns), 'p', (current) =>
      typeof current === 'string' ? `${current}!` : null,
    );
    expect(outcome.committed).toBe(true);
    expect(outcome.calls).toBeLessThanOrEqual(MAX_CALLS_WITH_HASH_PARITY);
    expect(await readAsOwner(ctx.target, '/p', ns)).toBe('x!');
  });

  it('rejects a transaction denied by rules with a permission error', async () => {
    const ns = await ctx.namespace('txn-denied');
    await setRules(ctx.target, ns, { rules: { '.read': true, locked: { '.write': false } } });
    await writeAsOwner(ctx.target, '/locked', ns, 1);
    const error = await rejectionOf(
      'denied transaction',
      runTransaction(ref(ctx.apps.client(ns), 'locked'), (current: unknown) =>
        typeof current === 'number' ? current + 1 : 1,
      ),
    );
    expect(error.message).toMatch(/permission_denied/i);
    expect(await readAsOwner(ctx.target, '/locked', ns)).toBe(1);
  });

  it('commits admin SDK transactions from several admin apps without lost updates', async () => {
    const ns = await ctx.namespace('txn-admin');
    const admins = Array.from({ length: 3 }, () => ctx.apps.admin(ns));
    const results = await Promise.all(
      admins.flatMap((admin) =>
        [1, 2].map(() =>
          admin
            .ref('stock')
            .transaction((current: unknown) => (typeof current === 'number' ? current - 1 : 100)),
        ),
      ),
    );
    expect(results.every((result) => result.committed)).toBe(true);
    expect(await readAsOwner(ctx.target, '/stock', ns)).toBe(95);
  });

  it('resolves server values sent in a transaction', async () => {
    const ns = await ctx.namespace('txn-server-value');
    const before = Date.now();
    const result = await runTransaction(ref(ctx.apps.client(ns), 'stamp'), () => ({
      at: { '.sv': 'timestamp' },
    }));
    expect(result.committed).toBe(true);
    const stored = (await readAsOwner(ctx.target, '/stamp/at', ns)) as number;
    expect(stored).toBeGreaterThanOrEqual(before);
    expect(stored).toBeLessThanOrEqual(Date.now());
  });
  it('commits on children whose keys mix 32-bit integers, longer digit strings and non-ASCII', async () => {
    const ns = await ctx.namespace('txn-keys');
    await writeAsOwner(ctx.target, '/k', ns, {
      '2147483648': 1,
      '2147483647': 2,
      '-2147483648': 3,
      '-2147483649': 4,
      '007': 5,
      '7': 6,
      Z: 7,
      é: 8,
      '😀': 9,
      a: { '.value': 10, '.priority': 1 },
    });
    const outcome = await countedTransaction(ctx.apps.client(ns), 'k', (current) =>
      current === null ? null : { ...(current as Record<string, unknown>), extra: true },
    );
    expect(outcome.committed).toBe(true);
    expect(outcome.calls).toBeLessThanOrEqual(MAX_CALLS_WITH_HASH_PARITY);
    expect(await readAsOwner(ctx.target, '/k/extra', ns)).toBe(true);
  });

  it('commits a transaction at the root of a namespace', async () => {
    const ns = await ctx.namespace('txn-root');
    await writeAsOwner(ctx.target, '/', ns, { a: 1, b: { c: 'x', '.priority': 2 } });
    const outcome = await countedTransaction(ctx.apps.client(ns), '/', (current) =>
      current === null ? null : { ...(current as Record<string, unknown>), a: 2 },
    );
    expect(outcome.committed).toBe(true);
    expect(outcome.calls).toBeLessThanOrEqual(MAX_CALLS_WITH_HASH_PARITY);
    expect(await readAsOwner(ctx.target, '/a', ns)).toBe(2);
  });
});
