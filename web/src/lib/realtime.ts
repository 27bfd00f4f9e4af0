/**
 * Live reads for the `api/` modules: subscribe now, get an unsubscribe function back at once,
 * while the database connection opens behind it. The Database SDK is a static import here, so
 * a page whose chunk imports this module gets the SDK in index.html's route preloads, beside
 * the page, rather than one round trip after it
 * (docs/architecture/performance.md#the-load-chain-of-a-data-page).
 */
import type { DateString, StudioClass } from '@studio/core';
import { classesByDateRange, classSchema } from '@studio/core';
import type { Database, Query } from 'firebase/database';
import * as DatabaseModule from 'firebase/database';
import { getDatabaseClient } from './firebase';
import { browserOfflineStore, withOfflineCopy } from './offline-copy';
import type { Unsubscribe } from './unsubscribe';

export type { Unsubscribe } from './unsubscribe';

type DatabaseSdk = typeof DatabaseModule;

/** Listens to the query `build` returns; `onChange` gets each new value (null when absent). */
export function watchQuery(
  build: (db: Database, sdk: DatabaseSdk) => Query,
  onChange: (value: unknown) => void,
  onError: (error: Error) => void = (error) => console.error('live read failed', error),
): Unsubscribe {
  let stopped = false;
  let stop: Unsubscribe | undefined;
  getDatabaseClient().then(
    (db) => {
      if (stopped) return;
      stop = DatabaseModule.onValue(
        build(db, DatabaseModule),
        (snapshot) => onChange(snapshot.val()),
        onError,
      );
    },
    (error: unknown) => onError(error instanceof Error ? error : new Error(String(error))),
  );
  return () => {
    stopped = true;
    stop?.();
  };
}

export interface WatchOptions {
  /** Keep the last value on the device and show it when the app starts offline (My Classes). */
  keepOffline?: boolean;
}

export function watchPath(
  path: string,
  onChange: (value: unknown) => void,
  onError?: (error: Error) => void,
  options: WatchOptions = {},
): Unsubscribe {
  const subscribe = (next: (value: unknown) => void) =>
    watchQuery((db, sdk) => sdk.ref(db, path), next, onError);
  return options.keepOffline
    ? withOfflineCopy(browserOfflineStore(), path, subscribe, onChange)
    : subscribe(onChange);
}

/** One read of `path` (null when absent). */
export async function readPath(path: string): Promise<unknown> {
  const db = await getDatabaseClient();
  return (await DatabaseModule.get(DatabaseModule.ref(db, path))).val();
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
 * Here, not in a file of its own: a new shared chunk would add its name to the first route's
 * preload map.
 */
export function watchClassesByDate(
  from: DateString,
  to: DateString,
  onChange: (classes: Record<string, StudioClass>) => void,
): Unsubscribe {
  const range = classesByDateRange(from, to);
  return watchQuery(
    (db, { query, ref, orderByChild, startAt, endAt }) =>
      query(
        ref(db, range.path),
        orderByChild(range.orderByChild),
        startAt(range.startAt),
        endAt(range.endAt),
      ),
    (value) => onChange(parseEntries(value, (entry) => classSchema.safeParse(entry), 'class')),
  );
}
