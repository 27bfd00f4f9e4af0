import {
  DomainError,
  canBook,
  memberSeatsLeft,
  orThrow,
  paths,
  reserveSeat,
  rosterBookingError,
} from '@studio/core';
import type { BookClassInput, CallableResult } from '@studio/core';
import { NO_FAULTS, newId } from './deps';
import type { BookingDeps } from './deps';
import { classContext } from './context';
import { finishBooking } from './finish-booking';
import { raceLive } from './live';
import { readTurn } from './read-turns';
import { changeRoster } from './rosters';
import { readLayout, readMember, readRoster, readSettings } from './store';

/**
 * A class already full refuses a new member before its roster is parsed: in a rush this is
 * the answer for nearly everyone, and each refusal runs again every time the roster changes.
 * Same answer, same precedence as `reserveSeat` (a cancelled class or an existing booking are
 * left to it).
 */
function refusesFullClass(stored: unknown, uid: string, capacity: number): DomainError | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const fields = stored as { bookings?: unknown; cancellation?: unknown; capacity?: unknown };
  const { bookings, cancellation } = fields;
  if (cancellation !== undefined || typeof bookings !== 'object' || bookings === null) return null;
  if (Array.isArray(bookings) || uid in bookings) return null;
  const seats = typeof fields.capacity === 'number' ? fields.capacity : capacity;
  return Object.keys(bookings).length >= seats
    ? new DomainError('resource-exhausted', 'classFull')
    : null;
}

export interface BookClassCommand extends BookClassInput {
  uid: string;
}

export interface BookClassOutcome extends CallableResult<'bookClass'> {
  bookingId: string;
}

/**
 * `bookClass` (design §4, §8; docs/decisions/030). Every rule is checked first on what was
 * read (the class and roster first, the member's node only while seats are left), so a
 * refusal writes nothing; then
 *
 * 1. one transaction on `ClassRoster/{classId}` reserves the seat (the same rules again, on
 *    the committed roster: no oversell, no spot twice, one booking per member);
 * 2. one transaction on `Users/{uid}` consumes the credit (`finishBooking`);
 * 3. the booking is confirmed with that credit.
 *
 * In a rush, the members who lose the race are refused at step 1 and never touch credits.
 */
export async function bookClass(
  deps: BookingDeps,
  { uid, classId, spot }: BookClassCommand,
): Promise<BookClassOutcome> {
  const { db } = deps;
  const faults = deps.faults ?? NO_FAULTS;
  const nowMs = deps.now();
  const [context, settings, roster] = await Promise.all([
    classContext(db, classId),
    readSettings(db),
    readRoster(db, classId),
  ]);
  const { cls } = context;
  const refusal = rosterBookingError({ cls, roster, uid, nowMs, settings });
  if (refusal) throw refusal;
  // The member's node is read only while seats are left, by as many callers at once as could
  // still take one (docs/decisions/136), and a class that fills meanwhile answers "full" at
  // once (docs/decisions/097). The turn is held until the call answers: a caller who took a
  // seat keeps it counted, one refused (or whose seat went back) hands it on.
  const turn = readTurn(db, classId, memberSeatsLeft(cls, roster, nowMs, settings));
  const refusedWhileReading = (stored: unknown) => {
    const full = refusesFullClass(stored, uid, cls.capacity);
    if (full) turn.done();
    return full;
  };
  try {
    const [layout, member] = await Promise.all([
      readLayout(db, cls),
      raceLive(
        db,
        paths.classRoster(classId),
        turn.ready.then(() => readMember(db, uid)),
        refusedWhileReading,
      ),
    ]);
    orThrow(canBook({ cls, roster, layout, user: member.user, uid, spot, nowMs, settings }));

    // Made by the first run that gets this far: a caller the quick check refuses needs none.
    let bookingId: string | undefined;
    const reserved = await changeRoster(
      db,
      classId,
      (current) => {
        // Already reserved by this call (a transaction retried after a dropped connection).
        const mine = current.bookings[uid];
        if (bookingId !== undefined && mine?.bookingId === bookingId)
          return { roster: current, booking: mine };
        bookingId ??= newId(db);
        return reserveSeat(current, {
          cls,
          layout,
          settings,
          uid,
          bookingId,
          spot,
          nowMs,
          via: 'member',
          name: member.user?.Name,
        });
      },
      (stored) => refusesFullClass(stored, uid, cls.capacity),
    );
    await faults.at('after-reserve', { classId, uid });
    const { booking } = reserved.result;
    const creditId = await finishBooking(deps, context, booking, reserved.roster);
    return { classId, spot: booking.spot, creditId, bookingId: booking.bookingId };
  } finally {
    turn.done();
  }
}
