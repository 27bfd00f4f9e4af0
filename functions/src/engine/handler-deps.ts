// What handlers need from the outside world, passed in so tests run them in-process against the
// database and auth emulators with the same admin SDK the deployed functions use.
import type { Auth } from 'firebase-admin/auth';
import type { Database } from 'firebase-admin/database';

export interface HandlerDeps {
  db: Database;
  auth: Auth;
  /** Epoch milliseconds; a parameter so tests can pin time-dependent rules. */
  now: () => number;
}
