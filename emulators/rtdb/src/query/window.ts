// Query evaluation: sort by the index, keep the range, then the limit.

import { childrenNode, withPriority } from '../tree/node';
import type { MaybeNode, Node } from '../tree/node';
import { MAX_NAME, MIN_NAME, compareIndexed, indexedEntry, parseIndex, sortEntries } from './order';
import type { Index, IndexedEntry, SortValue, SortedEntry } from './order';
import { isDefaultQuery } from './wire-query';
import type { WireQuery } from './wire-query';

/** The virtual child a range bound stands for (the SDK's makePost). */
function post(
  index: Index,
  value: unknown,
  name: string | undefined,
  fallbackName: string,
): IndexedEntry {
  if (index.kind === 'key') return indexedEntry(String(value), null);
  return indexedEntry(name ?? fallbackName, value as SortValue);
}

/** First position in `entries` whose entry is not before the bound (binary search). */
function lowerBound(
  entries: readonly SortedEntry[],
  isBefore: (entry: SortedEntry) => boolean,
): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (isBefore(entries[middle] as SortedEntry)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The window of `q` over `node`: a children node holding the kept children with their full
 * values (priorities included) but without `node`'s own priority; `null` when nothing is kept.
 */
export function queryWindow(node: MaybeNode, q: WireQuery): MaybeNode {
  if (node === null || node.kind === 'leaf') return null;
  if (isDefaultQuery(q)) return node.priority === null ? node : withPriority(node, null);
  const index = parseIndex(q.i);
  const sorted = sortEntries(node, index);
  // The range is a contiguous run of the sorted children.
  let from = 0;
  let to = sorted.length;
  if ('sp' in q) {
    const start = post(index, q.sp, q.sn, MIN_NAME);
    const inclusive = q.sin !== false;
    from = lowerBound(sorted, (entry) => {
      const cmp = compareIndexed(index, entry, start);
      return inclusive ? cmp < 0 : cmp <= 0;
    });
  }
  if ('ep' in q) {
    const end = post(index, q.ep, q.en, MAX_NAME);
    const inclusive = q.ein !== false;
    to = lowerBound(sorted, (entry) => {
      const cmp = compareIndexed(index, entry, end);
      return inclusive ? cmp <= 0 : cmp < 0;
    });
  }
  if (to < from) to = from;
  if (q.l !== undefined && to - from > q.l) {
    if (q.vf === 'l') to = from + q.l;
    else from = to - q.l;
  }
  const children = new Map<string, Node>();
  for (let i = from; i < to; i++) {
    const entry = sorted[i] as SortedEntry;
    children.set(entry.key, entry.node);
  }
  return childrenNode(children);
}
