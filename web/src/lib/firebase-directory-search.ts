// The directory's prefix query on the Realtime Database: `UserDirectory` ordered by one of its
// indexed keys (database.rules.json), within the typed prefix, with a limit.
import { paths } from '@studio/core';
import type { DirectoryPrefixQuery } from '@studio/core';
import type { Database, Query } from 'firebase/database';
import type * as DatabaseModule from 'firebase/database';
import type { WatchDirectorySearch } from './directory-search';
import { watchQuery } from './realtime';

type DatabaseSdk = typeof DatabaseModule;

/** The entries whose indexed key starts with the typed prefix. */
export function directorySearchQuery(
  db: Database,
  sdk: DatabaseSdk,
  { index, start, end }: DirectoryPrefixQuery,
  limit: number,
): Query {
  return sdk.query(
    sdk.ref(db, paths.userDirectory()),
    sdk.orderByChild(index),
    sdk.startAt(start),
    sdk.endAt(end),
    sdk.limitToFirst(limit),
  );
}

/** One prefix query of the directory, live. */
export const firebaseDirectorySearch: WatchDirectorySearch = (query, limit, onChange) =>
  watchQuery((db, sdk) => directorySearchQuery(db, sdk, query, limit), onChange);
