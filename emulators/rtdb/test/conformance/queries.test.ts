// Queries. The client sorts locally, so orders are only a server
// matter when a range or a limit is involved: most tests here therefore assert windows.
import {
  endAt,
  endBefore,
  equalTo,
  get,
  limitToFirst,
  limitToLast,
  orderByChild,
  orderByKey,
  orderByPriority,
  orderByValue,
  query,
  ref,
  remove,
  set,
  setWithPriority,
  startAfter,
  startAt,
} from 'firebase/database';
import type { Database, DataSnapshot, Query, QueryConstraint } from 'firebase/database';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { roundTrip } from '../support/apps';
import { setRules, writeAsOwner } from '../support/rest';
import { useConformance } from '../support/suite';
import { describeEvents, keysOf, sameValue, watchChildren, watchValue } from '../support/watch';

/** The first snapshot a live listener (a tagged `q` for windows) receives for the query. */
async function listenOnce(q: Query): Promise<DataSnapshot> {
  const watch = watchValue(q);
  try {
    await watch.values.waitForCount(1, 'first query value');
    const [snapshot] = watch.snapshots;
    if (!snapshot) throw new Error('no snapshot recorded');
    return snapshot;
  } finally {
    watch.stop();
  }
}

/** Keys of the window both through a live listen and through get(). */
async function windowKeys(
  db: Database,
  path: string,
  ...constraints: QueryConstraint[]
): Promise<string[]> {
  const q = query(ref(db, path), ...constraints);
  const live = keysOf(await listenOnce(q));
  const fetched = keysOf(await get(q));
  expect(fetched, 'the get() window equals the live window').toEqual(live);
  return live;
}

const scores = {
  a: { score: 5 },
  b: { score: 10 },
  c: { score: 15 },
  d: { score: 20 },
  e: { score: 25 },
  f: { score: 15 },
};

