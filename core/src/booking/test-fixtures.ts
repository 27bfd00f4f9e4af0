// What the roster tests (roster.test.ts, guest-seats.test.ts) start from: a class a day ahead and
// a member's confirmed booking. Test code only; nothing in core's index exports it.
import { DomainError } from '../errors';
import type { Booking } from '../schemas/classes';

export const HOUR = 3_600_000;
export const START = Date.parse('2025-06-10T13:00:00Z');
/** A day before the class starts: inside the booking window, outside the cancellation window. */
export const NOW = START - 24 * HOUR;

/** `uid`'s confirmed booking of `spot`, paid with credit `c-{uid}`. */
export const memberBooking = (
  uid: string,
  spot: string,
  extra: Partial<Booking> = {},
): Booking => ({
  bookingId: `b-${uid}`,
  uid,
  spot,
  creditId: `c-${uid}`,
  bookedAt: 1,
  via: 'member',
  ...extra,
});

/** The value of a rule that was expected to pass; a refusal fails the test with its error. */
export function ok<T>(value: T | DomainError): T {
  if (value instanceof DomainError) throw value;
  return value;
}
