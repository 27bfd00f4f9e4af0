// Transactions on `ClassRoster/{classId}`: the one node a booking, a cancel or a queue change
// is decided on (design §4). Each runs a pure core transition; a change bumps `version`.
import type { Database } from 'firebase-admin/database';
import {
  confirmedBooking,
  endedBookingSchema,
  parseStored,
  paths,
  rosterSchema,
  settledEnded,
} from '@studio/core';
import type { DomainError, Roster } from '@studio/core';
import { perClass } from './per-class';
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

type Transition<T> = (roster: Roster) => T | DomainError;
type QuickRefusal = (stored: unknown) => DomainError | null;

interface Request<T> {
  transition: Transition<T>;
  quickRefusal: QuickRefusal | undefined;
  /** A change no view depends on (a booking's confirmation) keeps the roster's version. */
  keepVersion: boolean;
  resolve: (change: RosterChange<T>) => void;
  reject: (error: unknown) => void;
}

type Decided<T> = { change: RosterChange<T> } | { refused: DomainError } | { failed: unknown };

interface ClassQueue {
  // Requests of any result type share one queue; each keeps its own resolve.
  waiting: Request<{ roster: Roster }>[];
  running: boolean;
}

/** Bounds one transaction's size; a longer queue is served in several. */
const MAX_BATCH = 500;

const queues = perClass<ClassQueue>(() => ({ waiting: [], running: false }));

/**
 * Runs `transition` on the committed roster; it returns the new roster (the same object for
 * "no change") and anything else the caller needs.
 *
 * Group commit: the changes one instance asks for on one class while a roster transaction of
 * that class is in flight wait, then all go in the next one, applied in arrival order, each on
 * the roster the previous left (as if they had committed one after the other; each change
 * bumps `version`). A class release then costs one instance a handful of transactions instead
 * of one per caller, and the SDK no longer re-runs hundreds of queued transactions each time
 * the roster changes. Every decision is still made on the roster the server confirms: if the
 * server's copy differs, the SDK runs the whole batch again on it.
 */
export function changeRoster<T extends { roster: Roster }>(
  db: Database,
  classId: string,
  transition: Transition<T>,
  /** A refusal decided on the stored value without parsing it (the rush's common answer). */
  quickRefusal?: QuickRefusal,
  { keepVersion = false }: { keepVersion?: boolean } = {},
): Promise<RosterChange<T>> {
  return new Promise<RosterChange<T>>((resolve, reject) => {
    const queue = queues.of(db, classId);
    const request: Request<T> = { transition, quickRefusal, keepVersion, resolve, reject };
    queue.waiting.push(request as unknown as Request<{ roster: Roster }>);
    if (!queue.running) void serve(db, classId, queue);
  });
}

async function serve(db: Database, classId: string, queue: ClassQueue): Promise<void> {
  queue.running = true;
  try {
    while (queue.waiting.length > 0) {
      const batch = queue.waiting.splice(0, MAX_BATCH);
      let decided: Decided<{ roster: Roster }>[];
      try {
        decided = await transact(db.ref(paths.classRoster(classId)), (current) =>
          applyBatch(classId, current, batch),
        );
      } catch (error) {
        for (const request of batch) request.reject(error);
        continue;
      }
      batch.forEach((request, i) => {
        const outcome = decided[i];
        if (outcome === undefined) request.reject(new Error('roster batch lost a request'));
        else if ('change' in outcome) request.resolve(outcome.change);
        else if ('refused' in outcome) request.reject(outcome.refused);
        else request.reject(outcome.failed);
      });
    }
  } finally {
    queue.running = false;
    if (queue.waiting.length === 0) queues.drop(db, classId, queue);
  }
}

/** One run of a batch on `current` (the SDK may run it again on the server's value). */
function applyBatch<T extends { roster: Roster }>(
  classId: string,
  current: unknown,
  batch: readonly Request<T>[],
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
 * Confirms a pending booking with the credit it consumed, in the class's roster queue (so the
 * confirmations of a release share its transactions). `key` is where the booking sits: the
 * member's uid, or a guest seat's key (`rosterKey`). Returns whether the booking is (now)
 * confirmed with that credit.
 */
export async function confirmBooking(
  db: Database,
  classId: string,
  key: string,
  bookingId: string,
  creditId: string,
): Promise<boolean> {
  const change = await changeRoster(
    db,
    classId,
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
export async function markSettled(db: Database, classId: string, bookingId: string) {
  const path = paths.rosterEnded(classId, bookingId);
  await transact(db.ref(path), (current) => {
    const ended = current === null ? null : parseStored(endedBookingSchema, current, path);
    const settled = settledEnded(ended);
    return { next: settled === null ? UNCHANGED : toDatabase(settled), result: null };
  });
}
