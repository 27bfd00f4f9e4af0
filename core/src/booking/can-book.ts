import { DomainError } from '../errors';
import { ownValue } from '../keys';
import type { Settings } from '../settings';
import type { SeatLayout } from '../schemas/catalog';
import type { Booking, Roster, StudioClass, WaitlistEntry } from '../schemas/classes';
import type { CreditsList, User } from '../schemas/user';
import type { PayWith } from '../schemas/inputs';
import { decidePayment } from '../plans/entitlement';
import { pickCredit } from './credits';
import type { PickedCredit } from './credits';
import {
  endBooking,
  guestSeatKey,
  guestSeatRefusal,
  joinQueue,
  memberSeatsLeft,
  reserveGuestSeat,
  reserveSeat,
} from './roster';
import { virtualLayout } from './spots';
import { bookingWindowState, checkInOpen, waitlistOpen } from './window';

type ClassFacts = Pick<StudioClass, 'status' | 'startsAt' | 'capacity' | 'creditKind'>;
type Rules = Pick<Settings, 'bookingWindowDays' | 'waitlistCutoffMinutes'>;

/** The layout a class books against: its own, or "1" … capacity. */
export function layoutForClass(
  cls: Pick<StudioClass, 'capacity'>,
  layout: SeatLayout | null | undefined,
): SeatLayout {
  return layout ?? virtualLayout(cls.capacity);
}

/**
 * Class-level reasons nobody can book: cancelled, not open yet, started. The front desk books
 * outside the window (`desk`): a member at the door, after the start, or weeks ahead.
 */
