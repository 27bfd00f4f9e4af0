// A search of the member directory (`UserDirectory`, indexed): each indexed prefix query the
// typed text becomes (name, e-mail, phone; core's `directorySearchQueries`), merged by uid. A row
// answers only when its own name, e-mail or phone matches: the search keys are the member's to
// write, and a key filed under someone else's name must not put the row among theirs.
import { answersDirectoryQuery, isRecord } from '@studio/core';
import type { DirectoryPrefixQuery } from '@studio/core';
import type { Unsubscribe } from './unsubscribe';

/** One prefix query of the directory, at most `limit` entries, live (each feature's api has it). */
export type WatchDirectorySearch = (
  query: DirectoryPrefixQuery,
  limit: number,
  onChange: (value: unknown) => void,
) => Unsubscribe;

/**
 * Watches every query with `limit` and reports once all have answered, then on each change of any
 * of them: the rows that answer their query (uid → raw entry), and whether some query filled its
 * limit (asking for more may find more).
 */
export function watchDirectorySearch(
  watch: WatchDirectorySearch,
  queries: readonly DirectoryPrefixQuery[],
  limit: number,
  onChange: (entries: Record<string, unknown>, more: boolean) => void,
): Unsubscribe {
  const count = (value: unknown) => (isRecord(value) ? Object.keys(value).length : 0);
  const answers: unknown[] = queries.map(() => undefined);
  const stops = queries.map((query, at) =>
    watch(query, limit, (value) => {
      answers[at] = value ?? null;
      if (answers.some((answer) => answer === undefined)) return;
      const entries: Record<string, unknown> = {};
      answers.forEach((answer, from) => {
        if (!isRecord(answer)) return;
        for (const [uid, entry] of Object.entries(answer))
          if (answersDirectoryQuery(queries[from]!, entry)) entries[uid] = entry;
      });
      onChange(
        entries,
        answers.some((answer) => count(answer) >= limit),
      );
    }),
  );
  return () => {
    for (const stop of stops) stop();
  };
}
