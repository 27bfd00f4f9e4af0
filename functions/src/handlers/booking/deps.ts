// What the booking handlers need from outside: the database, a clock, and crash points. The
// crash points are how tests stop a call between two writes, exactly where a real crash could;
// the deployed functions pass none.
import type { Database } from 'firebase-admin/database';

/** Places where a booking call may stop half-way (each follows a committed write). */
export const FAULT_POINTS = [
  'after-reserve',
  'after-promotion-reserve',
  'after-consume',
  'after-ledger-copy',
  'after-views',
  'after-end',
  'after-settle',
  'after-cancel-roster',
  'after-queue',
] as const;
export type FaultPoint = (typeof FAULT_POINTS)[number];

export interface FaultPlace {
  classId: string;
  uid?: string;
  /** Set inside a booking: a member's own, or a promotion from the waiting list. */
  via?: 'member' | 'waitlist' | 'admin';
}

export interface Faults {
  /** Called after each step; throwing here abandons the call as a crash would. */
  at(point: FaultPoint, where: FaultPlace): void | Promise<void>;
}

export const NO_FAULTS: Faults = { at: () => undefined };

export interface BookingDeps {
  db: Database;
  /** Epoch milliseconds; a parameter so tests can pin time-dependent rules. */
  now: () => number;
  faults?: Faults;
}

/** A new business id (a push id: time-ordered, unique without a round trip). */
export function newId(db: Database): string {
  const key = db.ref().push().key;
  if (key === null) throw new Error('push() returned no key');
  return key;
}
