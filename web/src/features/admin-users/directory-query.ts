// How all-users asks the member directory for rows: with nothing typed, the first `limit`
// entries by name; with a search, each indexed prefix query the text becomes (name, e-mail,
// phone; core's `directorySearchQueries`), merged by uid. Every read has a limit. A row answers a
// search only when its own name, e-mail or phone matches: the search keys are the member's to
// write, and a key filed under someone else's name must not put the row among theirs.
import { answersDirectoryQuery, directorySearchQueries, isRecord } from '@studio/core';
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
  const answers: unknown[] = queries.map(() => undefined);
  const stops = queries.map((query, at) =>
    api.watchDirectorySearch(query, limit, (value) => {
      answers[at] = value ?? null;
      if (answers.some((answer) => answer === undefined)) return;
      const entries: Record<string, unknown> = {};
      answers.forEach((answer, from) => {
        if (!isRecord(answer)) return;
        for (const [uid, entry] of Object.entries(answer))
          if (answersDirectoryQuery(queries[from]!, entry)) entries[uid] = entry;
      });
      onChange({ entries, more: answers.some((answer) => count(answer) >= limit) });
    }),
  );
  return () => {
    for (const stop of stops) stop();
  };
}
