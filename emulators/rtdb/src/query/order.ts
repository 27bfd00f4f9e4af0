// The database's orderings, ported from the SDK (nameCompare, PriorityIndex, ValueIndex,
// PathIndex) so the server's windows and hashes match what the client computes.

import { getPath } from '../tree/node';
import type { MaybeNode, Node } from '../tree/node';

/** Virtual key names that sort before / after every real key. */
export const MIN_NAME = '[MIN_NAME]';
export const MAX_NAME = '[MAX_NAME]';

const INTEGER_KEY = /^-?(0*)\d{1,10}$/;
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** The key as a 32-bit integer when it looks like one (the SDK's tryParseInt), else null. */
export function keyAsInt(key: string): number | null {
  const first = key.charCodeAt(0);
  // Cheap pre-check: integer-like keys start with a digit or '-'.
  if (first !== 45 && (first < 48 || first > 57)) return null;
  if (!INTEGER_KEY.test(key)) return null;
  const value = Number(key);
  return value >= INT32_MIN && value <= INT32_MAX ? value : null;
}

/** nameCompare with the integer parse of both keys supplied (so sorts parse each key once). */
function compareParsedKeys(a: string, aInt: number | null, b: string, bInt: number | null): number {
  if (a === b) return 0;
  if (a === MIN_NAME || b === MAX_NAME) return -1;
  if (b === MIN_NAME || a === MAX_NAME) return 1;
  if (aInt !== null) {
    if (bInt === null) return -1;
    return aInt === bInt ? a.length - b.length : aInt - bInt;
  }
  if (bInt !== null) return 1;
  return a < b ? -1 : 1;
}

/** The SDK's nameCompare: 32-bit integer-like keys first (numerically), then string order. */
export function compareKeys(a: string, b: string): number {
  return compareParsedKeys(a, keyAsInt(a), b, keyAsInt(b));
}

/** Marks a children node as an index value: all objects compare equal, above every leaf. */
export const OBJECT_VALUE: unique symbol = Symbol('object');
/** Above everything (the SDK's MAX_NODE, used by unbounded end posts). */
export const MAX_VALUE: unique symbol = Symbol('max');

/** What an index orders by: a leaf value or priority, `null` when missing, or a marker. */
export type SortValue = null | boolean | number | string | typeof OBJECT_VALUE | typeof MAX_VALUE;

function rank(value: SortValue): number {
  if (value === null) return 0;
  switch (typeof value) {
    case 'boolean':
      return 1;
    case 'number':
      return 2;
    case 'string':
      return 3;
    default:
      return value === OBJECT_VALUE ? 4 : 5;
  }
}

/** null < false < true < numbers < strings < objects < MAX_VALUE. */
export function compareSortValues(a: SortValue, b: SortValue): number {
  const rankA = rank(a);
  const rankB = rank(b);
  if (rankA !== rankB) return rankA - rankB;
  if (rankA === 0 || rankA >= 4) return 0;
  // Same primitive type here; `<` orders false < true, numbers and strings like the SDK.
  const left = a as boolean | number | string;
  const right = b as boolean | number | string;
  if (left < right) return -1;
  return left === right ? 0 : 1;
}

export type Index =
  | { readonly kind: 'priority' }
  | { readonly kind: 'key' }
  | { readonly kind: 'value' }
  | { readonly kind: 'child'; readonly path: readonly string[] };

const PRIORITY_INDEX: Index = { kind: 'priority' };
const KEY_INDEX: Index = { kind: 'key' };
const VALUE_INDEX: Index = { kind: 'value' };

/** Wire `i` → index. Absent (or `.priority`) is the priority index. */
export function parseIndex(i: string | undefined): Index {
  if (i === undefined || i === '.priority') return PRIORITY_INDEX;
  if (i === '.key') return KEY_INDEX;
  if (i === '.value') return VALUE_INDEX;
  return { kind: 'child', path: i.split('/').filter((segment) => segment.length > 0) };
}

function leafOrObject(node: MaybeNode): SortValue {
  if (node === null) return null;
  return node.kind === 'leaf' ? node.value : OBJECT_VALUE;
}

/** The value a child is ordered by under `index` (unused for the key index). */
export function indexValue(index: Index, node: Node): SortValue {
  switch (index.kind) {
    case 'priority':
      return node.priority;
    case 'value':
      return leafOrObject(node);
    case 'child':
      return leafOrObject(getPath(node, index.path));
    case 'key':
      return null;
  }
}

/** A child (or a virtual "post") as the comparator sees it. */
export interface IndexedEntry {
  readonly key: string;
  /** `keyAsInt(key)`, computed once. */
  readonly keyInt: number | null;
  readonly value: SortValue;
}

export function indexedEntry(key: string, value: SortValue): IndexedEntry {
  return { key, keyInt: keyAsInt(key), value };
}

export function compareIndexed(index: Index, a: IndexedEntry, b: IndexedEntry): number {
  if (index.kind !== 'key') {
    const byValue = compareSortValues(a.value, b.value);
    if (byValue !== 0) return byValue;
  }
  return compareParsedKeys(a.key, a.keyInt, b.key, b.keyInt);
}

export interface SortedEntry extends IndexedEntry {
  readonly node: Node;
}

function indexCacheKey(index: Index): string {
  return index.kind === 'child' ? 'child:' + index.path.join('/') : index.kind;
}

// Nodes are immutable, so a node's order under an index never changes: listeners sharing a
// location and an ordering (and hashes) reuse one sort per version of the node.
const sortCache = new WeakMap<Node, Map<string, readonly SortedEntry[]>>();

/** Children decorated with their index value, in index order. Shared: do not mutate. */
export function sortEntries(node: MaybeNode, index: Index): readonly SortedEntry[] {
  if (node === null || node.kind === 'leaf') return [];
  const cacheKey = indexCacheKey(index);
  let byIndex = sortCache.get(node);
  const cached = byIndex?.get(cacheKey);
  if (cached !== undefined) return cached;
  const entries: SortedEntry[] = [];
  for (const [key, childNode] of node.children) {
    entries.push({
      key,
      keyInt: keyAsInt(key),
      node: childNode,
      value: indexValue(index, childNode),
    });
  }
  entries.sort((a, b) => compareIndexed(index, a, b));
  if (byIndex === undefined) {
    byIndex = new Map();
    sortCache.set(node, byIndex);
  }
  byIndex.set(cacheKey, entries);
  return entries;
}

/**
 * Children of `node` in index order. `index` undefined = priority index; `.key`, `.value`,
 * or a child path such as `x/y`.
 */
export function sortedChildren(node: MaybeNode, index: string | undefined): [string, Node][] {
  return sortEntries(node, parseIndex(index)).map((entry) => [entry.key, entry.node]);
}