describe('queries', () => {
  const ctx = useConformance();

  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function seeded(label: string, path: string, value: unknown): Promise<Database> {
    const ns = await ctx.namespace(label);
    await writeAsOwner(ctx.target, path, ns, value);
    return ctx.apps.client(ns);
  }

  it('returns exactly the children with 10 ≤ score ≤ 20 for orderByChild/startAt/endAt, by score then key', async () => {
    const db = await seeded('child-range', '/scores', scores);
    expect(await windowKeys(db, 'scores', orderByChild('score'), startAt(10), endAt(20))).toEqual([
      'b',
      'c',
      'f',
      'd',
    ]);
  });

  it('returns the first and last two children under the default priority order', async () => {
    const db = await seeded('prio-window', '/items', {
      a: { '.value': 1, '.priority': 3 },
      b: { '.value': 2, '.priority': 1 },
      c: 3,
      d: { '.value': 4, '.priority': 'x' },
      e: { '.value': 5, '.priority': 'a' },
    });
    expect(await windowKeys(db, 'items', limitToFirst(2))).toEqual(['c', 'b']);
    expect(await windowKeys(db, 'items', limitToLast(2))).toEqual(['e', 'd']);
  });

  it('returns the first and last two children under key order', async () => {
    const db = await seeded('key-window', '/items', { b: 1, a: 1, '10': 1, '9': 1, c: 1 });
    expect(await windowKeys(db, 'items', orderByKey(), limitToFirst(2))).toEqual(['9', '10']);
    expect(await windowKeys(db, 'items', orderByKey(), limitToLast(2))).toEqual(['b', 'c']);
  });

  it('returns the first and last two children under value order', async () => {
    const db = await seeded('value-window', '/items', { a: 3, b: 'x', c: 1, d: true, e: 2 });
    expect(await windowKeys(db, 'items', orderByValue(), limitToFirst(2))).toEqual(['d', 'c']);
    expect(await windowKeys(db, 'items', orderByValue(), limitToLast(2))).toEqual(['a', 'b']);
  });

  it('returns the first and last two children under a child order (missing field first)', async () => {
    const db = await seeded('childorder-window', '/items', {
      a: { s: 3 },
      b: { s: 1 },
      c: { s: 2 },
      d: { t: 1 },
    });
    expect(await windowKeys(db, 'items', orderByChild('s'), limitToFirst(2))).toEqual(['d', 'b']);
    expect(await windowKeys(db, 'items', orderByChild('s'), limitToLast(2))).toEqual(['c', 'a']);
  });

  it('orders by a nested child path (orderByChild("x/y"))', async () => {
    const db = await seeded('nested-child', '/items', {
      a: { x: { y: 3 } },
      b: { x: { y: 1 } },
      c: { x: { y: 2 } },
    });
    expect(await windowKeys(db, 'items', orderByChild('x/y'), startAt(2))).toEqual(['c', 'a']);
  });

  it('pulls the next child into a limitToFirst(2) window when a child inside it is removed', async () => {
    const ns = await ctx.namespace('window-pull');
    await writeAsOwner(ctx.target, '/w', ns, { a: 1, b: 2, c: 3, d: 4 });
    const reader = ctx.apps.client(ns);
    const writer = ctx.apps.client(ns);
    const watch = watchChildren(query(ref(reader, 'w'), orderByKey(), limitToFirst(2)));
    await watch.events.waitForCount(2, 'initial window');
    await remove(ref(writer, 'w/a'));
    const events = await watch.events.waitForCount(4, 'window after removal');
    expect(describeEvents(events)).toEqual(['added:a', 'added:b', 'removed:a', 'added:c']);
    watch.stop();
  });

  it('moves a limitToFirst window when a child sorting before it is added', async () => {
    const ns = await ctx.namespace('window-shift');
    await writeAsOwner(ctx.target, '/w', ns, { a: { s: 10 }, b: { s: 20 }, c: { s: 30 } });
    const reader = ctx.apps.client(ns);
    const writer = ctx.apps.client(ns);
    const q = query(ref(reader, 'w'), orderByChild('s'), limitToFirst(2));
    const values = watchValue(q);
    await values.values.waitForCount(1, 'initial window');
    await set(ref(writer, 'w/z'), { s: 5 });
    await values.values.waitForMatch(
      (value) => sameValue(value, { a: { s: 10 }, z: { s: 5 } }),
      'window with z and a',
    );
    expect(keysOf(values.snapshots.at(-1) as DataSnapshot)).toEqual(['z', 'a']);
    values.stop();
  });

  it('moves a limitToLast window when a new last child arrives and when its last child changes', async () => {
    const ns = await ctx.namespace('window-last');
    await writeAsOwner(ctx.target, '/w', ns, { a: 1, b: 2, c: 3 });
    const reader = ctx.apps.client(ns);
    const writer = ctx.apps.client(ns);
    const q = query(ref(reader, 'w'), orderByValue(), limitToLast(2));
    const values = watchValue(q);
    await values.values.waitForCount(1, 'initial window');
    expect(values.values.items[0]).toEqual({ b: 2, c: 3 });
    await set(ref(writer, 'w/d'), 9);
    await values.values.waitForMatch((value) => sameValue(value, { c: 3, d: 9 }), 'window c, d');
    await set(ref(writer, 'w/d'), 0);
    await values.values.waitForMatch(
      (value) => sameValue(value, { b: 2, c: 3 }),
      'window b, c after d dropped to 0',
    );
    values.stop();
  });

  it('excludes equal values with startAfter/endBefore and tie-breaks them with a key name', async () => {
    const db = await seeded('after-before', '/s', {
      a: { v: 10 },
      b: { v: 20 },
      c: { v: 20 },
      d: { v: 30 },
    });
    expect(await windowKeys(db, 's', orderByChild('v'), startAfter(20))).toEqual(['d']);
    expect(await windowKeys(db, 's', orderByChild('v'), endBefore(20))).toEqual(['a']);
    expect(await windowKeys(db, 's', orderByChild('v'), startAfter(20, 'b'))).toEqual(['c', 'd']);
    expect(await windowKeys(db, 's', orderByChild('v'), endBefore(20, 'c'))).toEqual(['a', 'b']);
  });

  it('applies startAfter/endBefore on the key index', async () => {
    const db = await seeded('after-before-key', '/s', { a: 1, b: 1, c: 1, '5': 1 });
    expect(await windowKeys(db, 's', orderByKey(), startAfter('b'))).toEqual(['c']);
    expect(await windowKeys(db, 's', orderByKey(), endBefore('b'))).toEqual(['5', 'a']);
  });

  it('keeps children from the key name on with startAt(value, key) and up to it with endAt(value, key)', async () => {
    const db = await seeded('tie-break', '/s', {
      a: { v: 10 },
      b: { v: 20 },
      c: { v: 20 },
      d: { v: 20 },
      e: { v: 30 },
    });
    expect(await windowKeys(db, 's', orderByChild('v'), startAt(20, 'c'))).toEqual(['c', 'd', 'e']);
    expect(await windowKeys(db, 's', orderByChild('v'), endAt(20, 'c'))).toEqual(['a', 'b', 'c']);
  });

  it('selects with equalTo(value), equalTo(value, key) and equalTo(null) for a missing field', async () => {
    const db = await seeded('equal-to', '/e', {
      a: { n: 'v' },
      b: { n: 'v' },
      c: { n: 'w' },
      d: { m: 1 },
    });
    expect(await windowKeys(db, 'e', orderByChild('n'), equalTo('v'))).toEqual(['a', 'b']);
    expect(await windowKeys(db, 'e', orderByChild('n'), equalTo('v', 'b'))).toEqual(['b']);
    expect(await windowKeys(db, 'e', orderByChild('n'), equalTo(null))).toEqual(['d']);
    expect(await windowKeys(db, 'e', orderByValue(), equalTo(1))).toEqual([]);
  });

  it('orders keys "-1","7","007","9","10","a" as listed (32-bit integer keys first)', async () => {
    const db = await seeded('int-keys', '/k', { a: 1, '10': 1, '9': 1, '007': 1, '7': 1, '-1': 1 });
    const all = await listenOnce(query(ref(db, 'k'), orderByKey()));
    expect(keysOf(all)).toEqual(['-1', '7', '007', '9', '10', 'a']);
    expect(await windowKeys(db, 'k', orderByKey(), limitToFirst(3))).toEqual(['-1', '7', '007']);
    expect(await windowKeys(db, 'k', orderByKey(), startAt('9'))).toEqual(['9', '10', 'a']);
  });

  it('treats keys beyond 32 bits as strings when ordering', async () => {
    const db = await seeded('big-keys', '/k', { '2147483648': 1, '2147483647': 1, '3': 1, b: 1 });
    expect(await windowKeys(db, 'k', orderByKey(), limitToFirst(2))).toEqual(['3', '2147483647']);
    expect(await windowKeys(db, 'k', orderByKey(), limitToLast(2))).toEqual(['2147483648', 'b']);
  });

  it('orders by value as false < true < numbers < strings < objects', async () => {
    const db = await seeded('value-order', '/v', {
      a: 's',
      b: { x: 1 },
      c: 2,
      d: true,
      e: false,
      f: -1,
      g: 'a',
    });
    const all = await listenOnce(query(ref(db, 'v'), orderByValue()));
    expect(keysOf(all)).toEqual(['e', 'd', 'f', 'c', 'g', 'a', 'b']);
    expect(await windowKeys(db, 'v', orderByValue(), limitToFirst(3))).toEqual(['e', 'd', 'f']);
    expect(await windowKeys(db, 'v', orderByValue(), limitToLast(3))).toEqual(['g', 'a', 'b']);
  });

  it('orders by priority after setWithPriority with numeric and string priorities', async () => {
    const ns = await ctx.namespace('priority-order');
    const writer = ctx.apps.client(ns);
    await setWithPriority(ref(writer, 'p/p1'), 'one', 2);
    await setWithPriority(ref(writer, 'p/p2'), 'two', 'b');
    await setWithPriority(ref(writer, 'p/p3'), 'three', 1);
    await setWithPriority(ref(writer, 'p/p4'), 'four', 'a');
    await set(ref(writer, 'p/p5'), 'five');
    const reader = ctx.apps.client(ns);
    const all = await listenOnce(query(ref(reader, 'p'), orderByPriority()));
    expect(keysOf(all)).toEqual(['p5', 'p3', 'p1', 'p4', 'p2']);
    expect(await windowKeys(reader, 'p', orderByPriority(), startAt(2), limitToFirst(2))).toEqual([
      'p1',
      'p4',
    ]);
    expect(await windowKeys(reader, 'p', orderByPriority(), endAt('a'))).toEqual([
      'p5',
      'p3',
      'p1',
      'p4',
    ]);
  });

  it('returns only the window from a get() with a query', async () => {
    const db = await seeded('get-window', '/scores', scores);
    const snapshot = await get(query(ref(db, 'scores'), orderByChild('score'), limitToLast(2)));
    expect(snapshot.val()).toEqual({ d: { score: 20 }, e: { score: 25 } });
    expect(keysOf(snapshot)).toEqual(['d', 'e']);
    const empty = await get(query(ref(db, 'scores'), orderByChild('score'), startAt(100)));
    expect(empty.exists()).toBe(false);
  });

  it('keeps two queries on the same path independent, also after one is unsubscribed', async () => {
    const ns = await ctx.namespace('two-queries');
    await writeAsOwner(ctx.target, '/q', ns, { a: { s: 1 }, b: { s: 2 }, c: { s: 3 } });
    const reader = ctx.apps.client(ns);
    const writer = ctx.apps.client(ns);
    const lowest = watchValue(query(ref(reader, 'q'), orderByChild('s'), limitToFirst(1)));
    const highest = watchValue(query(ref(reader, 'q'), orderByChild('s'), limitToLast(1)));
    await lowest.values.waitForCount(1, 'lowest window');
    await highest.values.waitForCount(1, 'highest window');
    expect(lowest.values.items[0]).toEqual({ a: { s: 1 } });
    expect(highest.values.items[0]).toEqual({ c: { s: 3 } });
    lowest.stop();
    await roundTrip(reader);
    await set(ref(writer, 'q/z'), { s: 0 });
    await set(ref(writer, 'q/y'), { s: 9 });
    expect(
      await highest.values.waitForMatch(
        (value) => sameValue(value, { y: { s: 9 } }),
        'highest window after writes',
      ),
    ).toEqual({ y: { s: 9 } });
    await roundTrip(reader);
    expect(lowest.values.items).toEqual([{ a: { s: 1 } }]);
    highest.stop();
  });

  it('answers an unindexed child query correctly and makes the SDK print the .indexOn warning', async () => {
    const ns = await ctx.namespace('no-index');
    await setRules(ctx.target, ns, { rules: { '.read': true, '.write': true } });
    await writeAsOwner(ctx.target, '/rooms', ns, {
      r1: { size: 3 },
      r2: { size: 1 },
      r3: { size: 2 },
    });
    const warnings: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      warnings.push(args.map(String).join(' '));
    });
    const db = ctx.apps.client(ns);
    expect(await windowKeys(db, 'rooms', orderByChild('size'), limitToFirst(2))).toEqual([
      'r2',
      'r3',
    ]);
    expect(warnings.join('\n')).toMatch(/\.indexOn.*size/);
  });

  it('does not warn about an index declared with .indexOn', async () => {
    const ns = await ctx.namespace('with-index');
    await setRules(ctx.target, ns, {
      rules: { '.read': true, '.write': true, rooms: { '.indexOn': ['size'] } },
    });
    await writeAsOwner(ctx.target, '/rooms', ns, { r1: { size: 3 }, r2: { size: 1 } });
    const warnings: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      warnings.push(args.map(String).join(' '));
    });
    const db = ctx.apps.client(ns);
    expect(await windowKeys(db, 'rooms', orderByChild('size'), limitToFirst(1))).toEqual(['r2']);
    expect(warnings.join('\n')).not.toMatch(/\.indexOn/);
  });
  it('orders non-integer keys by UTF-16 code units (Z < a < é < 😀)', async () => {
    const db = await seeded('unicode-keys', '/u', { '😀': 1, é: 1, a: 1, Z: 1, '1': 1 });
    expect(await windowKeys(db, 'u', orderByKey(), limitToFirst(3))).toEqual(['1', 'Z', 'a']);
    expect(await windowKeys(db, 'u', orderByKey(), limitToLast(2))).toEqual(['é', '😀']);
  });
  it('compares child values across types in ranges (booleans < numbers < strings < objects)', async () => {
    const db = await seeded('mixed-types', '/m', {
      a: { v: 3 },
      b: { v: 7 },
      c: { v: 'text' },
      d: { v: true },
      e: { v: { nested: 1 } },
      f: { other: 1 },
      g: { v: false },
    });
    expect(await windowKeys(db, 'm', orderByChild('v'), startAt(5))).toEqual(['b', 'c', 'e']);
    expect(await windowKeys(db, 'm', orderByChild('v'), endAt(5))).toEqual(['f', 'g', 'd', 'a']);
    expect(await windowKeys(db, 'm', orderByChild('v'), equalTo(false))).toEqual(['g']);
    expect(await windowKeys(db, 'm', orderByChild('v'), limitToLast(1))).toEqual(['e']);
  });

  it('separates numeric and string priorities in priority ranges', async () => {
    const db = await seeded('priority-range', '/p', {
      a: { '.value': 1, '.priority': 5 },
      b: { '.value': 1, '.priority': 'a' },
      c: { '.value': 1, '.priority': 'c' },
      d: { '.value': 1, '.priority': 5 },
      e: 1,
    });
    expect(await windowKeys(db, 'p', orderByPriority(), startAt('a'))).toEqual(['b', 'c']);
    expect(await windowKeys(db, 'p', orderByPriority(), endAt(5))).toEqual(['e', 'a', 'd']);
    expect(await windowKeys(db, 'p', orderByPriority(), equalTo(5, 'd'))).toEqual(['d']);
  });

  it('matches integer-like keys exactly with orderByKey().equalTo()', async () => {
    const db = await seeded('key-equal', '/k', { '10': 'ten', '010': 'padded', '9': 'nine' });
    expect(await windowKeys(db, 'k', orderByKey(), equalTo('10'))).toEqual(['10']);
    expect(await windowKeys(db, 'k', orderByKey(), startAt('10'))).toEqual(['10', '010']);
  });
  it('brings a child into an orderByChild window when a deep change moves it in', async () => {
    const ns = await ctx.namespace('window-deep-change');
    await writeAsOwner(ctx.target, '/w', ns, {
      a: { score: 10, name: 'A' },
      b: { score: 20, name: 'B' },
      c: { score: 30, name: 'C' },
    });
    const reader = ctx.apps.client(ns);
    const writer = ctx.apps.client(ns);
    const values = watchValue(query(ref(reader, 'w'), orderByChild('score'), limitToFirst(2)));
    await values.values.waitForCount(1, 'initial window');
    await set(ref(writer, 'w/c/score'), 1);
    const expected = { c: { score: 1, name: 'C' }, a: { score: 10, name: 'A' } };
    expect(
      await values.values.waitForMatch((value) => sameValue(value, expected), 'c moved in'),
    ).toEqual(expected);
    await set(ref(writer, 'w/a/name'), 'A2');
    await values.values.waitForMatch(
      (value) => (value as Record<string, { name: string }> | null)?.a?.name === 'A2',
      'in-window change',
    );
    values.stop();
  });
});
