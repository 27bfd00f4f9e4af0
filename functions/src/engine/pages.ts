// How the scheduled jobs walk a large node: by key, one page at a time
// (`orderByKey` + `startAfter` + `limitToFirst`), never the whole tree, and each child handled
// on its own, so one bad record or one failed call is logged and counted while the rest go on.
import type { Database } from 'firebase-admin/database';
import type { ClassRangeQuery } from '@studio/core';

export interface PageOptions {
  /** Children read per query. */
  pageSize: number;
  /** Children of one page handled at once (calls to Stripe, transactions). */
  concurrency: number;
}

export interface ItemTally {
  done: number;
  failed: number;
}

/**
 * Calls `handle` for every child of `path`, in key order, `pageSize` children per read and at
 * most `concurrency` at once. A child whose `handle` throws is passed to `failed` (which logs
 * it) and counted; the walk goes on. Memory holds one page at a time.
 */
export async function forEachChild(
  db: Database,
  path: string,
  options: PageOptions,
  handle: (key: string, value: unknown) => Promise<void>,
  failed: (key: string, error: unknown) => void,
): Promise<ItemTally> {
  const tally: ItemTally = { done: 0, failed: 0 };
  let after: string | undefined;
  for (;;) {
    let query = db.ref(path).orderByKey();
    if (after !== undefined) query = query.startAfter(after);
    const page = await query.limitToFirst(options.pageSize).get();
    const children: [string, unknown][] = [];
    page.forEach((child) => {
      if (child.key !== null) children.push([child.key, child.val()]);
    });
    await inPool(children, options.concurrency, async ([key, value]) => {
      try {
        await handle(key, value);
        tally.done += 1;
      } catch (error) {
        tally.failed += 1;
        failed(key, error);
      }
    });
    if (children.length < options.pageSize) return tally;
    after = children[children.length - 1]?.[0];
  }
}

/**
 * The classes of a date range in one instance, by the `date` index (core's `classesByDateRange`),
 * as stored: `[classId, value]` in date order, for the caller to parse as it needs.
 */
export async function readClassRange(
  db: Database,
  query: ClassRangeQuery,
): Promise<[string, unknown][]> {
  const page = await db
    .ref(query.path)
    .orderByChild(query.orderByChild)
    .startAt(query.startAt)
    .endAt(query.endAt)
    .get();
  const found: [string, unknown][] = [];
  page.forEach((child) => {
    if (child.key !== null) found.push([child.key, child.val()]);
  });
  return found;
}

/** Runs `work` over `items` with at most `concurrency` running at once. */
export async function inPool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker),
  );
}
