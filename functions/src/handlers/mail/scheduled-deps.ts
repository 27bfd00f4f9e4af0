import type { Database } from 'firebase-admin/database';
import type { Instances, PageOptions } from '../../engine';

/**
 * What a scheduled mail job is handed: the default database, a clock (it only writes the outbox)
 * and, for a test, the instances holding classes (default: those `db`'s project names).
 */
export interface ScheduledMailDeps {
  db: Database;
  instances?: Instances;
  /** Epoch milliseconds. */
  now: () => number;
}

/** Members read per page and handled at once, as the monthly job does. */
export const SCHEDULED_MAIL_PAGES: PageOptions = { pageSize: 500, concurrency: 20 };

export interface ScheduledMailResult {
  checked: number;
  written: number;
  failed: number;
}
