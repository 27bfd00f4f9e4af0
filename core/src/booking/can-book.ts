import { DomainError } from '../errors';
import type { Settings } from '../settings';
import type { SeatLayout } from '../schemas/catalog';
import type { Booking, Roster, StudioClass, WaitlistEntry } from '../schemas/classes';
import type { User } from '../schemas/user';
import { pickCredit } from './credits';
import type { PickedCredit } from './credits';
import { capacityLeft, validateSpot, virtualLayout } from './spots';
import { bookingWindowState, cancellationOutcome, checkInOpen, waitlistOpen } from './window';

type ClassFacts = Pick<StudioClass, 'status' | 'startsAt' | 'capacity' | 'creditKind'>;
type Rules = Pick<Settings, 'bookingWindowDays' | 'waitlistCutoffMinutes'>;

/** The layout a class books against: its own, or "1" … capacity. */
export function layoutForClass(
  cls: Pick<StudioClass, 'capacity'>,
  layout: SeatLayout | null | undefined,
): SeatLayout {
  return layout ?? virtualLayout(cls.capacity);
}

/** Class-level reasons nobody can book: cancelled, not open yet, started. */
export function classBookingError(
  cls: ClassFacts,
  nowMs: number,
  settings: Pick<Settings, 'bookingWindowDays'>,
): DomainError | null {
  if (cls.status === 'cancelled') return new DomainError('failed-precondition', 'classCancelled');
  const state = bookingWindowState(cls.startsAt, nowMs, settings);
  if (state === 'not-open')
    return new DomainError('failed-precondition', 'bookingNotOpen', {
      days: settings.bookingWindowDays,
    });
  if (state === 'started') return new DomainError('failed-precondition', 'classStarted');
  return null;
}

/**
 * Member-level checks, all on the member's own node: waiver accepted, and a credit of the
 * class's kind still valid when the class starts. Returns the credit to hold.
 */
export function memberCredit(
  user: User | null | undefined,
  cls: ClassFacts,
  nowMs: number,
): PickedCredit | DomainError {
  if (user?.Conditions !== true) return new DomainError('failed-precondition', 'waiverNotAccepted');
  const credits = user['credits-list'];
  const picked = pickCredit(credits, cls.creditKind, cls.startsAt);
  if (picked) return picked;
  // Credits that work today but lapse before the class deserve their own explanation.
  const usableNow = pickCredit(credits, cls.creditKind, nowMs);
  return new DomainError(
    'failed-precondition',
    usableNow ? 'creditExpiresBeforeClass' : 'noUsableCredit',
  );
}

/** Roster-level checks, inside the roster transaction: not booked yet, a seat left, the spot. */
export function rosterSpot(
  cls: ClassFacts,
  roster: Roster,
  layout: SeatLayout,
  uid: string,
  spot?: string,
): string | DomainError {
  if (roster.bookings[uid]) return new DomainError('failed-precondition', 'alreadyBooked');
  if (capacityLeft(cls, roster) === 0) return new DomainError('resource-exhausted', 'classFull');
  return validateSpot(layout, roster, spot, uid);
}

export interface BookingRequest {
  cls: ClassFacts;
  roster: Roster;
  /** The class's seat layout; omit for a capacity-only class. */
  layout?: SeatLayout | null;
  user: User | null | undefined;
  uid: string;
  spot?: string;
  nowMs: number;
  settings: Pick<Settings, 'bookingWindowDays'>;
}

export interface BookingGrant {
  spot: string;
  creditId: string;
  credit: PickedCredit['credit'];
}

/**
 * Every booking rule in design order: class state, already booked, waiver, credit, capacity,
 * spot. The callable runs the same checks split across its two transactions.
 */
export function canBook(request: BookingRequest): BookingGrant | DomainError {
  const { cls, roster, uid, nowMs, settings } = request;
  const classError = classBookingError(cls, nowMs, settings);
  if (classError) return classError;
  if (roster.bookings[uid]) return new DomainError('failed-precondition', 'alreadyBooked');
  const credit = memberCredit(request.user, cls, nowMs);
  if (credit instanceof DomainError) return credit;
  const spot = rosterSpot(cls, roster, layoutForClass(cls, request.layout), uid, request.spot);
  if (spot instanceof DomainError) return spot;
  return { spot, creditId: credit.id, credit: credit.credit };
}

export interface WaitlistRequest {
  cls: ClassFacts;
  roster: Roster;
  uid: string;
  nowMs: number;
  settings: Rules;
}

/** Joining the queue: the class must be bookable, full, before the cut-off, and you not in it. */
export function canJoinWaitlist(request: WaitlistRequest): { position: number } | DomainError {
  const { cls, roster, uid, nowMs, settings } = request;
  const classError = classBookingError(cls, nowMs, settings);
  if (classError) return classError;
  if (!waitlistOpen(cls.startsAt, nowMs, settings))
    return new DomainError('failed-precondition', 'waitlistClosed', {
      minutes: settings.waitlistCutoffMinutes,
    });
  if (roster.bookings[uid]) return new DomainError('failed-precondition', 'alreadyBooked');
  if (roster.waitlist[uid]) return new DomainError('failed-precondition', 'alreadyWaiting');
  if (capacityLeft(cls, roster) > 0) return new DomainError('failed-precondition', 'notFull');
  return { position: Object.keys(roster.waitlist).length + 1 };
}

/** A freed seat goes to the queue only while the class is open and before the cut-off. */
export function promotionAllowed(
  cls: Pick<StudioClass, 'status' | 'startsAt'>,
  nowMs: number,
  settings: Rules,
): boolean {
  return cls.status !== 'cancelled' && waitlistOpen(cls.startsAt, nowMs, settings);
}

export interface CancelRequest {
  cls: Pick<StudioClass, 'status' | 'startsAt'>;
  roster: Roster;
  uid: string;
  nowMs: number;
  settings: Pick<Settings, 'cancellationWindowHours' | 'waitlistCutoffMinutes'>;
}

/** A member's cancel: needs a booking in a class that has not started; says refund or late. */
export function canCancel(
  request: CancelRequest,
): { booking: Booking; outcome: 'refund' | 'late' } | DomainError {
  const { cls, roster, uid, nowMs, settings } = request;
  const booking = roster.bookings[uid];
  if (!booking) return new DomainError('not-found', 'noBooking');
  if (cls.status === 'cancelled') return new DomainError('failed-precondition', 'classCancelled');
  if (nowMs >= cls.startsAt) return new DomainError('failed-precondition', 'classStarted');
  return { booking, outcome: cancellationOutcome(booking, cls.startsAt, nowMs, settings) };
}

export function canLeaveWaitlist(roster: Roster, uid: string): WaitlistEntry | DomainError {
  return roster.waitlist[uid] ?? new DomainError('not-found', 'notWaiting');
}

/** Attendance: the class is not cancelled, check-in has opened, and the member is booked. */
export function checkInError(
  cls: Pick<StudioClass, 'status' | 'startsAt'>,
  roster: Roster,
  uid: string,
  nowMs: number,
  settings: Pick<Settings, 'checkInOpensMinutes'>,
): DomainError | null {
  if (cls.status === 'cancelled') return new DomainError('failed-precondition', 'classCancelled');
  if (!checkInOpen(cls.startsAt, nowMs, settings))
    return new DomainError('failed-precondition', 'checkInTooEarly', {
      minutes: settings.checkInOpensMinutes,
    });
  if (!roster.bookings[uid]) return new DomainError('not-found', 'noBooking');
  return null;
}
