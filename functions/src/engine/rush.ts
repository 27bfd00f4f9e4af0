// The seam between the booking path and the release-rush machinery
// (docs/architecture/booking.md#the-release-rush). Every call reads and writes correctly without
// it: reads go to the server, each roster change is its own transaction. A callable hands in a
// `Rush` (`rush/`) to make the same calls cheap when hundreds of members race for one class on
// one function instance: reads from live listeners parsed once per value, roster changes
// committed together (group commit), member reads in turns, bookings finished a few at a time
// (pay turns). Nothing it does decides a booking:
// every decision is still made on the roster the server commits.
import type { Database } from 'firebase-admin/database';
import type { Roster } from '@studio/core';
import type { DomainError } from '@studio/core';

export interface RosterChange<R> {
  /** What the transition returned. */
  result: R;
  /** The roster as committed (the input itself when nothing changed). */
  roster: Roster;
  /** The roster the transition started from. */
  previous: Roster;
  changed: boolean;
}

export type RosterTransition<T> = (roster: Roster) => T | DomainError;
/** A refusal decided on the stored value without parsing it (the rush's common answer). */
export type QuickRefusal = (stored: unknown) => DomainError | null;

export interface RosterRequest<T> {
  transition: RosterTransition<T>;
  quickRefusal?: QuickRefusal | undefined;
  /** A change no view depends on (a booking's confirmation) keeps the roster's version. */
  keepVersion: boolean;
}

/** The outcome of one request of a batch. */
export type Decided<T> =
  { change: RosterChange<T> } | { refused: DomainError } | { failed: unknown };

/** Parses a stored value; pure, so one result may be shared by every caller of the same value. */
export type Parse<T> = (stored: unknown, path: string) => T;

/** A read made in turn: its value, and the turn to give back when the call answers. */
export interface InTurn<T> {
  value: Promise<T>;
  /** Gives the turn back (or leaves the queue); safe to call again. */
  done: () => void;
}

export interface Rush {
  /**
   * `path`'s value parsed, from the instance's live copy (which may lag behind the server: a
   * refusal read here is confirmed on the server before a member hears it).
   */
  read<T>(db: Database, path: string, parse: Parse<T>): Promise<T>;
  /** Runs `request` in the next transaction of its class with the others in flight. */
  changeRoster<T extends { roster: Roster }>(
    db: Database,
    classId: string,
    request: RosterRequest<T>,
  ): Promise<RosterChange<T>>;
  /**
   * `read` (a member's node, for a booking of `classId` that showed `seatsLeft` seats) once this
   * caller's turn comes; refused with `refusal`'s error when the class's roster, as the
   * instance receives it, gives one and the committed roster gives it too (never a false full).
   */
  readInTurn<T>(
    db: Database,
    classId: string,
    seatsLeft: number,
    read: () => Promise<T>,
    refusal: QuickRefusal,
  ): InTurn<T>;
  /**
   * `work` (a booking's steps after its seat: payment, views, confirmation) once few enough
   * others finish on `db`'s instance at once.
   */
  finishInTurn<T>(db: Database, work: () => Promise<T>): Promise<T>;
}

/** `path` read with `parse`: through the rush's live copy when there is one, else the server. */
export async function readParsed<T>(
  db: Database,
  path: string,
  parse: Parse<T>,
  rush: Rush | undefined,
): Promise<T> {
  if (rush) return rush.read(db, path, parse);
  return parse((await db.ref(path).get()).val() as unknown, path);
}

/** `read` in turn with a rush; at once without one. */
export function readInTurn<T>(
  rush: Rush | undefined,
  db: Database,
  classId: string,
  seatsLeft: number,
  read: () => Promise<T>,
  refusal: QuickRefusal,
): InTurn<T> {
  if (rush) return rush.readInTurn(db, classId, seatsLeft, read, refusal);
  return { value: read(), done: () => undefined };
}

/** `work` in a finishing turn with a rush; at once without one. */
export function finishInTurn<T>(
  rush: Rush | undefined,
  db: Database,
  work: () => Promise<T>,
): Promise<T> {
  return rush ? rush.finishInTurn(db, work) : work();
}
