import { directoryEntryOf, paths } from '@studio/core';
import { forEachChild, jobItemFailed, refreshDirectoryEntry } from '../../engine';
import type { HandlerDeps, PageOptions } from '../../engine';

const JOB = 'rebuildUserDirectory';

/** 10,000 members: 100 pages of `Users` (each member's `credits-list` comes with it). */
export const DIRECTORY_PAGES: PageOptions = { pageSize: 100, concurrency: 20 };

export interface RebuildUserDirectoryReport {
  /** Entries written from a member's record. */
  written: number;
  /** Entries removed because their member record is gone. */
  removed: number;
  /** Members or entries whose write failed: logged (`job_item_failed`); run it again. */
  failed: number;
}

/**
 * The backfill of the admins' member directory (`npm run job:directory`): every `Users/{uid}`
 * rewrites its `UserDirectory/{uid}` (keeping `createdAt`), then entries without a member record
 * are removed. Run once when the directory is deployed over existing members; safe to repeat at
 * any time, and it puts right whatever a crash between a change and its mirror left behind.
 */
export async function rebuildUserDirectory(
  { db }: Pick<HandlerDeps, 'db'>,
  pages: PageOptions = DIRECTORY_PAGES,
): Promise<RebuildUserDirectoryReport> {
  const report: RebuildUserDirectoryReport = { written: 0, removed: 0, failed: 0 };
  const members = new Set<string>();
  const written = await forEachChild(
    db,
    paths.users(),
    pages,
    async (uid, stored) => {
      members.add(uid);
      const entry = directoryEntryOf(stored);
      await db.ref(paths.userDirectoryEntry(uid)).update({ ...entry, plan: entry.plan ?? null });
    },
    (uid, error) => jobItemFailed({ job: JOB, target: paths.user(uid), error }),
  );
  report.written = written.done;
  report.failed += written.failed;

  const orphans = await forEachChild(
    db,
    paths.userDirectory(),
    pages,
    async (uid) => {
      if (members.has(uid)) return;
      // A member who registered during the walk has fields by now; an orphan has none.
      if (!(await refreshDirectoryEntry(db, uid))) report.removed += 1;
    },
    (uid, error) => jobItemFailed({ job: JOB, target: paths.userDirectoryEntry(uid), error }),
  );
  report.failed += orphans.failed;
  return report;
}
