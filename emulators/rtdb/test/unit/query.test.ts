import { describe, expect, it } from 'vitest';
import {
  MAX_NAME,
  MIN_NAME,
  compareKeys,
  isDefaultQuery,
  parseWireQuery,
  queryWindow,
  restParamsToWireQuery,
  sortedChildren,
} from '../../src/query/index';
import type { WireQuery } from '../../src/query/index';
import { InvalidDataError, fromJSON, toExport } from '../../src/tree/node';
import { ORDER_BY_REQUIRED } from '../../src/query/rest-params';

const keysOf = (json: unknown, index?: string): string[] =>
  sortedChildren(fromJSON(json), index).map(([key]) => key);

/** Window keys in index order (the map keeps index order). */
function windowKeys(json: unknown, q: WireQuery): string[] | null {
  const result = queryWindow(fromJSON(json), parseWireQuery(q));
  if (result === null) return null;
  if (result.kind !== 'children') throw new Error('window must be a children node');
  return [...result.children.keys()];
}

describe('compareKeys', () => {
  it('orders integer-like keys numerically first, then strings (spec example)', () => {
    const keys = ['b', '10', 'a', '007', '9', '-1', '7'];
    expect([...keys].sort(compareKeys)).toEqual(['-1', '7', '007', '9', '10', 'a', 'b']);
  });

  it.each([
    [MIN_NAME, 'a', -1],
    ['a', MIN_NAME, 1],
    [MAX_NAME, 'zzz', 1],
    ['-2147483648', '-5', -1],
    ['2147483647', 'a', -1],
    // Outside 32 bits: plain string order, so after every integer key.
    ['2147483648', '5', 1],
    ['2147483648', 'a', -1],
    ['7', '07', -1],
    ['Z', 'a', -1],
    ['a', 'a', 0],
  ])('compares %s with %s as %i', (a, b, sign) => {
    expect(Math.sign(compareKeys(a, b))).toBe(sign);
  });
});

describe('sortedChildren', () => {
  it('orders by value: null < false < true < numbers < strings < objects, ties by key', () => {
    const data = {
      o: { x: 1 },
      s2: 'b',
      s1: 'a',
      n2: 10,
      n1: -3,
      t: true,
      f: false,
      o2: { y: 1 },
      n3: 10,
    };
    expect(keysOf(data, '.value')).toEqual(['f', 't', 'n1', 'n2', 'n3', 's1', 's2', 'o', 'o2']);
  });

  it('orders by a child path, missing values first', () => {
    const data = {
      a: { x: { y: 3 } },
      b: { x: { y: 'str' } },
      c: { x: 5 },
      d: { x: { y: 1 } },
      e: 'leaf',
      f: { x: { y: false } },
    };
    expect(keysOf(data, 'x/y')).toEqual(['c', 'e', 'f', 'd', 'a', 'b']);
  });

  it('orders by priority: none, numbers, strings, ties by key', () => {
    const data = {
      s: { '.value': 1, '.priority': 'a' },
      n5: { '.value': 1, '.priority': 5 },
      none: 1,
      '3': 1,
      n1: { '.value': 1, '.priority': 1 },
      n1b: { v: 1, '.priority': 1 },
    };
    expect(keysOf(data)).toEqual(['3', 'none', 'n1', 'n1b', 'n5', 's']);
  });

  it('orders by key with the integer rule', () => {
    expect(keysOf({ b: 1, 10: 1, a: 1, '007': 1, 9: 1, '-1': 1, 7: 1 }, '.key')).toEqual([
      '-1',
      '7',
      '007',
      '9',
      '10',
      'a',
      'b',
    ]);
  });

  it('returns nothing for leaves and the empty node', () => {
    expect(keysOf(5)).toEqual([]);
    expect(keysOf(null)).toEqual([]);
  });
});

