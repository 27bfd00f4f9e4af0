/**
 * Live reads for the `api/` modules: subscribe now, get an unsubscribe function back at once.
 * Nothing here loads the Database SDK at import, so a page's first render never waits for it.
 * A watch that says who may read its node gets its first answer over the database's REST API
 * (one `fetch`, no SDK), and the SDK's live listener starts once that answer is in: on a slow
 * network the page shows its data before the 36 KB SDK and its connection, then stays live
 * (docs/architecture/performance.md#the-load-chain-of-a-data-page).
 */
import type { DateString, StudioClass } from '@studio/core';
import { classesByDateRange, classSchema } from '@studio/core';
import type * as DatabaseModule from 'firebase/database';
import type { Database, Query } from 'firebase/database';
import { getDatabaseClient } from './firebase';
import { afterPaintIdle } from './after-paint';
import { firstAnswersPresented } from './first-reads';
import type { IndexedQuery } from './indexed-query';
import type { OfflineStore } from './offline-copy';
import { browserOfflineStore, isOwnAccount, withOfflineCopy } from './offline-copy';
import type { RestParams, RestReader } from './rest-read';
import { readOverRest } from './rest-read';
import type { Unsubscribe } from './unsubscribe';
import type { InstanceSubscriber } from './instances';
import { readAcrossInstances, watchAcrossInstances } from './instances';

export type { Unsubscribe } from './unsubscribe';

type DatabaseSdk = typeof DatabaseModule;

const databaseSdk = (databaseUrl?: string) =>
  Promise.all([getDatabaseClient(databaseUrl), import('firebase/database')]);

/**
 * Listens to the query `build` returns, in the default instance or the one at `databaseUrl`;
 * `onChange` gets each new value (null when absent).
 */
export function watchQuery(
  build: (db: Database, sdk: DatabaseSdk) => Query,
  onChange: (value: unknown) => void,
  onError: (error: Error) => void = (error) => console.error('live read failed', error),
  databaseUrl?: string,
): Unsubscribe {
  let stopped = false;
  let stop: Unsubscribe | undefined;
  databaseSdk(databaseUrl).then(
    ([db, sdk]) => {
      if (stopped) return;
      stop = sdk.onValue(build(db, sdk), (snapshot) => onChange(snapshot.val()), onError);
    },
    (error: unknown) => onError(error instanceof Error ? error : new Error(String(error))),
  );
  return () => {
    stopped = true;
    stop?.();
  };
}

/**
 * Who may read a node, as database.rules.json says: `anyone` (a guest too: read over REST with
 * no token) or `signed-in` (read with the signed-in account's ID token).
 */
export type Readers = RestReader;

export interface WatchOptions {
  /** Keep the last value on the device and show it when the app starts offline (My Classes). */
  keepOffline?: boolean;
  /** Who may read the node: its first answer then comes over REST, before the SDK loads. */
  readers?: Readers;
}

/** How long the live listener waits for a REST read that has not answered before it starts. */
export const REST_HEAD_START_MS = 2_000;

/**
 * When a watch answered over REST starts its live listener: once that answer has been painted
 * and the page's other first answers are on screen too, its largest paint settled
 * (lib/first-reads.ts), so neither the SDK's download nor its start holds back what the page
 * shows first; at most `REST_HEAD_START_MS` for the other answers.
 */
export const firstAnswersShown = (): Promise<void> =>
  afterPaintIdle().then(() => firstAnswersPresented(REST_HEAD_START_MS));

/**
 * The first answer over REST, then the live listener: `subscribeLive` starts once the REST answer
 * has been shown (`shown`, so loading the SDK does not hold the page's paint back), at once when
 * the read failed (a refused or failed read is left to the listener, which reports it), or after
 * `REST_HEAD_START_MS` if it has not answered. A REST answer that comes after a live one is
 * dropped: it can only be older.
 */
export function restThenLive(
  read: (signal: AbortSignal) => Promise<{ value: unknown } | null>,
  subscribeLive: (next: (value: unknown) => void) => Unsubscribe,
  onChange: (value: unknown) => void,
  shown: () => Promise<void> = firstAnswersShown,
): Unsubscribe {
  const controller = new AbortController();
  let live = false;
  let stop: Unsubscribe | undefined;
  const startLive = () => {
    if (stop || controller.signal.aborted) return;
    stop = subscribeLive((value) => {
      live = true;
      onChange(value);
    });
  };
  const timer = setTimeout(startLive, REST_HEAD_START_MS);
  read(controller.signal)
    .then(
      async (answer) => {
        if (!answer || live || controller.signal.aborted) return;
        onChange(answer.value);
        await shown();
      },
      () => undefined,
    )
    // A value the page could not take is its own bug, logged; the listener starts all the same.
    .catch((error: unknown) => console.error('first answer not shown', error))
    .finally(() => {
      clearTimeout(timer);
      startLive();
    });
  return () => {
    controller.abort();
    clearTimeout(timer);
    stop?.();
  };
}

/**
 * One instance's watch of a node or query (`build`): first answered over REST with `params` when
 * `readers` is given, then live.
 */
function restThenLiveIn(
  path: string,
  params: RestParams,
  readers: Readers | undefined,
  build: (db: Database, sdk: DatabaseSdk) => Query,
): InstanceSubscriber {
  return (url, next, failed) => {
    const live = (then: (value: unknown) => void) => watchQuery(build, then, failed, url);
    return readers
      ? restThenLive(
          (signal) => readOverRest(path, params, readers, signal, undefined, url),
          live,
          next,
        )
      : live(next);
  };
}

