import { describe, expect, it } from 'vitest';
import { PersistentMap } from '../../src/tree/persistent-map';

describe('PersistentMap', () => {
  it('behaves like a Map for set, get, has, delete and size', () => {
    let map = PersistentMap.empty<number>();
    const reference = new Map<string, number>();
    // Deterministic pseudo-random operations over a key space with many hash-prefix overlaps.
    let seed = 42;
    const random = (): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    for (let step = 0; step < 20_000; step++) {
      const key = `k${Math.floor(random() * 3000)}`;
      if (random() < 0.3) {
        map = map.delete(key);
        reference.delete(key);
      } else {
        map = map.set(key, step);
        reference.set(key, step);
      }
    }
    expect(map.size).toBe(reference.size);
    for (const [key, value] of reference) expect(map.get(key)).toBe(value);
    expect(map.has('missing')).toBe(false);
    expect(new Map(map)).toEqual(reference);
  });

  it('leaves earlier versions unchanged', () => {
    const first = PersistentMap.from([
      ['a', 1],
      ['b', 2],
    ]);
    const second = first.set('a', 10).delete('b').set('c', 3);
    expect(Object.fromEntries(first)).toEqual({ a: 1, b: 2 });
    expect(Object.fromEntries(second)).toEqual({ a: 10, c: 3 });
  });

  it('returns the same map when nothing changes', () => {
    const map = PersistentMap.from([['a', 1]]);
    expect(map.set('a', 1)).toBe(map);
    expect(map.delete('zzz')).toBe(map);
  });

  it('iterates keys, values and entries consistently and supports forEach', () => {
    const map = PersistentMap.from(Array.from({ length: 100 }, (_, i) => [`key${i}`, i] as const));
    expect([...map.keys()].sort()).toEqual(Array.from({ length: 100 }, (_, i) => `key${i}`).sort());
    expect([...map.values()].reduce((sum, value) => sum + value, 0)).toBe(4950);
    let count = 0;
    map.forEach((value, key) => {
      expect(map.get(key)).toBe(value);
      count++;
    });
    expect(count).toBe(100);
  });
});