describe('queryWindow', () => {
  const scores = {
    a: { score: 5 },
    b: { score: 10 },
    c: { score: 10 },
    d: { score: 20 },
    e: { score: 30 },
    f: { other: 1 },
  };

  it.each<[string, WireQuery, string[] | null]>([
    ['startAt/endAt on a child', { i: 'score', sp: 10, ep: 20 }, ['b', 'c', 'd']],
    ['startAt with a key name', { i: 'score', sp: 10, sn: 'c' }, ['c', 'd', 'e']],
    ['endAt with a key name', { i: 'score', ep: 10, en: 'b' }, ['f', 'a', 'b']],
    [
      'startAfter excludes every equal value',
      { i: 'score', sp: 10, sn: MAX_NAME, sin: false },
      ['d', 'e'],
    ],
    [
      'endBefore excludes every equal value',
      { i: 'score', ep: 10, en: MIN_NAME, ein: false },
      ['f', 'a'],
    ],
    ['equalTo(10)', { i: 'score', sp: 10, sin: true, ep: 10, ein: true }, ['b', 'c']],
    ['equalTo(null) selects children lacking the field', { i: 'score', sp: null, ep: null }, ['f']],
    ['equalTo with a key', { i: 'score', sp: 10, sn: 'c', ep: 10, en: 'c' }, ['c']],
    ['limitToFirst', { i: 'score', l: 2, vf: 'l' }, ['f', 'a']],
    ['limitToLast', { i: 'score', l: 2, vf: 'r' }, ['d', 'e']],
    ['range then limitToLast', { i: 'score', sp: 5, ep: 20, l: 2, vf: 'r' }, ['c', 'd']],
    ['range then limitToFirst', { i: 'score', sp: 10, l: 2, vf: 'l' }, ['b', 'c']],
    ['limit larger than the data', { i: 'score', l: 50, vf: 'l' }, ['f', 'a', 'b', 'c', 'd', 'e']],
    ['empty range', { i: 'score', sp: 100 }, null],
    ['limit 0', { i: 'score', l: 0, vf: 'l' }, null],
  ])('%s', (_name, q, expected) => {
    expect(windowKeys(scores, q)).toEqual(expected);
  });

  it.each<[string, WireQuery, string[] | null]>([
    ['startAt', { i: '.key', sp: 'b' }, ['b', 'c', 'd']],
    ['startAfter', { i: '.key', sp: 'b', sin: false }, ['c', 'd']],
    ['endBefore', { i: '.key', ep: 'c', ein: false }, ['1', '20', 'a', 'b']],
    [
      'startAfter + limitToLast (captured example)',
      { sp: 'a', sin: false, l: 2, vf: 'r', i: '.key' },
      ['c', 'd'],
    ],
    ['integer keys in range', { i: '.key', sp: '2', ep: '100' }, ['20']],
  ])('key order: %s', (_name, q, expected) => {
    expect(windowKeys({ a: 1, b: 1, c: 1, d: 1, 20: 1, 1: 1 }, q)).toEqual(expected);
  });

  it('orders by value with booleans (orderByValue().equalTo(true))', () => {
    const data = { a: true, b: false, c: 'true', d: true, e: 1 };
    expect(windowKeys(data, { sp: true, sin: true, ep: true, ein: true, i: '.value' })).toEqual([
      'a',
      'd',
    ]);
  });

  it('filters by priority with a start key name and an exclusive end (captured example)', () => {
    const data = {
      a: { '.value': 1, '.priority': 1 },
      kname: { '.value': 1, '.priority': 1 },
      z: { '.value': 1, '.priority': 1 },
      p3: { '.value': 1, '.priority': 3 },
      p5: { '.value': 1, '.priority': 5 },
      none: 1,
    };
    const q = { sp: 1, sn: 'kname', sin: true, ep: 5, en: MIN_NAME, ein: false };
    expect(windowKeys(data, q)).toEqual(['kname', 'z', 'p3']);
  });

  it('limitToLast(1) on the priority index takes the highest priority', () => {
    const data = {
      a: { '.value': 1, '.priority': 'zz' },
      b: { '.value': 1, '.priority': 99 },
      c: 3,
    };
    expect(windowKeys(data, { l: 1, vf: 'r' })).toEqual(['a']);
  });

  it('keeps child priorities but drops the queried node priority', () => {
    const node = fromJSON({ a: { '.value': 1, '.priority': 2 }, b: 3, '.priority': 'top' });
    expect(toExport(queryWindow(node, { i: '.key', sp: 'a', ep: 'a' }))).toEqual({
      a: { '.value': 1, '.priority': 2 },
    });
    expect(toExport(queryWindow(node, {}))).toEqual({ a: { '.value': 1, '.priority': 2 }, b: 3 });
  });

  it('is null for leaves and missing data', () => {
    expect(queryWindow(fromJSON(5), { l: 1, vf: 'l' })).toBeNull();
    expect(queryWindow(null, { l: 1, vf: 'l' })).toBeNull();
  });
});

