// The engine's public surface: the database machinery every domain in handlers/ shares (README.md
// here has the booking protocol it runs). Domains import this file only; what is not exported
// here (transact.ts, per-class queues, the listeners' internals) is the engine's own business.

// What a handler is handed: the database, a clock, the abuse limits, the instance's mirrors.
export { newId } from './deps';
export type { BookingDeps } from './deps';
export type { HandlerDeps } from './handler-deps';
export { NO_RATE_LIMITS, databaseRateLimiter } from './rate-limiter';
export type { RateLimiter } from './rate-limiter';

// Reads: parsed once, through the instance's live listeners where a class is hot.
export { listenerMirrors, raceLive } from './live';
export { classTitle, readClass, readLayout, readMember, readRoster, readSettings } from './store';
export type { Member } from './store';
export { classContext, readClassCall } from './context';
export type { ClassCallReads } from './context';
export { readTurn } from './read-turns';

// Writes: a class's roster through its group commit, a member's wallet, the views and mirrors
// (the admins' member directory among them).
export { changeRoster, confirmBooking, markSettled } from './rosters';
export { changeWallet, changeWalletThen, flushOutbox } from './wallets';
export { mirrorDirectoryCredits, refreshDirectoryEntry, writeNewDirectoryEntry } from './directory';
export {
  classParams,
  clearOrphanedClassView,
  notify,
  recordAttendance,
  showCounts,
  spotLabel,
  syncViews,
} from './views';
export type { ClassContext } from './views';

// Jobs: paging through a large node a page at a time, one item at a time.
export { forEachChild, inPool } from './pages';
export type { PageOptions } from './pages';
export { jobItemFailed } from './job-logs';

// Outboxes (mail, push): entries changed in transactions, swept by their `nextAttemptAt` index.
export {
  backoffMs,
  changeOutboxEntry,
  createOutboxEntry,
  describeFailure,
  InvalidOutboxEntryError,
  removeOutboxEntriesBefore,
  sendDueEntries,
} from './outbox';
export type { Backoff, OutboxStep, SweepOptions, SweepTally } from './outbox';
