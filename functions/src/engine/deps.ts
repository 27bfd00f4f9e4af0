// What the handlers that run on the engine (booking, classes, credits) need from outside: the
// default database, a clock, the abuse limits, the studio's database instances and the
// release-rush machinery. Every read and write goes through `db` and `instances`, so tests hand
// in databases that stop a call between two writes as a crash would
// (test/support/crash-db.ts).
import type { Database } from 'firebase-admin/database';
import type { Instances } from './instances';
import { instancesOf } from './instances';
import type { RateLimiter } from './rate-limiter';
import type { Rush } from './rush';

export interface BookingDeps {
  /** The default instance: members, credits, catalogue, settings (instances.ts). */
  db: Database;
  /** Epoch milliseconds; a parameter so tests can pin time-dependent rules. */
  now: () => number;
  /**
   * The per-member abuse limits (book, cancel). The callables pass the deployed limits; jobs
   * and admin paths, which act for no member, pass none.
   */
  limits?: RateLimiter;
  /** Where each branch's classes live (default: the instances `db`'s project names). */
  instances?: Instances;
  /**
   * The release-rush machinery (rush.ts): the callables pass `releaseRush`; without it every
   * read goes to the server and every roster change is its own transaction.
   */
  rush?: Rush;
}

/** The instances a call reaches. */
export function instancesFor(deps: Pick<BookingDeps, 'db' | 'instances'>): Instances {
  return deps.instances ?? instancesOf(deps.db);
}

/** A new business id (a push id: time-ordered, unique without a round trip). */
export function newId(db: Database): string {
  const key = db.ref().push().key;
  if (key === null) throw new Error('push() returned no key');
  return key;
}