describe('parseWireQuery', () => {
  it('fills in missing inclusive flags and vf', () => {
    expect(parseWireQuery({ sp: 1, ep: 2, l: 3 })).toEqual({
      sp: 1,
      sin: true,
      ep: 2,
      ein: true,
      l: 3,
      vf: 'l',
    });
    expect(parseWireQuery({ sp: 1, l: 3 })).toEqual({ sp: 1, sin: true, l: 3, vf: 'l' });
  });

  it('keeps a null start value (equalTo(null))', () => {
    const q = parseWireQuery({ sp: null, sin: true, ep: null, ein: true, i: 'n' });
    expect(q).toEqual({ sp: null, sin: true, ep: null, ein: true, i: 'n' });
    expect(isDefaultQuery(q)).toBe(false);
  });

  it('accepts every captured SDK query unchanged', () => {
    const captured: WireQuery[] = [
      { sp: 10, sin: true, ep: 20, ein: true, l: 3, vf: 'l', i: 'score' },
      { sp: 'k1', sin: false, l: 2, vf: 'r', i: '.key' },
      { sp: true, sin: true, ep: true, ein: true, i: '.value' },
      { sp: 1, sn: 'kname', sin: true, ep: 5, en: '[MIN_NAME]', ein: false },
      { sp: 'a', sn: '[MAX_NAME]', sin: false, ep: 'z', en: '[MIN_NAME]', ein: false, i: 'x/y' },
      { l: 1, vf: 'r' },
      { sp: 'v', sn: 'key9', sin: true, ep: 'v', en: 'key9', ein: true, i: 'n' },
    ];
    for (const q of captured) expect(parseWireQuery(q)).toEqual(q);
  });

  it.each([
    ['a non-object', 'x'],
    ['a numeric index', { i: 5 }],
    ['a bad child path', { i: 'a/b#' }],
    ['a negative limit', { l: -1, vf: 'l' }],
    ['a fractional limit', { l: 1.5, vf: 'l' }],
    ['a bad vf', { l: 1, vf: 'x' }],
    ['a non-string key bound', { i: '.key', sp: 5 }],
    ['a boolean priority bound', { sp: true }],
    ['an object bound', { i: 'x', sp: { a: 1 } }],
    ['a non-boolean sin', { sp: 1, sin: 'yes' }],
  ])('rejects %s', (_name, raw) => {
    expect(() => parseWireQuery(raw)).toThrow(InvalidDataError);
  });

  it('tells default queries from filtered ones', () => {
    expect(isDefaultQuery({})).toBe(true);
    expect(isDefaultQuery({ i: 'name' })).toBe(true);
    expect(isDefaultQuery({ l: 1, vf: 'l' })).toBe(false);
    expect(isDefaultQuery({ ep: 'x', ein: true, i: '.key' })).toBe(false);
  });
});

describe('restParamsToWireQuery', () => {
  const rest = (query: string): WireQuery | null =>
    restParamsToWireQuery(new URLSearchParams(query));

  it.each<[string, WireQuery | null]>([
    ['print=pretty&shallow=true', null],
    ['orderBy="$key"', { i: '.key' }],
    ['orderBy="$priority"&limitToFirst=2', { l: 2, vf: 'l' }],
    [
      'orderBy="score"&startAt=10&endAt=20&limitToFirst=3',
      { i: 'score', sp: 10, sin: true, ep: 20, ein: true, l: 3, vf: 'l' },
    ],
    ['orderBy="score"&startAt=10,"k"', { i: 'score', sp: 10, sn: 'k', sin: true }],
    ['orderBy="name"&equalTo="a,b"', { i: 'name', sp: 'a,b', sin: true, ep: 'a,b', ein: true }],
    ['orderBy="n"&equalTo=null', { i: 'n', sp: null, sin: true, ep: null, ein: true }],
    [
      'orderBy="n"&equalTo="v","key9"',
      { i: 'n', sp: 'v', sn: 'key9', sin: true, ep: 'v', en: 'key9', ein: true },
    ],
    [
      'orderBy="x/y"&startAfter="a"&endBefore="z"',
      { i: 'x/y', sp: 'a', sn: MAX_NAME, sin: false, ep: 'z', en: MIN_NAME, ein: false },
    ],
    [
      'orderBy="$key"&startAfter="k1"&limitToLast=2',
      { i: '.key', sp: 'k1', sin: false, l: 2, vf: 'r' },
    ],
    ['orderBy="$value"&equalTo=true', { i: '.value', sp: true, sin: true, ep: true, ein: true }],
    // firebase-tools: no orderBy and an unquoted key.
    [
      'shallow=true&limitToFirst=100&startAfter=-Mabc',
      { i: '.key', sp: '-Mabc', sin: false, l: 100, vf: 'l' },
    ],
    [
      'shallow=true&limitToFirst=1&startAfter=123',
      { i: '.key', sp: '123', sin: false, l: 1, vf: 'l' },
    ],
    ['orderBy="score"&startAt=abc', { i: 'score', sp: 'abc', sin: true }],
  ])('%s', (query, expected) => {
    expect(rest(query)).toEqual(expected);
  });

  it.each([
    'limitToFirst=-1',
    'limitToLast=abc',
    'limitToFirst=1&limitToLast=1',
    'orderBy=score',
    'orderBy=5',
    'orderBy="score"&startAt=1&equalTo=1',
    'orderBy="score"&startAt={"a":1}',
    'orderBy="a#b"&limitToFirst=1',
  ])('rejects %s', (query) => {
    expect(() => rest(query)).toThrow(InvalidDataError);
  });

  it.each(['limitToFirst=1', 'limitToLast=2', 'startAt="a"', 'equalTo=1&shallow=false'])(
    "refuses %s without orderBy with production's message",
    (query) => {
      expect(() => rest(query)).toThrow(ORDER_BY_REQUIRED);
    },
  );

  it('gives the same window as the equivalent wire query', () => {
    const data = fromJSON({ a: { s: 1 }, b: { s: 2 }, c: { s: 3 } });
    const q = rest('orderBy="s"&startAfter=1&limitToFirst=1');
    expect(q).not.toBeNull();
    expect(toExport(queryWindow(data, q ?? {}))).toEqual({ b: { s: 2 } });
  });
});