export function classBookingError(
  cls: ClassFacts,
  nowMs: number,
  settings: Pick<Settings, 'bookingWindowDays'>,
  desk = false,
): DomainError | null {
  if (cls.status === 'cancelled') return new DomainError('failed-precondition', 'classCancelled');
  if (desk) return null;
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
 * class's kind still valid when the class starts. Returns the credit to use.
 */
export function creditForClass(
  waiverAccepted: boolean,
  credits: CreditsList | null | undefined,
  cls: Pick<StudioClass, 'startsAt' | 'creditKind'>,
  nowMs: number,
): PickedCredit | DomainError {
  if (!waiverAccepted) return new DomainError('failed-precondition', 'waiverNotAccepted');
  const picked = pickCredit(credits, cls.creditKind, cls.startsAt);
  if (picked) return picked;
  // Credits that work today but lapse before the class deserve their own explanation.
  const usableNow = pickCredit(credits, cls.creditKind, nowMs);
  return new DomainError(
    'failed-precondition',
    usableNow ? 'creditExpiresBeforeClass' : 'noUsableCredit',
  );
}

/** `creditForClass` on a stored user (null when the member has no profile). */
export function memberCredit(
  user: User | null | undefined,
  cls: Pick<StudioClass, 'startsAt' | 'creditKind'>,
  nowMs: number,
): PickedCredit | DomainError {
  return creditForClass(user?.Conditions === true, user?.['credits-list'], cls, nowMs);
}

/**
 * How the member would pay (docs/architecture/plans.md): with `timeZone` given, the
 * member's plan is weighed first (`decidePayment`, `payWith` their choice); without, a credit.
 */
export interface PaymentOptions {
  payWith?: PayWith | undefined;
  /** The studio's zone, where a plan's day, week and month are counted. */
  timeZone?: string | undefined;
  guest?: boolean | undefined;
}

export type MemberPayment =
  { paidBy: 'plan'; planName: string } | { paidBy: 'credits'; credit: PickedCredit };

/**
 * Waiver first, then the plan when it pays for the class, else a credit of the class's kind valid
 * at the start; with no credit either, the plan's reason (cap reached, blocked…) is what the
 * member hears, not "no credit".
 */
export function memberPayment(
  user: User | null | undefined,
  cls: Pick<StudioClass, 'startsAt' | 'creditKind'> &
    Partial<Pick<StudioClass, 'exercise' | 'branch'>>,
  nowMs: number,
  options: PaymentOptions = {},
): MemberPayment | DomainError {
  if (user?.Conditions !== true) return new DomainError('failed-precondition', 'waiverNotAccepted');
  if (options.timeZone === undefined) {
    const credit = memberCredit(user, cls, nowMs);
    return credit instanceof DomainError ? credit : { paidBy: 'credits', credit };
  }
  const decision = decidePayment({
    membership: user.membership,
    bookingCredits: user['booking-credits'] ?? {},
    cls: { startsAt: cls.startsAt, exercise: cls.exercise ?? '', branch: cls.branch ?? '' },
    guest: options.guest,
    timeZone: options.timeZone,
    nowMs,
    payWith: options.payWith,
  });
  if (decision instanceof DomainError) return decision;
  if (decision.payWith === 'plan') return { paidBy: 'plan', planName: decision.planName };
  const credit = memberCredit(user, cls, nowMs);
  if (credit instanceof DomainError) return decision.planRefusal ?? credit;
  return { paidBy: 'credits', credit };
}

export interface BookingRequest extends PaymentOptions {
  cls: ClassFacts & Partial<Pick<StudioClass, 'exercise' | 'branch'>>;
  roster: Roster;
  /** The class's seat layout; omit for a capacity-only class. */
  layout?: SeatLayout | null;
  user: User | null | undefined;
  uid: string;
  spot?: string | undefined;
  nowMs: number;
  settings: Rules;
  /** Booked by the front desk: the booking window does not apply (`classBookingError`). */
  desk?: boolean | undefined;
}

export interface BookingGrant {
  spot: string;
  /** The credit it would use (absent when the plan pays). */
  creditId?: string;
  credit?: PickedCredit['credit'];
  paidBy: 'plan' | 'credits';
}

function grantOf(spot: string, payment: MemberPayment): BookingGrant {
  return payment.paidBy === 'plan'
    ? { spot, paidBy: 'plan' }
    : { spot, creditId: payment.credit.id, credit: payment.credit.credit, paidBy: 'credits' };
}

export type RosterBookingRequest = Pick<
  BookingRequest,
  'cls' | 'roster' | 'uid' | 'nowMs' | 'settings' | 'desk'
>;

/**
 * What the class and its roster alone say about a booking, before anything about the member:
 * class state, cancelled by the studio, already booked, no seat left for a direct booking. A
 * full class answers "full" whoever asks (docs/architecture/booking.md#throughput-on-one-instance),
 * so in a rush the answer for nearly everyone needs no read of their own node.
 */
export function rosterBookingError(request: RosterBookingRequest): DomainError | null {
  const { cls, roster, uid, nowMs, settings } = request;
  const classError = classBookingError(cls, nowMs, settings, request.desk === true);
  if (classError) return classError;
  if (roster.cancellation) return new DomainError('failed-precondition', 'classCancelled');
  if (roster.bookings[uid]) return new DomainError('failed-precondition', 'alreadyBooked');
  if (memberSeatsLeft(cls, roster, nowMs, settings) === 0)
    return new DomainError('resource-exhausted', 'classFull');
  return null;
}

/**
 * Every booking rule in order: class state, cancelled, already booked, seats (the roster's
 * answers, `rosterBookingError`), then waiver, credit, spot. The callable checks the same rules
 * up front (so a refusal writes nothing) and again inside its transactions (so a race cannot
 * slip past them).
 */
export function canBook(request: BookingRequest): BookingGrant | DomainError {
  const { cls, roster, uid, nowMs, settings } = request;
  const refusal = rosterBookingError(request);
  if (refusal) return refusal;
  const payment = memberPayment(request.user, cls, nowMs, request);
  if (payment instanceof DomainError) return payment;
  const reserved = reserveSeat(roster, {
    cls,
    layout: layoutForClass(cls, request.layout),
    settings,
    uid,
    bookingId: 'check',
    spot: request.spot,
    nowMs,
    via: request.desk === true ? 'desk' : 'member',
  });
  if (reserved instanceof DomainError) return reserved;
  return grantOf(reserved.booking.spot, payment);
}

/**
 * Guest seats one member may hold in the class: the class's own `guestsPerMember`, else the
 * studio's; 0 when the studio has turned guest bookings off.
 */
export function guestLimit(
  cls: Pick<StudioClass, 'guestsPerMember'>,
  settings: Pick<Settings, 'guestBookingsEnabled' | 'guestsPerMember'>,
): number {
  if (!settings.guestBookingsEnabled) return 0;
  return cls.guestsPerMember ?? settings.guestsPerMember;
}

export interface GuestBookingRequest extends RosterBookingRequest {
  cls: ClassFacts & Pick<StudioClass, 'guestsPerMember'>;
  settings: Rules & Pick<Settings, 'guestBookingsEnabled' | 'guestsPerMember'>;
}

/**
 * What the class and its roster alone say about a guest seat for `uid`, in order: class state
 * (cancelled, not open, started), guest seats off here, cancelled by the studio, no booking of
 * the member's own, their guest limit reached, no seat left
 * (docs/architecture/booking.md#guest-seats).
 */
export function rosterGuestError(request: GuestBookingRequest): DomainError | null {
  const { cls, roster, uid, nowMs, settings } = request;
  const classError = classBookingError(cls, nowMs, settings);
  if (classError) return classError;
  const refusal = guestSeatRefusal(roster, uid, guestLimit(cls, settings));
  if (refusal) return refusal;
  if (memberSeatsLeft(cls, roster, nowMs, settings) === 0)
    return new DomainError('resource-exhausted', 'classFull');
  return null;
}

/**
 * Every rule for a guest seat, checked before anything is written: the roster's
 * (`rosterGuestError`), then the member's waiver and a credit of theirs for the class, then the
 * spot.
 */
export function canBookGuest(
  request: GuestBookingRequest &
    Pick<BookingRequest, 'user' | 'layout' | 'spot'> &
    PaymentOptions & { guestName: string },
): BookingGrant | DomainError {
  const { cls, roster, uid, nowMs, settings } = request;
  const refusal = rosterGuestError(request);
  if (refusal) return refusal;
  const payment = memberPayment(request.user, cls, nowMs, { ...request, guest: true });
  if (payment instanceof DomainError) return payment;
  const reserved = reserveGuestSeat(roster, {
    cls,
    layout: layoutForClass(cls, request.layout),
    settings,
    uid,
    bookingId: 'check',
    requestId: 'check',
    guestName: request.guestName,
    limit: guestLimit(cls, settings),
    spot: request.spot,
    nowMs,
  });
  if (reserved instanceof DomainError) return reserved;
  return grantOf(reserved.booking.spot, payment);
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
  const joined = joinQueue(roster, { cls, settings, uid, nowMs });
  if (joined instanceof DomainError) return joined;
  return { position: joined.position };
}

export interface CancelRequest {
  cls: Pick<StudioClass, 'status' | 'startsAt' | 'capacity'>;
  roster: Roster;
  uid: string;
  /** One of the member's guest seats instead of their own booking. */
  guestBookingId?: string | undefined;
  nowMs: number;
  settings: Pick<Settings, 'cancellationWindowHours' | 'waitlistCutoffMinutes'>;
}

/**
 * The roster key a cancel ends: the member's uid, or the key of a guest seat they booked
 * (anyone else's guest seat is "no such guest booking").
 */
export function cancelKey(
  roster: Roster,
  uid: string,
  guestBookingId: string | undefined,
): string | DomainError {
  if (guestBookingId === undefined) return uid;
  const key = guestSeatKey(guestBookingId);
  const booking = ownValue(roster.bookings, key);
  if (booking?.uid !== uid || booking.guestName === undefined)
    return new DomainError('not-found', 'noGuestBooking');
  return key;
}

/**
 * A member's cancel of their booking or one of their guest seats: needs it in a class that has
 * not started; says refund or late (the same window for both).
 */
export function canCancel(
  request: CancelRequest,
): { booking: Booking; key: string; outcome: 'refund' | 'late' } | DomainError {
  const { cls, roster, uid, nowMs, settings } = request;
  const key = cancelKey(roster, uid, request.guestBookingId);
  if (key instanceof DomainError) return key;
  const booking = roster.bookings[key];
  if (!booking) return new DomainError('not-found', 'noBooking');
  if (cls.status === 'cancelled') return new DomainError('failed-precondition', 'classCancelled');
  const ended = endBooking(roster, key, { cls, settings, nowMs });
  if (ended instanceof DomainError) return ended;
  const outcome = ended.ended.outcome === 'late' ? 'late' : 'refund';
  return { booking, key, outcome };
}

export function canLeaveWaitlist(roster: Roster, uid: string): WaitlistEntry | DomainError {
  return roster.waitlist[uid] ?? new DomainError('not-found', 'notWaiting');
}

/**
 * Attendance: the class is not cancelled, check-in has opened, and the member (or guest seat:
 * `key` is a uid or a guest seat's key) is booked.
 */
export function checkInError(
  cls: Pick<StudioClass, 'status' | 'startsAt'>,
  roster: Roster,
  key: string,
  nowMs: number,
  settings: Pick<Settings, 'checkInOpensMinutes'>,
): DomainError | null {
  if (cls.status === 'cancelled' || roster.cancellation)
    return new DomainError('failed-precondition', 'classCancelled');
  if (!checkInOpen(cls.startsAt, nowMs, settings))
    return new DomainError('failed-precondition', 'checkInTooEarly', {
      minutes: settings.checkInOpensMinutes,
    });
  const booking = ownValue(roster.bookings, key);
  if (!booking || booking.pending === true) return new DomainError('not-found', 'noBooking');
  return null;
}
