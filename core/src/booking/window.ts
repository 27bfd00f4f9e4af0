import type { Settings } from '../settings';
import type { Booking, StudioClass } from '../schemas/classes';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export type BookingWindowState = 'not-open' | 'open' | 'started';

type Rules = Pick<
  Settings,
  'bookingWindowDays' | 'cancellationWindowHours' | 'waitlistCutoffMinutes' | 'checkInOpensMinutes'
>;

/** When booking opens: `bookingWindowDays` × 24 h before the start. */
export function bookingOpensAt(
  classStartsAt: number,
  settings: Pick<Rules, 'bookingWindowDays'>,
): number {
  return classStartsAt - settings.bookingWindowDays * DAY_MS;
}

/** Booking opens `bookingWindowDays` ahead (inclusive) and closes at the start. */
export function bookingWindowState(
  classStartsAt: number,
  nowMs: number,
  settings: Pick<Rules, 'bookingWindowDays'>,
): BookingWindowState {
  if (nowMs >= classStartsAt) return 'started';
  if (nowMs < bookingOpensAt(classStartsAt, settings)) return 'not-open';
  return 'open';
}

/** The last instant a cancel is refunded: `cancellationWindowHours` before the start. */
export function cancellationDeadline(
  classStartsAt: number,
  settings: Pick<Rules, 'cancellationWindowHours'>,
): number {
  return classStartsAt - settings.cancellationWindowHours * HOUR_MS;
}

/** The waiting list closes, and promotions stop, at this instant. */
export function waitlistCutoffAt(
  classStartsAt: number,
  settings: Pick<Rules, 'waitlistCutoffMinutes'>,
): number {
  return classStartsAt - settings.waitlistCutoffMinutes * MINUTE_MS;
}

/**
 * 'refund' when cancelled at least `cancellationWindowHours` before the start; otherwise
 * 'late' (credit forfeited) — except that a member promoted from the waiting list inside the
 * late window did not choose that timing, so they keep the refund up to the waitlist cut-off.
 */
export function cancellationOutcome(
  booking: Pick<Booking, 'promotedAt'>,
  classStartsAt: number,
  nowMs: number,
  settings: Pick<Rules, 'cancellationWindowHours' | 'waitlistCutoffMinutes'>,
): 'refund' | 'late' {
  const deadline = cancellationDeadline(classStartsAt, settings);
  if (nowMs <= deadline) return 'refund';
  const promotedLate = booking.promotedAt !== undefined && booking.promotedAt > deadline;
  if (promotedLate && nowMs <= waitlistCutoffAt(classStartsAt, settings)) return 'refund';
  return 'late';
}

/** Joining the waiting list, and promotion from it, happen while booking is open and before the cut-off. */
export function waitlistOpen(
  classStartsAt: number,
  nowMs: number,
  settings: Pick<Rules, 'bookingWindowDays' | 'waitlistCutoffMinutes'>,
): boolean {
  return (
    bookingWindowState(classStartsAt, nowMs, settings) === 'open' &&
    nowMs < waitlistCutoffAt(classStartsAt, settings)
  );
}

/** A freed seat goes to the queue only while the class is open and before the cut-off. */
export function promotionAllowed(
  cls: Pick<StudioClass, 'status' | 'startsAt'>,
  nowMs: number,
  settings: Pick<Rules, 'bookingWindowDays' | 'waitlistCutoffMinutes'>,
): boolean {
  return cls.status !== 'cancelled' && waitlistOpen(cls.startsAt, nowMs, settings);
}

/** The hours a member may choose for their own promotion cut-off ("My cut-off"). */
export const MEMBER_CUTOFF_HOURS = { min: 1, max: 48 } as const;

/**
 * The last instant the waiting list may promote this member: their own cut-off
 * (`Users/{uid}/PromotionCutoffHours`, "do not promote me later than N hours before class"), or
 * the studio's when they set none or theirs is later than the studio's.
 */
export function memberPromotionCutoffAt(
  classStartsAt: number,
  settings: Pick<Rules, 'waitlistCutoffMinutes'>,
  memberCutoffHours?: number,
): number {
  const studio = waitlistCutoffAt(classStartsAt, settings);
  if (memberCutoffHours === undefined) return studio;
  return Math.min(studio, classStartsAt - memberCutoffHours * HOUR_MS);
}

/** True when promoting this member now would break their own cut-off. */
export function pastMemberCutoff(
  classStartsAt: number,
  nowMs: number,
  settings: Pick<Rules, 'waitlistCutoffMinutes'>,
  memberCutoffHours?: number,
): boolean {
  return nowMs >= memberPromotionCutoffAt(classStartsAt, settings, memberCutoffHours);
}

/** Coaches take attendance from `checkInOpensMinutes` before the start onwards. */
export function checkInOpen(
  classStartsAt: number,
  nowMs: number,
  settings: Pick<Rules, 'checkInOpensMinutes'>,
): boolean {
  return nowMs >= classStartsAt - settings.checkInOpensMinutes * MINUTE_MS;
}
