// Transactions on `ClassRoster/{classId}`: the one node a booking, a cancel or a queue change
// is decided on (design §4). Each runs a pure core transition; a change bumps `version`.
import type { Database } from 'firebase-admin/database';
import {
  bookingSchema,
  confirmedBooking,
  endedBookingSchema,
  parseStored,
  paths,
  rosterSchema,
  settledEnded,
} from '@studio/core';
import type { DomainError, Roster } from '@studio/core';
import { UNCHANGED, toDatabase, transact } from './transact';

export interface RosterChange<R> {
  /** What the transition returned. */
  result: R;
  /** The roster as committed (the input itself when nothing changed). */
  roster: Roster;
  /** The roster the transition started from. */
  previous: Roster;
  changed: boolean;
}

/** Runs `transition` on the committed roster; it returns the new roster (the same object for "no change") and anything else the caller needs. */
export async function changeRoster<T extends { roster: Roster }>(
  db: Database,
  classId: string,
  transition: (roster: Roster) => T | DomainError,
  /** A refusal decided on the stored value without parsing it (the rush's common answer). */
  quickRefusal?: (stored: unknown) => DomainError | null,
): Promise<RosterChange<T>> {
  const path = paths.classRoster(classId);
  return transact(db.ref(path), (current) => {
    const refused = quickRefusal?.(current);
    if (refused) return refused;
    const roster = parseStored(rosterSchema, current, path);
    const outcome = transition(roster);
    if (outcome instanceof Error) return outcome;
    if (outcome.roster === roster) {
      const result = { result: outcome, roster, previous: roster, changed: false };
      return { next: UNCHANGED, result };
    }
    const next: Roster = { ...outcome.roster, version: roster.version + 1 };
    return {
      next: toDatabase(next),
      result: { result: outcome, roster: next, previous: roster, changed: true },
    };
  });
}

/**
 * Confirms a pending booking with the credit it consumed. A transaction on the booking node
 * alone: it conflicts only with writes to that member's booking, not with the rest of the
 * class. Returns whether the booking is (now) confirmed with that credit.
 */
export async function confirmBooking(
  db: Database,
  classId: string,
  uid: string,
  bookingId: string,
  creditId: string,
): Promise<boolean> {
  const path = paths.rosterBooking(classId, uid);
  return transact(db.ref(path), (current) => {
    const booking = current === null ? null : parseStored(bookingSchema, current, path);
    const confirmed = confirmedBooking(booking, bookingId, creditId);
    if (confirmed === null) {
      const already = booking?.bookingId === bookingId && booking.creditId === creditId;
      return { next: UNCHANGED, result: already };
    }
    return { next: toDatabase(confirmed), result: true };
  });
}

/** Marks a cancelled booking's credit as settled (the last step of a cancel). */
export async function markSettled(db: Database, classId: string, bookingId: string) {
  const path = paths.rosterEnded(classId, bookingId);
  await transact(db.ref(path), (current) => {
    const ended = current === null ? null : parseStored(endedBookingSchema, current, path);
    const settled = settledEnded(ended);
    return { next: settled === null ? UNCHANGED : toDatabase(settled), result: null };
  });
}
