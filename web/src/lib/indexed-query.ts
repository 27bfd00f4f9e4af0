// The shape of one indexed read, apart from the code that runs it, so pure modules (the screens'
// query builders) and the tests that check them against the rules import no SDK.

export type Bound = string | number | boolean;

/**
 * One indexed read: `path` ordered by the child `orderByChild` (an `.indexOn` in
 * database.rules.json), optionally within `startAt`…`endAt` or `equalTo`; `from: 'last'` takes
 * the last `limit` children of that order (newest first for a time), `'first'` the first.
 */
export interface IndexedQuery {
  path: string;
  orderByChild: string;
  startAt?: Bound;
  endAt?: Bound;
  equalTo?: Bound;
  from: 'first' | 'last';
}