export function watchPath(
  path: string,
  onChange: (value: unknown) => void,
  onError?: (error: Error) => void,
  options: WatchOptions = {},
): Unsubscribe {
  const inInstance = restThenLiveIn(path, {}, options.readers, (db, sdk) => sdk.ref(db, path));
  // A class node is read in each instance that may hold it (lib/instances.ts).
  const subscribe = (next: (value: unknown) => void) =>
    watchAcrossInstances(path, inInstance, next, onError);
  return options.keepOffline
    ? withOfflineCopy(browserOfflineStore(), path, subscribe, onChange)
    : subscribe(onChange);
}

/** The SDK constraints of an indexed read: its order, then its value or range. */
export function indexedConstraints(
  sdk: DatabaseSdk,
  query: Omit<IndexedQuery, 'from'>,
): DatabaseModule.QueryConstraint[] {
  const constraints = [sdk.orderByChild(query.orderByChild)];
  if (query.equalTo !== undefined) constraints.push(sdk.equalTo(query.equalTo));
  if (query.startAt !== undefined) constraints.push(sdk.startAt(query.startAt));
  if (query.endAt !== undefined) constraints.push(sdk.endAt(query.endAt));
  return constraints;
}

/**
 * An indexed query live (`orderByChild` with `equalTo` or a `startAt`…`endAt` range), first
 * answered over REST like `watchPath` when `readers` is given.
 */
export function watchIndexed(
  query: Omit<IndexedQuery, 'from'>,
  onChange: (value: unknown) => void,
  { readers }: Pick<WatchOptions, 'readers'> = {},
): Unsubscribe {
  const params = {
    orderBy: query.orderByChild,
    ...(query.equalTo !== undefined ? { equalTo: query.equalTo } : {}),
    ...(query.startAt !== undefined ? { startAt: query.startAt } : {}),
    ...(query.endAt !== undefined ? { endAt: query.endAt } : {}),
  };
  const inInstance = restThenLiveIn(query.path, params, readers, (db, sdk) =>
    sdk.query(sdk.ref(db, query.path), ...indexedConstraints(sdk, query)),
  );
  return watchAcrossInstances(query.path, inInstance, onChange);
}

/**
 * One read of `path` (null when absent): over REST when `readers` says who may read it, through
 * the SDK otherwise or when the REST read could not be made.
 */
export function readPath(path: string, readers?: Readers): Promise<unknown> {
  return readAcrossInstances(path, async (url) => {
    if (readers) {
      const answer = await readOverRest(
        path,
        {},
        readers,
        new AbortController().signal,
        undefined,
        url,
      ).catch(() => null);
      if (answer) return answer.value;
    }
    const [db, sdk] = await databaseSdk(url);
    const value: unknown = (await sdk.get(sdk.ref(db, path))).val();
    return value;
  });
}

/** Keeps the entries of a keyed node that match `schema`; a malformed one is logged and left out. */
export function parseEntries<T>(
  value: unknown,
  parse: (entry: unknown) => { success: true; data: T } | { success: false },
  what: string,
): Record<string, T> {
  const result: Record<string, T> = {};
  if (typeof value !== 'object' || value === null) return result;
  for (const [key, entry] of Object.entries(value)) {
    const parsed = parse(entry);
    if (parsed.success) result[key] = parsed.data;
    else console.error(`ignored malformed ${what}`, key);
  }
  return result;
}

/**
 * `Classes` from `from` to `to` (inclusive) live, by the indexed `date` child
 * (docs/decisions/010-class-date-index.md): the schedule, the class lists and the admin read it.
 * With `readers`, first answered over REST (`watchIndexed`): a coach's page does, whose classes
 * would otherwise push its content down when they arrive. The schedule does not: its week of
 * classes would come twice (REST, then the listener's first snapshot), twice the calendar's
 * database bytes (docs/architecture/performance.md#the-load-chain-of-a-data-page), and its
 * largest paint is not a class. Here, not in a file of its own: a new shared chunk would add its
 * name to the first route's preload map.
 */
export function watchClassesByDate(
  from: DateString,
  to: DateString,
  onChange: (classes: Record<string, StudioClass>) => void,
  readers?: Readers,
): Unsubscribe {
  return watchIndexed(
    classesByDateRange(from, to),
    (value) => onChange(parseEntries(value, (entry) => classSchema.safeParse(entry), 'class')),
    readers ? { readers } : {},
  );
}

/**
 * Keeps the signed-in member's own nodes on the device (lib/offline-copy.ts) without a page
 * having opened them: each node with no copy yet is read once over REST with the member's token
 * and saved as its live listener would save it (a node already kept is left to its listener,
 * which refreshes it whenever its page is open). After sign-in the session does this with the
 * user details, so the waiting list or the credit history opens at once, and offline, the first
 * time too (docs/architecture/web-app.md#offline). Nothing is written once `uid` is no longer the
 * account signed in on this device (a logout or another account while a read was under way), and
 * a node that cannot be read is left as it was.
 */
export async function keepOwnCopies(
  uid: string,
  nodePaths: readonly string[],
  store: OfflineStore | null = browserOfflineStore(),
  read: (path: string) => Promise<{ value: unknown } | null> = (path) =>
    readAcrossInstances(path, async (url) => {
      const answer = await readOverRest(
        path,
        {},
        'signed-in',
        new AbortController().signal,
        undefined,
        url,
      );
      if (!answer) throw new Error(`${path} not read`);
      return answer.value;
    }).then((value) => ({ value })),
): Promise<void> {
  if (!store) return;
  await Promise.all(
    nodePaths.map(async (path) => {
      if ((await store.read(path).catch(() => undefined)) !== undefined) return;
      const answer = await read(path).catch(() => null);
      if (answer && isOwnAccount(uid)) await store.write(path, answer.value);
    }),
  );
}
