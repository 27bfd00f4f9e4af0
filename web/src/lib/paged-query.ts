/**
 * Admin lists read pages, never whole trees: one indexed query, `limit` children at a
 * time, and "load more" asks for `limit + pageSize` (admin-mail, lista-pagos, the audit log and
 * admin-clases all page this way; docs/architecture/admin-and-audit.md#paging).
 */
import type { DependencyList } from 'react';
import { useState } from 'react';
import { isRecord } from '@studio/core';
import { getDatabaseClient } from './firebase';
import { readAcrossInstances, watchAcrossInstances } from './instances';
import { useLive } from './use-live';
import { indexedConstraints, watchQuery } from './realtime';
import type { Bound, IndexedQuery } from './indexed-query';
import type { Unsubscribe } from './unsubscribe';

/** Listens to the first or last `limit` children of `query`; `onChange` gets the raw value. */
export function watchIndexedQuery(
  query: IndexedQuery,
  limit: number,
  onChange: (value: unknown) => void,
): Unsubscribe {
  // Across a chain's instances each gives its page (lib/instances.ts): a merged page may hold
  // more than `limit` children, and "more" is offered while any instance may have more.
  return watchAcrossInstances(
    query.path,
    (url, next, failed) =>
      watchQuery(
        (db, sdk) => {
          const limited = query.from === 'last' ? sdk.limitToLast(limit) : sdk.limitToFirst(limit);
          return sdk.query(sdk.ref(db, query.path), ...indexedConstraints(sdk, query), limited);
        },
        next,
        failed,
        url,
      ),
    onChange,
  );
}

/**
 * Every child `query` matches, read once in pages of `pageSize` (an export of a whole range: each
 * read is one page, never the range at once). Walks from the `from` end with a (value, key)
 * cursor, so children that share a value are neither lost nor read twice.
 */
export async function readWholeQuery(
  query: IndexedQuery,
  pageSize: number,
): Promise<Record<string, unknown>> {
  const whole = await readAcrossInstances(query.path, (url) =>
    readWholeQueryIn(query, pageSize, url),
  );
  return isRecord(whole) ? whole : {};
}

async function readWholeQueryIn(
  query: IndexedQuery,
  pageSize: number,
  databaseUrl: string | undefined,
): Promise<Record<string, unknown>> {
  const [db, sdk] = await Promise.all([
    getDatabaseClient(databaseUrl),
    import('firebase/database'),
  ]);
  const low = query.equalTo ?? query.startAt;
  const high = query.equalTo ?? query.endAt;
  const all: Record<string, unknown> = {};
  let cursor: { value: Bound | null; key: string } | undefined;
  for (;;) {
    const constraints = [sdk.orderByChild(query.orderByChild)];
    if (query.from === 'last') {
      if (low !== undefined) constraints.push(sdk.startAt(low));
      if (cursor) constraints.push(sdk.endBefore(cursor.value, cursor.key));
      else if (high !== undefined) constraints.push(sdk.endAt(high));
      constraints.push(sdk.limitToLast(pageSize));
    } else {
      if (cursor) constraints.push(sdk.startAfter(cursor.value, cursor.key));
      else if (low !== undefined) constraints.push(sdk.startAt(low));
      if (high !== undefined) constraints.push(sdk.endAt(high));
      constraints.push(sdk.limitToFirst(pageSize));
    }
    const snapshot = await sdk.get(sdk.query(sdk.ref(db, query.path), ...constraints));
    const page: { key: string; value: unknown; order: Bound | null }[] = [];
    snapshot.forEach((child) => {
      const order: unknown = child.child(query.orderByChild).val();
      const bound = ['string', 'number', 'boolean'].includes(typeof order)
        ? (order as Bound)
        : null;
      page.push({ key: child.key ?? '', value: child.val(), order: bound });
    });
    for (const { key, value } of page) all[key] = value;
    const next = query.from === 'last' ? page[0] : page.at(-1);
    if (page.length < pageSize || next === undefined) return all;
    cursor = { value: next.order, key: next.key };
  }
}

/** How many children a query answered with (null: none). */
export function childCount(value: unknown): number {
  return isRecord(value) ? Object.keys(value).length : 0;
}

export interface Page<T> {
  /** The latest answer, undefined until the first one; kept while a bigger page loads. */
  value: T | undefined;
  /** How many children are asked for now. */
  limit: number;
  /** The answer filled the page, so there may be more. */
  hasMore: boolean;
  /** Asks for one page more. */
  loadMore: () => void;
}

function sameDeps(a: DependencyList, b: DependencyList): boolean {
  return a.length === b.length && a.every((dep, i) => Object.is(dep, b[i]));
}

/**
 * A live, paged read. `subscribe(limit, onChange)` watches the first `limit` children of the
 * screen's query (null: nothing to read, e.g. an invalid range); `deps` name the query, and a new
 * query starts again at one page. `count` says how many children an answer holds.
 */
export function usePagedQuery<T = unknown>(
  subscribe: ((limit: number, onChange: (value: T) => void) => Unsubscribe) | null,
  pageSize: number,
  deps: DependencyList,
  count: (value: T) => number = childCount,
): Page<T> {
  const [page, setPage] = useState({ deps, limit: pageSize });
  const limit = sameDeps(page.deps, deps) ? page.limit : pageSize;
  const live = useLive<T | undefined>(
    subscribe ? (onChange) => subscribe(limit, onChange) : null,
    undefined,
    [...deps, limit],
  );
  // While the next page loads, the rows shown stay (the focused 'load more' stays in place).
  const [last, setLast] = useState<{ deps: DependencyList; value: T } | undefined>(undefined);
  if (live !== undefined && (last === undefined || last.value !== live))
    setLast({ deps, value: live });
  const value = live ?? (last !== undefined && sameDeps(last.deps, deps) ? last.value : undefined);
  return {
    value,
    limit,
    hasMore: value !== undefined && count(value) >= limit,
    loadMore: () => setPage({ deps, limit: limit + pageSize }),
  };
}
