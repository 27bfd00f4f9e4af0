// A persistent (immutable) hash array mapped trie with the ReadonlyMap interface. Large children
// nodes use it so that a write below a node with n children costs O(log n) instead of copying
// the whole Map (thousands of siblings under one parent is the common "list" shape).

class Entry<V> {
  constructor(
    readonly key: string,
    readonly hash: number,
    readonly value: V,
  ) {}
}

class Collision<V> {
  constructor(
    readonly hash: number,
    readonly entries: readonly Entry<V>[],
  ) {}
}

class Branch<V> {
  constructor(
    readonly bitmap: number,
    readonly items: readonly Item<V>[],
  ) {}
}

type Item<V> = Entry<V> | Collision<V> | Branch<V>;

const BITS = 5;
const MASK = 31;

/** FNV-1a over UTF-16 code units: fast and spreads short keys well. */
function hashKey(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

function withItem<V>(items: readonly Item<V>[], index: number, item: Item<V>): Item<V>[] {
  const copy = items.slice();
  copy[index] = item;
  return copy;
}

function merge<V>(a: Entry<V> | Collision<V>, b: Entry<V>, shift: number): Item<V> {
  if (a.hash === b.hash) {
    const entries = a instanceof Collision ? [...a.entries, b] : [a, b];
    return new Collision(a.hash, entries);
  }
  const aIndex = (a.hash >>> shift) & MASK;
  const bIndex = (b.hash >>> shift) & MASK;
  if (aIndex === bIndex) return new Branch(1 << aIndex, [merge(a, b, shift + BITS)]);
  return new Branch((1 << aIndex) | (1 << bIndex), aIndex < bIndex ? [a, b] : [b, a]);
}

interface Change<V> {
  item: Item<V> | null;
  sizeDelta: number;
}

function setIn<V>(item: Item<V>, shift: number, entry: Entry<V>): Change<V> {
  if (item instanceof Entry) {
    if (item.key === entry.key)
      return { item: item.value === entry.value ? item : entry, sizeDelta: 0 };
    return { item: merge(item, entry, shift), sizeDelta: 1 };
  }
  if (item instanceof Collision) {
    if (item.hash !== entry.hash) return { item: merge(item, entry, shift), sizeDelta: 1 };
    const index = item.entries.findIndex((existing) => existing.key === entry.key);
    if (index === -1)
      return { item: new Collision(item.hash, [...item.entries, entry]), sizeDelta: 1 };
    const entries = item.entries.slice();
    entries[index] = entry;
    return { item: new Collision(item.hash, entries), sizeDelta: 0 };
  }
  const bit = 1 << ((entry.hash >>> shift) & MASK);
  const index = popcount(item.bitmap & (bit - 1));
  if ((item.bitmap & bit) === 0) {
    const items = item.items.slice();
    items.splice(index, 0, entry);
    return { item: new Branch(item.bitmap | bit, items), sizeDelta: 1 };
  }
  const child = setIn(item.items[index] as Item<V>, shift + BITS, entry);
  if (child.item === item.items[index]) return { item, sizeDelta: 0 };
  return {
    item: new Branch(item.bitmap, withItem(item.items, index, child.item as Item<V>)),
    sizeDelta: child.sizeDelta,
  };
}

function deleteIn<V>(item: Item<V>, shift: number, key: string, hash: number): Change<V> {
  if (item instanceof Entry)
    return item.key === key ? { item: null, sizeDelta: -1 } : { item, sizeDelta: 0 };
  if (item instanceof Collision) {
    if (item.hash !== hash) return { item, sizeDelta: 0 };
    const entries = item.entries.filter((entry) => entry.key !== key);
    if (entries.length === item.entries.length) return { item, sizeDelta: 0 };
    return {
      item: entries.length === 1 ? (entries[0] as Entry<V>) : new Collision(hash, entries),
      sizeDelta: -1,
    };
  }
  const bit = 1 << ((hash >>> shift) & MASK);
  if ((item.bitmap & bit) === 0) return { item, sizeDelta: 0 };
  const index = popcount(item.bitmap & (bit - 1));
  const child = deleteIn(item.items[index] as Item<V>, shift + BITS, key, hash);
  if (child.sizeDelta === 0) return { item, sizeDelta: 0 };
  if (child.item !== null) {
    return {
      item: new Branch(item.bitmap, withItem(item.items, index, child.item)),
      sizeDelta: -1,
    };
  }
  const bitmap = item.bitmap & ~bit;
  if (bitmap === 0) return { item: null, sizeDelta: -1 };
  const items = item.items.slice();
  items.splice(index, 1);
  // A branch left with one entry collapses into it, keeping lookups short.
  if (items.length === 1 && !(items[0] instanceof Branch) && shift > 0)
    return { item: items[0] as Item<V>, sizeDelta: -1 };
  return { item: new Branch(bitmap, items), sizeDelta: -1 };
}

const EMPTY_BRANCH = new Branch<never>(0, []);

export class PersistentMap<V> implements ReadonlyMap<string, V> {
  private constructor(
    private readonly root: Branch<V>,
    readonly size: number,
  ) {}

  static empty<V>(): PersistentMap<V> {
    return new PersistentMap<V>(EMPTY_BRANCH, 0);
  }

  static from<V>(entries: Iterable<readonly [string, V]>): PersistentMap<V> {
    let map = PersistentMap.empty<V>();
    for (const [key, value] of entries) map = map.set(key, value);
    return map;
  }

  get(key: string): V | undefined {
    const hash = hashKey(key);
    let item: Item<V> = this.root;
    for (let shift = 0; ; shift += BITS) {
      if (item instanceof Entry) return item.key === key ? item.value : undefined;
      if (item instanceof Collision) return item.entries.find((entry) => entry.key === key)?.value;
      const bit = 1 << ((hash >>> shift) & MASK);
      if ((item.bitmap & bit) === 0) return undefined;
      item = item.items[popcount(item.bitmap & (bit - 1))] as Item<V>;
    }
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  set(key: string, value: V): PersistentMap<V> {
    const change = setIn(this.root, 0, new Entry(key, hashKey(key), value));
    if (change.item === this.root) return this;
    return new PersistentMap(change.item as Branch<V>, this.size + change.sizeDelta);
  }

  delete(key: string): PersistentMap<V> {
    const change = deleteIn(this.root, 0, key, hashKey(key));
    if (change.sizeDelta === 0) return this;
    return new PersistentMap(
      (change.item as Branch<V> | null) ?? EMPTY_BRANCH,
      this.size + change.sizeDelta,
    );
  }

  forEach(
    callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void,
    thisArg?: unknown,
  ): void {
    for (const [key, value] of this) callback.call(thisArg, value, key, this);
  }

  *entries(): MapIterator<[string, V]> {
    const stack: Item<V>[] = [this.root];
    for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
      if (item instanceof Entry) yield [item.key, item.value];
      else if (item instanceof Collision)
        for (const entry of item.entries) yield [entry.key, entry.value];
      else for (let i = item.items.length - 1; i >= 0; i--) stack.push(item.items[i] as Item<V>);
    }
  }

  *keys(): MapIterator<string> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'PersistentMap';
  }
}
