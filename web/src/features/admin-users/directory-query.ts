// How all-users asks the member directory for rows: with nothing typed, the first `limit`
// entries by name; with a search, the directory search (lib/directory-search.ts). Every read has
// a limit.
import { branchMemberSchema, directorySearchQueries, isRecord } from '@studio/core';
import type { BranchMember } from '@studio/core';
import { watchDirectorySearch } from '../../lib/directory-search';
import { parseEntries } from '../../lib/realtime';
import type { Unsubscribe } from '../../lib/realtime';
import type { AdminUsersApi } from './api/admin-users-api';

/** Rows per page: one page of the directory is a few KB (docs/architecture/admin-and-audit.md). */
export const DIRECTORY_PAGE_SIZE = 50;

export interface DirectoryAnswer {
  /** uid → raw directory entry. */
  entries: Record<string, unknown>;
  /** Some query filled its limit: asking for more may find more. */
  more: boolean;
  /** With a branch: why each member is on its list (home, visits). */
  atBranch?: Record<string, BranchMember>;
}

/**
 * A branch's members first: their home ones, then by their last visit there, newest first; the
 * order the list pages in (the uid breaks ties, so a page is stable).
 */
export function branchOrder(members: Record<string, BranchMember>): string[] {
  return Object.entries(members)
    .sort(
      ([ua, a], [ub, b]) =>
        Number(b.home === true) - Number(a.home === true) ||
        (b.lastVisit ?? '').localeCompare(a.lastVisit ?? '') ||
        (ua < ub ? -1 : 1),
    )
    .map(([uid]) => uid);
}

/**
 * One branch's members (`BranchMembers/{branchId}`, read whole: one small record per member)
 * with their directory entries: with nothing typed, the first `limit` in `branchOrder`, each
 * entry read on its own; with a search, the directory search kept to the branch's members.
 */
export function watchBranchDirectory(
  api: AdminUsersApi,
  { branch, text, limit }: { branch: string; text: string; limit: number },
  onChange: (answer: DirectoryAnswer) => void,
): Unsubscribe {
  let stopInner: Unsubscribe = () => undefined;
  const stopMembers = api.watchBranchMembers(branch, (value) => {
    stopInner();
    const atBranch = parseEntries(value, (entry) => branchMemberSchema.safeParse(entry), 'member');
    if (directorySearchQueries(text).length > 0) {
      stopInner = watchMemberDirectory(api, { text, limit }, (answer) =>
        onChange({
          entries: Object.fromEntries(
            Object.entries(answer.entries).filter(([uid]) => Object.hasOwn(atBranch, uid)),
          ),
          more: answer.more,
          atBranch,
        }),
      );
      return;
    }
    const ordered = branchOrder(atBranch);
    const page = ordered.slice(0, limit);
    const entries: Record<string, unknown> = {};
    let answered = 0;
    const report = () => {
      if (answered === page.length)
        onChange({ entries: { ...entries }, more: ordered.length > limit, atBranch });
    };
    const stops = page.map((uid) => {
      let first = true;
      return api.watchDirectoryEntry(uid, (entry) => {
        entries[uid] = entry;
        if (first) answered += 1;
        first = false;
        report();
      });
    });
    stopInner = () => stops.forEach((stop) => stop());
    report();
  });
  return () => {
    stopMembers();
    stopInner();
  };
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
