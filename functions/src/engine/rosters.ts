// Transactions on `ClassRoster/{classId}`: the one node a booking, a cancel or a queue change
// is decided on. Each runs a pure core transition; a change bumps `version`. The roster lives in
// its class's instance (`ClassContext.db`).
import type { Database } from 'firebase-admin/database';
import {
  confirmedBooking,
  endedBookingSchema,
  parseStored,
  paths,
  rosterSchema,
  settledEnded,
} from '@studio/core';
import type { Roster } from '@studio/core';
import type {
  Decided,
  QuickRefusal,
  RosterChange,
  RosterRequest,
  RosterTransition,
  Rush,
} from './rush';
import { UNCHANGED, toDatabase, transact } from './transact';

/** Where a roster is: its class's instance, and the rush machinery when the call has it. */
export interface RosterTarget {
  db: Database;
  classId: string;
  rush?: Rush | undefined;
}

/**
 * Runs `transition` on the committed roster; it returns the new roster (the same object for
 * "no change") and anything else the caller needs. One transaction for this change alone, or,
 * with a rush, the next transaction of the class's group commit (rush/group-commit.ts).
 */
export async function changeRoster<T extends { roster: Roster }>(
  { db, classId, rush }: RosterTarget,
  transition: RosterTransition<T>,
  quickRefusal?: QuickRefusal,
  { keepVersion = false }: { keepVersion?: boolean } = {},
): Promise<RosterChange<T>> {
  const request: RosterRequest<T> = { transition, quickRefusal, keepVersion };
  if (rush) return rush.changeRoster(db, classId, request);
  const [outcome] = await commitRosterBatch(db, classId, [request]);
  if (outcome === undefined) throw new Error('roster transaction lost its request');
  if ('change' in outcome) return outcome.change;
  throw 'refused' in outcome ? outcome.refused : outcome.failed;
}

/**
 * One transaction applying `batch` in order, each request on the roster the previous left (as
 * if they had committed one after the other; each change bumps `version`). If the server's copy
 * differs, the SDK runs the whole batch again on it, so every decision is made on the roster the
 * server confirms.
 */
export function commitRosterBatch<T extends { roster: Roster }>(
  db: Database,
  classId: string,
  batch: readonly RosterRequest<T>[],
): Promise<Decided<T>[]> {
  return transact(db.ref(paths.classRoster(classId)), (current) =>
    applyBatch(classId, current, batch),
  );
}

/** One run of a batch on `current` (the SDK may run it again on the server's value). */
function applyBatch<T extends { roster: Roster }>(
  classId: string,
  current: unknown,
  batch: readonly RosterRequest<T>[],
): { next: unknown; result: Decided<T>[] } {
  const path = paths.classRoster(classId);
  // Until a change, the stored value is what quick refusals see; the parse is done once.
  let roster: Roster | undefined;
  let changed = false;
  const decided = batch.map((request): Decided<T> => {
    try {
      const refused = request.quickRefusal?.(roster ?? current);
      if (refused) return { refused };
      roster ??= parseStored(rosterSchema, current, path);
      const previous = roster;
      const outcome = request.transition(previous);
      if (outcome instanceof Error) return { refused: outcome };
      if (outcome.roster === previous)
        return { change: { result: outcome, roster: previous, previous, changed: false } };
      roster = request.keepVersion
        ? outcome.roster
        : { ...outcome.roster, version: previous.version + 1 };
      changed = true;
      return { change: { result: outcome, roster, previous, changed: true } };
    } catch (error) {
      return { failed: error };
    }
  });
  return { next: changed ? toDatabase(roster) : UNCHANGED, result: decided };
}

/**
 * The roster as the server has it now: a roster transaction that changes nothing, which the
 * server's hash check confirms (transact.ts). A "full" read on a live copy is only answered
 * once this roster says it too (docs/architecture/booking.md#never-a-false-full); with a rush
 * it shares the class's group commit, so the callers a fill refuses confirm it together.
 */
export async function committedRoster(target: RosterTarget): Promise<Roster> {
  return (await changeRoster(target, (roster) => ({ roster }))).roster;
}

/**
 * Confirms a pending booking with the credit it consumed. `key` is where the booking sits: the
 * member's uid, or a guest seat's key (`rosterKey`). Returns whether the booking is (now)
 * confirmed with that credit.
 */
export async function confirmBooking(
  target: RosterTarget,
  key: string,
  bookingId: string,
  creditId: string,
): Promise<boolean> {
  const change = await changeRoster(
    target,
    (roster) => {
      const booking = roster.bookings[key] ?? null;
      const confirmed = confirmedBooking(booking, bookingId, creditId);
      if (confirmed === null) {
        const already = booking?.bookingId === bookingId && booking.creditId === creditId;
        return { roster, confirmed: already };
      }
      return {
        roster: { ...roster, bookings: { ...roster.bookings, [key]: confirmed } },
        confirmed: true,
      };
    },
    undefined,
    { keepVersion: true },
  );
  return change.result.confirmed;
}

/** Marks a cancelled booking's credit as settled (the last step of a cancel). */
export async function markSettled({ db, classId }: RosterTarget, bookingId: string): Promise<void> {
  const path = paths.rosterEnded(classId, bookingId);
  await transact(db.ref(path), (current) => {
    const ended = current === null ? null : parseStored(endedBookingSchema, current, path);
    const settled = settledEnded(ended);
    return { next: settled === null ? UNCHANGED : toDatabase(settled), result: null };
  });
}
