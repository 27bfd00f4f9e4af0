import {
  canBookGuest,
  guestLimit,
  guestSeatsOf,
  orThrow,
  reserveGuestSeat,
  rosterGuestError,
} from '@studio/core';
import type { BookGuestInput, Booking, CallableResult, Roster } from '@studio/core';
import {
  changeRoster,
  committedRoster,
  newId,
  NO_RATE_LIMITS,
  readClassCall,
  readLayout,
  readMember,
} from '../../engine';
import type { BookingDeps, ClassContext } from '../../engine';
import { finishBooking } from './finish-booking';

export interface BookGuestCommand extends BookGuestInput {
  uid: string;
}

/** The seat an earlier call with this request id booked, if the roster holds it. */
function earlierSeat(roster: Roster, uid: string, requestId: string): Booking | undefined {
  return guestSeatsOf(roster, uid).find((booking) => booking.requestId === requestId);
}

/** A seat this request already reserved: finished (idempotently) and answered again. */
async function answerEarlier(
  deps: BookingDeps,
  context: ClassContext,
  booking: Booking,
  roster: Roster,
): Promise<CallableResult<'bookGuest'>> {
  const creditId =
    booking.pending === true || booking.creditId === undefined
      ? await finishBooking(deps, context, booking, roster)
      : booking.creditId;
  return { classId: context.classId, spot: booking.spot, creditId, bookingId: booking.bookingId };
}

/**
 * `bookGuest` ("bring a friend"; docs/architecture/booking.md#guest-seats): a member
 * holding a paid booking of their own books one more seat for a named guest with one of their
 * own credits, up to the class's guest limit (`guestLimit`). It is a booking like any other,
 * under the roster key `guestSeatKey(bookingId)`: every rule is checked first on what was read,
 * so a refusal writes nothing, then
 *
 * 1. one transaction on `ClassRoster/{classId}` reserves the seat (the same rules again, on the
 *    committed roster);
 * 2. one transaction on `Users/{uid}` consumes the member's credit, and the views and the
 *    confirmation follow (`finishBooking`, the reconciler's too).
 *
 * `requestId` makes it exactly once: a repeated call finds the seat it booked and answers it.
 */
export async function bookGuest(
  deps: BookingDeps,
  { uid, classId, guestName, spot, requestId, payWith }: BookGuestCommand,
): Promise<CallableResult<'bookGuest'>> {
  const { db } = deps;
  const limits = deps.limits ?? NO_RATE_LIMITS;
  const nowMs = deps.now();
  const { context, cls, settings, roster: read } = await readClassCall(deps, classId);
  let roster = read;
  const seen = earlierSeat(roster, uid, requestId);
  if (seen) return answerEarlier(deps, context, seen, roster);
  const refusal = () => rosterGuestError({ cls, roster, uid, nowMs, settings });
  let refused = refusal();
  if (refused && refused.code === 'resource-exhausted' && deps.rush) {
    // A live copy may lag: "full" only once the committed roster says so.
    roster = await committedRoster(context);
    refused = refusal();
  }
  if (refused) throw refused;
  const [layout, member] = await Promise.all([
    readLayout(db, cls, deps.rush),
    readMember(db, uid, deps.rush),
  ]);
  const limit = guestLimit(cls, settings);
  const { paidBy } = orThrow(
    canBookGuest({
      cls,
      roster,
      layout,
      user: member.user,
      uid,
      spot,
      nowMs,
      settings,
      guestName,
      payWith,
      timeZone: settings.timeZone,
    }),
  );
  await limits.take(uid, 'book');

  // Made once, by the first run of the transaction that gets this far.
  let bookingId: string | undefined;
  const reserved = await changeRoster(context, (current) => {
    const earlier = earlierSeat(current, uid, requestId);
    if (earlier) return { roster: current, booking: earlier };
    bookingId ??= newId(db);
    return reserveGuestSeat(current, {
      cls,
      layout,
      settings,
      uid,
      bookingId,
      requestId,
      guestName,
      limit,
      spot,
      nowMs,
      name: member.user?.Name,
    });
  });
  const { booking } = reserved.result;
  if (booking.bookingId !== bookingId)
    return answerEarlier(deps, context, booking, reserved.roster);
  // A member who cannot pay after all gets the seat given back and the refusal (finishBooking).
  const creditId = await finishBooking(
    deps,
    context,
    booking,
    reserved.roster,
    paidBy === 'plan' ? 'plan' : 'credits',
  );
  return { classId, spot: booking.spot, creditId, bookingId: booking.bookingId };
}
