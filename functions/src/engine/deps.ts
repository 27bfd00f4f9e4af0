// What the handlers that run on the engine (booking, classes, credits) need from outside: the
// database, a clock, the abuse limits and the instance's live copies. Every read and write goes
// through `db`, so tests hand in a database that stops a call between two writes as a crash
// would (test/support/crash-db.ts).
import type { Database } from 'firebase-admin/database';
import type { RateLimiter } from './rate-limiter';
import type { Mirrors } from './live';

export interface BookingDeps {
  db: Database;
  /** Epoch milliseconds; a parameter so tests can pin time-dependent rules. */
  now: () => number;
  /**
   * The per-member abuse limits (book, cancel). The callables pass the deployed limits; jobs
   * and admin paths, which act for no member, pass none.
   */
  limits?: RateLimiter;
  /**
   * The instance's live copies of rosters and members (default: its listeners on `db`). Tests
   * pass one they can freeze, to play an instance whose listeners lag behind the server.
   */
  mirrors?: Mirrors;
}

/** A new business id (a push id: time-ordered, unique without a round trip). */
export function newId(db: Database): string {
  const key = db.ref().push().key;
  if (key === null) throw new Error('push() returned no key');
  return key;
}
