import type { IndexedQuery } from '../../src/lib/indexed-query';

type Bound = string | number | boolean;

function rank(value: unknown): number {
  if (value === undefined || value === null) return 0;
  if (value === false) return 1;
  if (value === true) return 2;
  if (typeof value === 'number') return 3;
  if (typeof value === 'string') return 4;
  return 5;
}

/** The Realtime Database's child order: null, false, true, numbers, strings, objects; then key. */
function compare(a: unknown, b: unknown): number {
  const byRank = rank(a) - rank(b);
  if (byRank !== 0) return byRank;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return 0;
}

function child(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

/**
 * What the database answers to `query` with `limit` over the in-memory `node` (the fakes' stand-in
 * for `watchIndexedQuery`): ordered by the child, bounded, then the first or last `limit`.
 */
export function answerIndexedQuery(
  node: Record<string, unknown>,
  query: IndexedQuery,
  limit: number,
): Record<string, unknown> | null {
  const within = (value: unknown, low?: Bound, high?: Bound) =>
    (low === undefined || compare(value, low) >= 0) &&
    (high === undefined || compare(value, high) <= 0);
  const sorted = Object.entries(node)
    .filter(([, value]) => {
      const key = child(value, query.orderByChild);
      if (query.equalTo !== undefined) return compare(key, query.equalTo) === 0;
      return within(key, query.startAt, query.endAt);
    })
    .sort(
      ([idA, a], [idB, b]) =>
        compare(child(a, query.orderByChild), child(b, query.orderByChild)) ||
        (idA < idB ? -1 : idA > idB ? 1 : 0),
    );
  const page = query.from === 'last' ? sorted.slice(-limit) : sorted.slice(0, limit);
  return page.length === 0 ? null : Object.fromEntries(page);
}

/** Contacts read from an in-memory `Users`, as `readMemberContact` reads them. */
export function readContactFrom(users: unknown) {
  return (uid: string): Promise<{ Name?: string; Email?: string }> => {
    const user = child(users, uid);
    const name = child(user, 'Name');
    const email = child(user, 'Email');
    return Promise.resolve({
      ...(typeof name === 'string' ? { Name: name } : {}),
      ...(typeof email === 'string' ? { Email: email } : {}),
    });
  };
}
