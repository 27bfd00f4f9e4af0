import {
  canBook,
  fullClassRefusal,
  isDomainError,
  memberSeatsLeft,
  orThrow,
  reserveSeat,
  rosterBookingError,
} from '@studio/core';
import type {
  BookClassInput,
  CallableResult,
  DomainError,
  Roster,
  SeatCount,
  StudioClass,
} from '@studio/core';
import {
  changeRoster,
  committedRoster,
  finishInTurn,
  newId,
  NO_RATE_LIMITS,
  readClassCall,
  readInTurn,
  readLayout,
  readMember,
} from '../../engine';
import type { BookingDeps, ClassCallReads, RateLimiter } from '../../engine';
import { finishBooking } from './finish-booking';

export interface BookClassCommand extends BookClassInput {
  uid: string;
  /** The front desk books: outside the booking window, marked `via: 'desk'` (handlers/desk). */
  desk?: boolean;
}

export interface BookClassOutcome extends CallableResult<'bookClass'> {
  bookingId: string;
}

/**
 * `bookClass` (docs/decisions/030-booking-protocol.md). Every rule is checked first on what was
 * read — the class and its roster, then the member — so a refusal writes nothing; then
 *
 * 1. one transaction on `ClassRoster/{classId}` (in the class's instance) reserves the seat,
 *    with the same rules again on the committed roster: no oversell, no spot twice, one booking
 *    per member;
 * 2. one transaction on `Users/{uid}` (the default instance) pays with the plan or a credit,
 *    and the views and the confirmation follow (`finishBooking`).
 *
 * In a rush the members who lose the race are refused at step 1 and never touch credits. The
 * rush machinery (`deps.rush`) only makes the same steps cheaper.
 */
export async function bookClass(
  deps: BookingDeps,
  command: BookClassCommand,
): Promise<BookClassOutcome> {
  const limits = deps.limits ?? NO_RATE_LIMITS;
  // A member this instance knows to be over the limit is refused before anything is read.
  limits.refuseSpent(command.uid, 'book');
  // Watched from the start, so counting the attempt (a booking before its first write, or a
  // refusal) commits in one round trip.
  const stopWatchingLimit = limits.watch(command.uid, 'book');
  const attempt = { counted: false };
  try {
    return await bookSeat(deps, command, limits, attempt);
  } catch (error) {
    // A refused call counts too (a script's calls before a class release use up its window),
    // except a full class's: in a release rush that is every loser's answer, given from the
    // instance's live copy, and counting it would make each cost a write
    // (functions/bench/refused-bookings.ts measures it).
    if (attempt.counted || isClassFull(error)) throw error;
    throw await limits.countRefusal(command.uid, 'book', error);
  } finally {
    stopWatchingLimit();
  }
}

async function bookSeat(
  deps: BookingDeps,
  { uid, classId, spot, payWith, desk }: BookClassCommand,
  limits: RateLimiter,
  attempt: { counted: boolean },
): Promise<BookClassOutcome> {
  const nowMs = deps.now();
  const call = await readClassCall(deps, classId);
  const { context, cls, settings } = call;

  // What the class and its roster decide alone (cancelled, not open, started, booked, full),
  // before the member's node is read.
  const open = await decideOnRoster(call, (roster) =>
    rosterBookingError({ cls, roster, uid, nowMs, settings, desk }),
  );

  // The member: waiver, plan or credit, spot. The attempt is counted after every rule passed,
  // before the first write.
  const seatsLeft = memberSeatsLeft(cls, open.roster, nowMs, settings);
  const member = readInTurn(
    deps.rush,
    context.db,
    classId,
    seatsLeft,
    () => readMember(deps.db, uid, deps.rush),
    (stored) => refusesFullClass(stored, uid, cls),
  );
  try {
    const [layout, user] = await Promise.all([readLayout(deps.db, cls, deps.rush), member.value]);
    // The plan pays when it can, else a credit (docs/architecture/plans.md).
    const { value: grant } = await decideOnRoster(call, (roster) =>
      canBook({
        cls,
        roster,
        layout,
        user: user.user,
        uid,
        spot,
        nowMs,
        settings,
        desk,
        payWith,
        timeZone: settings.timeZone,
      }),
    );
    attempt.counted = true;
    await limits.take(uid, 'book');

    // 1. The seat. The id is made by the first run that gets this far; a run the SDK repeats
    // (a dropped connection) finds its own reservation.
    let bookingId: string | undefined;
    const reserved = await changeRoster(
      context,
      (current) => {
        const mine = current.bookings[uid];
        if (bookingId !== undefined && mine?.bookingId === bookingId)
          return { roster: current, booking: mine };
        bookingId ??= newId(deps.db);
        return reserveSeat(current, {
          cls,
          layout,
          settings,
          uid,
          bookingId,
          spot,
          nowMs,
          via: desk === true ? 'desk' : 'member',
          name: user.user?.Name,
        });
      },
      (stored) => refusesFullClass(stored, uid, cls),
    );
    const { booking } = reserved.result;

    // 2. The payment, what the member was shown (never switched), then views and confirmation;
    // in a rush, a few bookings of the instance at a time (the seat is held meanwhile).
    const creditId = await finishInTurn(deps.rush, deps.db, () =>
      finishBooking(
        deps,
        context,
        booking,
        reserved.roster,
        grant.paidBy === 'plan' ? 'plan' : 'credits',
      ),
    );
    return {
      classId,
      spot: booking.spot,
      creditId,
      bookingId: booking.bookingId,
      paidBy: grant.paidBy,
    };
  } finally {
    member.done();
  }
}

/**
 * `rule` decided on the roster the call read. A roster from a live copy may lag behind the
 * server, so a "full" it gives is decided again on the committed roster
 * (docs/architecture/booking.md#never-a-false-full); other answers may be stale and cost a
 * retry, never a seat. Returns the rule's value and the roster it was decided on.
 */
export async function decideOnRoster<T>(
  call: ClassCallReads,
  rule: (roster: Roster) => T | DomainError,
): Promise<{ value: T; roster: Roster }> {
  let roster = call.roster;
  let verdict = rule(roster);
  if (call.context.rush && isClassFull(verdict)) {
    roster = await committedRoster(call.context);
    verdict = rule(roster);
  }
  return { value: orThrow(verdict), roster };
}

/**
 * A class already full refuses a new member before its roster is parsed: in a rush this is
 * the answer for nearly everyone, and each refusal runs again every time the roster changes.
 * The rule is core's `fullClassRefusal`, the one `reserveSeat` applies; this only takes what it
 * reads off the stored node, and leaves anything unexpected to the parsed roster.
 */
function refusesFullClass(
  stored: unknown,
  uid: string,
  cls: Pick<StudioClass, 'capacity'>,
): DomainError | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const { bookings, cancellation, capacity } = stored as Record<string, unknown>;
  if (typeof bookings !== 'object' || bookings === null || Array.isArray(bookings)) return null;
  const seats: SeatCount = { bookings: bookings as Record<string, unknown>, cancellation };
  if (typeof capacity === 'number') seats.capacity = capacity;
  return fullClassRefusal(cls, seats, uid);
}

function isClassFull(value: unknown): value is DomainError {
  return isDomainError(value) && value.messageKey === 'classFull';
}
