// Writes.
import {
  get,
  goOffline,
  goOnline,
  increment,
  orderByKey,
  push,
  query,
  ref,
  remove,
  serverTimestamp,
  set,
  setPriority,
  setWithPriority,
  update,
} from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { rest, readAsOwner, writeAsOwner } from '../support/rest';
import { useConformance } from '../support/suite';
import { keysOf, sameValue, watchValue } from '../support/watch';

describe('writes', () => {
  const ctx = useConformance();

  it('stores a set and reads it back from another client and over REST', async () => {
    const ns = await ctx.namespace('set');
    const value = { name: 'Spin', capacity: 20, open: true, ratio: 0.75, tags: { a: 'x' } };
    await set(ref(ctx.apps.client(ns), 'classes/c1'), value);
    expect((await get(ref(ctx.apps.client(ns), 'classes/c1'))).val()).toEqual(value);
    expect(await readAsOwner(ctx.target, '/classes/c1', ns)).toEqual(value);
  });

  it('applies update() with multi-segment keys and deletes null keys', async () => {
    const ns = await ctx.namespace('update');
    await writeAsOwner(ctx.target, '/doc', ns, { a: { x: 1, y: 2 }, b: 1, c: { keep: true } });
    const db = ctx.apps.client(ns);
    await update(ref(db, 'doc'), { 'a/x': 10, 'a/z': 3, b: null, 'c/new/deep': 'd' });
    expect(await readAsOwner(ctx.target, '/doc', ns)).toEqual({
      a: { x: 10, y: 2, z: 3 },
      c: { keep: true, new: { deep: 'd' } },
    });
  });

  it('reads update() values given as arrays as index-keyed children', async () => {
    const ns = await ctx.namespace('update-array');
    const db = ctx.apps.client(ns);
    await update(ref(db, 'doc'), { list: ['a', 'b'], 'other/list': [1, 2, 3] });
    const snapshot = await get(ref(ctx.apps.client(ns), 'doc'));
    expect(snapshot.val()).toEqual({ list: ['a', 'b'], other: { list: [1, 2, 3] } });
    expect(snapshot.child('list/1').val()).toBe('b');
  });

  it('generates push keys whose order is the time order', async () => {
    const ns = await ctx.namespace('push');
    const db = ctx.apps.client(ns);
    const keys: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const pushed = push(ref(db, 'log'), { i });
      await pushed;
      keys.push(pushed.key ?? '');
    }
    expect(keys.every((key) => key.length === 20)).toBe(true);
    expect([...keys].sort()).toEqual(keys);
    const reader = ctx.apps.client(ns);
    const snapshot = await get(query(ref(reader, 'log'), orderByKey()));
    expect(keysOf(snapshot)).toEqual(keys);
    const order: unknown[] = [];
    snapshot.forEach((child) => {
      order.push(child.child('i').val());
    });
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('removes a node with remove()', async () => {
    const ns = await ctx.namespace('remove');
    await writeAsOwner(ctx.target, '/doc', ns, { a: 1, b: 2 });
    const db = ctx.apps.client(ns);
    await remove(ref(db, 'doc/a'));
    expect(await readAsOwner(ctx.target, '/doc', ns)).toEqual({ b: 2 });
    await remove(ref(db, 'doc'));
    expect(await readAsOwner(ctx.target, '/doc', ns)).toBeNull();
  });

  it('deletes the node and its now-empty parents when setting {} or all-null children', async () => {
    const ns = await ctx.namespace('empty');
    await writeAsOwner(ctx.target, '/p', ns, { q: { r: 1 }, keep: { k: 1 } });
    const db = ctx.apps.client(ns);
    const watch = watchValue(ref(db, 'p/q'));
    await watch.values.waitForCount(1, 'initial p/q');
    await set(ref(db, 'p/q/r'), {});
    expect(await readAsOwner(ctx.target, '/p', ns)).toEqual({ keep: { k: 1 } });
    await set(ref(db, 'p/keep'), { k: null, other: null });
    expect(await readAsOwner(ctx.target, '/p', ns)).toBeNull();
    expect(await readAsOwner(ctx.target, '/', ns)).toBeNull();
    expect(watch.values.items.at(-1)).toBeNull();
    watch.stop();
  });

  it('replaces a leaf by a children node when writing below it', async () => {
    const ns = await ctx.namespace('below-leaf');
    await writeAsOwner(ctx.target, '/a', ns, 5);
    await set(ref(ctx.apps.client(ns), 'a/b'), 1);
    expect(await readAsOwner(ctx.target, '/a', ns)).toEqual({ b: 1 });
  });

  it('reads a set array back as an array via val()', async () => {
    const ns = await ctx.namespace('array');
    await set(ref(ctx.apps.client(ns), 'arr'), ['x', 'y', { z: 1 }]);
    const snapshot = await get(ref(ctx.apps.client(ns), 'arr'));
    expect(snapshot.val()).toEqual(['x', 'y', { z: 1 }]);
    expect(await readAsOwner(ctx.target, '/arr', ns)).toEqual(['x', 'y', { z: 1 }]);
  });

  it('round-trips setWithPriority and setPriority through getPriority(), also after a reconnect', async () => {
    const ns = await ctx.namespace('priority');
    const writer = ctx.apps.client(ns);
    await setWithPriority(ref(writer, 'p/leaf'), 'v', 5);
    await set(ref(writer, 'p/node'), { k: 1 });
    await setPriority(ref(writer, 'p/node'), 'high');
    await update(ref(writer, 'p'), { 'third/x': 1 });
    await update(ref(writer, 'p'), { 'third/.priority': 9 });
    const reader = ctx.apps.client(ns);
    const snapshot = await get(ref(reader, 'p'));
    expect(snapshot.child('leaf').priority).toBe(5);
    expect(snapshot.child('leaf').val()).toBe('v');
    expect(snapshot.child('node').priority).toBe('high');
    expect(snapshot.child('third').priority).toBe(9);
    goOffline(writer);
    goOnline(writer);
    const watch = watchValue(ref(writer, 'p/leaf'));
    await watch.values.waitForCount(1, 'value after reconnect');
    expect(watch.snapshots[0]?.priority).toBe(5);
    watch.stop();
    const exported = await rest(ctx.target, 'GET', '/p', {
      ns,
      bearer: 'owner',
      params: { format: 'export' },
    });
    expect(exported.json).toEqual({
      leaf: { '.value': 'v', '.priority': 5 },
      node: { k: 1, '.priority': 'high' },
      third: { x: 1, '.priority': 9 },
    });
  });

  it('drops a priority written to an empty location', async () => {
    const ns = await ctx.namespace('priority-empty');
    await setPriority(ref(ctx.apps.client(ns), 'nothing'), 3);
    const exported = await rest(ctx.target, 'GET', '/', {
      ns,
      bearer: 'owner',
      params: { format: 'export' },
    });
    expect(exported.json).toBeNull();
  });

  it('resolves serverTimestamp() to one instant between the start and end of a multi-path update', async () => {
    const ns = await ctx.namespace('timestamp');
    const db = ctx.apps.client(ns);
    await set(ref(db, 'stamps/c/v'), 1);
    const before = Date.now();
    await update(ref(db, 'stamps'), {
      'a/at': serverTimestamp(),
      'b/at': serverTimestamp(),
      'c/.priority': serverTimestamp(),
    });
    const after = Date.now();
    const stored = (await readAsOwner(ctx.target, '/stamps', ns)) as {
      a: { at: number };
      b: { at: number };
    };
    expect(typeof stored.a.at).toBe('number');
    expect(stored.a.at).toBe(stored.b.at);
    expect(stored.a.at).toBeGreaterThanOrEqual(before);
    expect(stored.a.at).toBeLessThanOrEqual(after);
    const priority = (await get(ref(ctx.apps.client(ns), 'stamps/c'))).priority;
    expect(priority).toBe(stored.a.at);
  });

  it('applies a .priority key of an update after the new children of its node, as the SDK does', async () => {
    const ns = await ctx.namespace('merge-priority');
    const writer = ctx.apps.client(ns);
    await update(ref(writer, 'ranked'), { 'c/.priority': 5, 'c/v': 1 });
    const snapshot = await get(ref(ctx.apps.client(ns), 'ranked/c'));
    expect(snapshot.val()).toEqual({ v: 1 });
    expect(snapshot.priority).toBe(5);
  });

  it('applies increment(n) to a number, to a missing node and to a string', async () => {
    const ns = await ctx.namespace('increment');
    await writeAsOwner(ctx.target, '/c', ns, { n: 5, s: 'text', f: 1.5 });
    const db = ctx.apps.client(ns);
    await update(ref(db, 'c'), {
      n: increment(2),
      m: increment(3),
      s: increment(4),
      f: increment(-0.5),
    });
    expect(await readAsOwner(ctx.target, '/c', ns)).toEqual({ n: 7, m: 3, s: 4, f: 1 });
    await set(ref(db, 'c/n'), increment(10));
    expect(await readAsOwner(ctx.target, '/c/n', ns)).toBe(17);
  });

  it('totals 10 after concurrent increment(1) from 10 clients', async () => {
    const ns = await ctx.namespace('increment-10');
    const clients = Array.from({ length: 10 }, () => ctx.apps.client(ns));
    await Promise.all(clients.map((db) => set(ref(db, 'counter'), increment(1))));
    expect(await readAsOwner(ctx.target, '/counter', ns)).toBe(10);
  });

  it('lets the admin SDK set, update, push and remove, seen by a client', async () => {
    const ns = await ctx.namespace('admin-writes');
    const admin = ctx.apps.admin(ns);
    const db = ctx.apps.client(ns);
    const watch = watchValue(ref(db, 'shop'));
    await watch.values.waitForCount(1, 'initial null');
    await admin.ref('shop/items').set({ a: 1 });
    await admin.ref('shop').update({ 'items/b': 2, title: 'Store' });
    const pushed = admin.ref('shop/orders').push({ total: 3 });
    await pushed;
    await admin.ref('shop/items/a').remove();
    const expected = {
      items: { b: 2 },
      title: 'Store',
      orders: { [pushed.key ?? '']: { total: 3 } },
    };
    expect(
      await watch.values.waitForMatch(
        (value) => sameValue(value, expected),
        'the final shop value',
      ),
    ).toEqual(expected);
    watch.stop();
  });
  it('applies an update() at the root with keys in several top-level nodes', async () => {
    const ns = await ctx.namespace('root-update');
    await writeAsOwner(ctx.target, '/', ns, { a: { keep: 1 }, gone: true });
    await update(ref(ctx.apps.client(ns)), { 'a/x': 1, 'b/y/z': 2, gone: null });
    expect(await readAsOwner(ctx.target, '/', ns)).toEqual({
      a: { keep: 1, x: 1 },
      b: { y: { z: 2 } },
    });
  });
});
