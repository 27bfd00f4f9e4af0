// Reads and listeners.
import { get, ref, remove, set, update } from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { roundTrip } from '../support/apps';
import { readAsOwner, writeAsOwner } from '../support/rest';
import { useConformance } from '../support/suite';
import { describeEvents, watchChildren, watchValue } from '../support/watch';

describe('reads and listeners', () => {
  const ctx = useConformance();

  it('fires onValue on a missing path exactly once, with null', async () => {
    const ns = await ctx.namespace('missing');
    const db = ctx.apps.client(ns);
    const watch = watchValue(ref(db, 'nothing/here'));
    await watch.values.waitForCount(1, 'first value event');
    await roundTrip(db);
    expect(watch.values.items).toEqual([null]);
    watch.stop();
  });

  it('fires onValue on existing data exactly once, with the value (no initial null)', async () => {
    const ns = await ctx.namespace('existing');
    await writeAsOwner(ctx.target, '/profile', ns, { name: 'Ana', age: 31 });
    const db = ctx.apps.client(ns);
    const watch = watchValue(ref(db, 'profile'));
    await watch.values.waitForCount(1, 'first value event');
    await roundTrip(db);
    expect(watch.values.items).toEqual([{ name: 'Ana', age: 31 }]);
    watch.stop();
  });

  it("shows a second client's set in the first client's onValue", async () => {
    const ns = await ctx.namespace('second-client');
    const reader = ctx.apps.client(ns);
    const writer = ctx.apps.client(ns);
    const watch = watchValue(ref(reader, 'status'));
    await watch.values.waitForCount(1, 'initial null');
    await set(ref(writer, 'status'), 'busy');
    expect(await watch.values.waitForMatch((value) => value === 'busy', "writer's value")).toBe(
      'busy',
    );
    watch.stop();
  });

  it('raises child_added, child_changed and child_removed in order for another client’s writes', async () => {
    const ns = await ctx.namespace('child-events');
    const reader = ctx.apps.client(ns);
    const writer = ctx.apps.client(ns);
    const watch = watchChildren(ref(reader, 'list'));
    await roundTrip(reader);
    await set(ref(writer, 'list/a'), 1);
    await set(ref(writer, 'list/b'), 2);
    await set(ref(writer, 'list/a'), 3);
    await remove(ref(writer, 'list/b'));
    const events = await watch.events.waitForCount(4, 'four child events');
    expect(describeEvents(events)).toEqual(['added:a', 'added:b', 'changed:a', 'removed:b']);
    expect(events.map((event) => event.value)).toEqual([1, 2, 3, 2]);
    watch.stop();
  });

  it("shows the writer's own listener exactly the old and the new value (no flicker)", async () => {
    const ns = await ctx.namespace('no-flicker');
    await writeAsOwner(ctx.target, '/doc', ns, { v: 'old' });
    const db = ctx.apps.client(ns);
    const watch = watchValue(ref(db, 'doc'));
    await watch.values.waitForCount(1, 'old value');
    await set(ref(db, 'doc'), { v: 'new' });
    await roundTrip(db);
    expect(watch.values.items).toEqual([{ v: 'old' }, { v: 'new' }]);
    watch.stop();
  });

  it("shows the writer's own listener a multi-path update as one change", async () => {
    const ns = await ctx.namespace('update-own');
    await writeAsOwner(ctx.target, '/doc', ns, { a: 1, b: 1 });
    const db = ctx.apps.client(ns);
    const watch = watchValue(ref(db, 'doc'));
    await watch.values.waitForCount(1, 'old value');
    await update(ref(db, 'doc'), { a: 2, b: 2, 'c/d': 3 });
    await roundTrip(db);
    expect(watch.values.items).toEqual([
      { a: 1, b: 1 },
      { a: 2, b: 2, c: { d: 3 } },
    ]);
    watch.stop();
  });

  it("delivers another client's multi-path update as one value event (atomic push)", async () => {
    const ns = await ctx.namespace('update-other');
    await writeAsOwner(ctx.target, '/doc', ns, { a: 1, b: 1 });
    const reader = ctx.apps.client(ns);
    const writer = ctx.apps.client(ns);
    const watch = watchValue(ref(reader, 'doc'));
    await watch.values.waitForCount(1, 'old value');
    await update(ref(writer, 'doc'), { a: 2, b: null, 'c/d': 3 });
    await watch.values.waitForCount(2, 'updated value');
    await roundTrip(reader);
    expect(watch.values.items).toEqual([
      { a: 1, b: 1 },
      { a: 2, c: { d: 3 } },
    ]);
    watch.stop();
  });

  it('returns current data from get() and a non-existing snapshot for a missing path', async () => {
    const ns = await ctx.namespace('get');
    await writeAsOwner(ctx.target, '/item', ns, { title: 'Yoga', spots: 12 });
    const db = ctx.apps.client(ns);
    const found = await get(ref(db, 'item'));
    expect(found.exists()).toBe(true);
    expect(found.val()).toEqual({ title: 'Yoga', spots: 12 });
    const missing = await get(ref(db, 'item/nope'));
    expect(missing.exists()).toBe(false);
    expect(missing.val()).toBeNull();
  });

  it("returns the value from the admin SDK's ref.once('value')", async () => {
    const ns = await ctx.namespace('once');
    await writeAsOwner(ctx.target, '/config', ns, { open: true, hours: [8, 20] });
    const admin = ctx.apps.admin(ns);
    const snapshot = await admin.ref('config').once('value');
    expect(snapshot.val()).toEqual({ open: true, hours: [8, 20] });
  });

  it('stops events after unsubscribing and delivers current data again on re-subscribing', async () => {
    const ns = await ctx.namespace('unsubscribe');
    const reader = ctx.apps.client(ns);
    const writer = ctx.apps.client(ns);
    const first = watchValue(ref(reader, 'topic'));
    await first.values.waitForCount(1, 'initial null');
    first.stop();
    await roundTrip(reader);
    await set(ref(writer, 'topic'), 'after unsubscribe');
    expect(await readAsOwner(ctx.target, '/topic', ns)).toBe('after unsubscribe');
    await roundTrip(reader);
    expect(first.values.items).toEqual([null]);
    const second = watchValue(ref(reader, 'topic'));
    expect(await second.values.waitForCount(1, 'value on re-subscribe')).toEqual([
      'after unsubscribe',
    ]);
    second.stop();
  });

  it('keeps a deeper listener correct while a listener on its parent comes and goes', async () => {
    const ns = await ctx.namespace('shadow');
    await writeAsOwner(ctx.target, '/tree', ns, { leaf: 1, other: 2 });
    const reader = ctx.apps.client(ns);
    const writer = ctx.apps.client(ns);
    const deep = watchValue(ref(reader, 'tree/leaf'));
    await deep.values.waitForCount(1, 'deep initial');
    const parent = watchValue(ref(reader, 'tree'));
    await parent.values.waitForCount(1, 'parent initial');
    await set(ref(writer, 'tree/leaf'), 10);
    await deep.values.waitForMatch((value) => value === 10, 'deep sees 10 under parent listen');
    parent.stop();
    await roundTrip(reader);
    await set(ref(writer, 'tree/leaf'), 11);
    await deep.values.waitForMatch((value) => value === 11, 'deep sees 11 after parent left');
    expect(deep.values.items).toEqual([1, 10, 11]);
    deep.stop();
  });
  it('reports null below a leaf and the value once the leaf is replaced by children', async () => {
    const ns = await ctx.namespace('below-leaf');
    await writeAsOwner(ctx.target, '/a', ns, 5);
    const reader = ctx.apps.client(ns);
    const watch = watchValue(ref(reader, 'a/b'));
    expect(await watch.values.waitForCount(1, 'null below a leaf')).toEqual([null]);
    await set(ref(ctx.apps.client(ns), 'a/b'), 'child');
    expect(await watch.values.waitForMatch((value) => value === 'child', 'the new child')).toBe(
      'child',
    );
    await set(ref(ctx.apps.client(ns), 'a'), 6);
    expect(await watch.values.waitForMatch((value) => value === null, 'null again')).toBeNull();
    watch.stop();
  });
});
