/**
 * Check-in by pass or at the kiosk: which of the member's bookings a scan checks into, or why
 * none. A booking is open for check-in from `checkInOpensMinutes` before its class starts until
 * the class ends; the class starting soonest wins (one not started yet before one under way), so
 * a member booked back to back is checked into the class they came for.
 */
import { DomainError } from '../errors';
import type { Settings } from '../settings';
import type { UserClassStatus } from '../schemas/classes';

const MINUTE_MS = 60_000;

export interface PassBooking {
  classId: string;
  startsAt: number;
  /** Minutes. */
  duration: number;
  /** The member's booking as their `UserClasses` entry says. */
  status: UserClassStatus;
  /** The class as the member knows it, and its start, for the refusals' words. */
  title: string;
  hour: string;
  /** The class itself was cancelled by the studio. */
  classCancelled: boolean;
}

/** Bookings that still hold a seat (a no-show mark may be corrected when they do come). */
function holdsSeat(status: UserClassStatus): boolean {
  return status === 'booked' || status === 'attended' || status === 'no-show';
}

function inWindow(
  booking: PassBooking,
  nowMs: number,
  settings: Pick<Settings, 'checkInOpensMinutes'>,
) {
  return (
    nowMs >= booking.startsAt - settings.checkInOpensMinutes * MINUTE_MS &&
    nowMs <= booking.startsAt + booking.duration * MINUTE_MS
  );
}

/** Not started yet first, soonest first; then those under way, the latest start first. */
function soonestFirst(nowMs: number) {
  return (a: PassBooking, b: PassBooking) => {
    const aAhead = a.startsAt >= nowMs;
    const bAhead = b.startsAt >= nowMs;
    if (aAhead !== bAhead) return aAhead ? -1 : 1;
    return aAhead ? a.startsAt - b.startsAt : b.startsAt - a.startsAt;
  };
}

/**
 * The class a scan checks `name` into: `wanted` when the desk has one class open (checador),
 * otherwise the soonest open one; or the refusal that says why not, in words for the desk.
 */
export function chooseCheckInClass(
  bookings: readonly PassBooking[],
  nowMs: number,
  settings: Pick<Settings, 'checkInOpensMinutes'>,
  name: string,
  wanted?: string,
): { classId: string } | DomainError {
  const held = bookings.filter((booking) => holdsSeat(booking.status) && !booking.classCancelled);
  const open = held
    .filter((booking) => inWindow(booking, nowMs, settings))
    .sort(soonestFirst(nowMs));
  const candidates = wanted === undefined ? open : open.filter((b) => b.classId === wanted);
  const waiting = candidates.filter((booking) => booking.status !== 'attended');
  const first = waiting[0];
  if (first) return { classId: first.classId };
  const attended = candidates[0];
  if (attended)
    return new DomainError('failed-precondition', 'alreadyCheckedIn', {
      name,
      title: attended.title,
      hour: attended.hour,
    });
  if (wanted !== undefined) {
    const here = held.find((booking) => booking.classId === wanted);
    if (here)
      return new DomainError('failed-precondition', 'checkInTooEarly', {
        minutes: settings.checkInOpensMinutes,
      });
    const elsewhere = open[0];
    if (elsewhere)
      return new DomainError('failed-precondition', 'passOtherClass', {
        name,
        title: elsewhere.title,
        hour: elsewhere.hour,
      });
    return new DomainError('not-found', 'passNotBookedHere', { name });
  }
  const later = held
    .filter((booking) => booking.startsAt > nowMs)
    .sort((a, b) => a.startsAt - b.startsAt)[0];
  if (later)
    return new DomainError('failed-precondition', 'passTooEarly', {
      name,
      title: later.title,
      hour: later.hour,
      minutes: settings.checkInOpensMinutes,
    });
  return new DomainError('not-found', 'passNoBooking', { name });
}
