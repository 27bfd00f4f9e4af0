// How all-users asks the member directory for rows: with nothing typed, the first `limit`
// entries by name; with a search, the directory search (lib/directory-search.ts). Every read has
// a limit.
import { directorySearchQueries, isRecord } from '@studio/core';
import { watchDirectorySearch } from '../../lib/directory-search';
import type { Unsubscribe } from '../../lib/realtime';
import type { AdminUsersApi } from './api/admin-users-api';

/** Rows per page: one page of the directory is a few KB (docs/architecture/admin-and-audit.md). */
export const DIRECTORY_PAGE_SIZE = 50;

export interface DirectoryAnswer {
  /** uid → raw directory entry. */
  entries: Record<string, unknown>;
  /** Some query filled its limit: asking for more may find more. */
  more: boolean;
}

/** Reports once every query has answered, then on each change of any of them. */
export function watchMemberDirectory(
  api: AdminUsersApi,
  { text, limit }: { text: string; limit: number },
  onChange: (answer: DirectoryAnswer) => void,
): Unsubscribe {
  const queries = directorySearchQueries(text);
  const count = (value: unknown) => (isRecord(value) ? Object.keys(value).length : 0);
  if (queries.length === 0) {
    return api.watchDirectoryPage(limit, (value) =>
      onChange({ entries: isRecord(value) ? value : {}, more: count(value) >= limit }),
    );
  }
  return watchDirectorySearch(api.watchDirectorySearch, queries, limit, (entries, more) =>
    onChange({ entries, more }),
  );
}
