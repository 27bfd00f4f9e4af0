// The engine's public surface: the database machinery every domain in handlers/ shares (README.md
// here has the booking protocol it runs). Domains import this file only; what is not exported
// here (transact.ts, per-class queues, the listeners' internals) is the engine's own business.

// What a handler is handed: the databases, a clock, the abuse limits, the release rush.
export { instancesFor, newId } from './deps';
export type { BookingDeps } from './deps';
export { instancesOf, openInstance, studioInstances } from './instances';
export type { Instances } from './instances';
export { finishInTurn, readInTurn, readParsed } from './rush';
export type { Rush } from './rush';
export { releaseRush } from './rush/index';
export type { HandlerDeps } from './handler-deps';
export {
  NO_RATE_LIMITS,
  SpentWindows,
  countingRefusals,
  databaseRateLimiter,
} from './rate-limiter';
export type { RateLimiter } from './rate-limiter';

// Reads: from the server, or with a rush from the instance's live copies, parsed once.
export { classTitle, readClass, readLayout, readMember, readRoster, readSettings } from './store';
export type { Member } from './store';
export { classContext, contextOf, readClassCall } from './context';
export type { ClassCallReads } from './context';

// Writes: a class's roster through its group commit, a member's wallet, the views and mirrors
// (the admins' member directory among them).
export { changeRoster, committedRoster, confirmBooking, markSettled } from './rosters';
export {
  changeWallet,
  changeWalletAlone,
  changeWalletThen,
  emptyOutbox,
  flushOutbox,
} from './wallets';
export { mirrorDirectoryCredits, refreshDirectoryEntry, writeNewDirectoryEntry } from './directory';
export { setFields } from './fields';
export {
  clearOrphanedClassView,
  memberClassView,
  recordAttendance,
  showCounts,
  spotLabel,
  writeClassView,
  writeWaitlistView,
} from './views';
export type { ClassContext } from './views';
export { notify } from './notifications';

// Jobs: paging through a large node a page at a time, one item at a time; a date range of classes.
export { forEachChild, inPool, readClassRange } from './pages';
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
