// The booking domain's log events, one named function each, with a stable
// `event` field for Cloud Logging queries.
import { logger } from 'firebase-functions/logger';

function describeError(error: unknown): { name: string; message: string; stack?: string } {
  if (error instanceof Error) {
    return error.stack === undefined
      ? { name: error.name, message: error.message }
      : { name: error.name, message: error.message, stack: error.stack };
  }
  return { name: typeof error, message: String(error) };
}

export function classBooked(fields: {
  uid: string;
  classId: string;
  bookingId: string;
  spot: string;
  creditId: string;
}): void {
  logger.info('Class booked', { event: 'class_booked', ...fields });
}

export function guestSeatBooked(fields: {
  uid: string;
  classId: string;
  bookingId: string;
  spot: string;
  creditId: string;
}): void {
  logger.info('Guest seat booked', { event: 'guest_seat_booked', ...fields });
}

export function bookingCancelled(fields: {
  uid: string;
  classId: string;
  bookingId: string;
  outcome: 'refund' | 'late';
  guest?: boolean;
}): void {
  logger.info('Booking cancelled', { event: 'booking_cancelled', ...fields });
}

export function spotChanged(fields: { uid: string; classId: string; spot: string }): void {
  logger.info('Spot changed', { event: 'spot_changed', ...fields });
}

export function waitlistJoined(fields: { uid: string; classId: string; position: number }): void {
  logger.info('Waiting list joined', { event: 'waitlist_joined', ...fields });
}

export function waitlistLeft(fields: { uid: string; classId: string }): void {
  logger.info('Waiting list left', { event: 'waitlist_left', ...fields });
}

export function attendanceMarked(fields: {
  by: string;
  uid: string;
  classId: string;
  status: string;
}): void {
  logger.info('Attendance marked', { event: 'attendance_marked', ...fields });
}

/** A cancel went through but the promotion after it failed; the reconciler retries it. */
export function promotionFailed(fields: { classId: string; error: unknown }): void {
  logger.error('Waiting-list promotion failed', {
    event: 'promotion_failed',
    classId: fields.classId,
    error: describeError(fields.error),
  });
}

/** A freed seat's watchers could not be told (logged; the cancel stands). */
export function watchersNotTold(fields: { classId: string; error: unknown }): void {
  logger.error('Watchers not told of a free seat', {
    event: 'watchers_not_told',
    classId: fields.classId,
    error: describeError(fields.error),
  });
}

/** One class or member the reconciler could not settle this run; the next run tries again. */
export function reconcileItemFailed(fields: { target: string; error: unknown }): void {
  logger.error('Reconcile item failed', {
    event: 'reconcile_item_failed',
    target: fields.target,
    error: describeError(fields.error),
  });
}

export function bookingsReconciled(fields: Readonly<Record<string, number>>): void {
  logger.info('Bookings reconciled', { event: 'bookings_reconciled', ...fields });
}
