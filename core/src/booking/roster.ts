/**
 * Pure roster transitions, one per roster transaction (docs/decisions/030-booking-protocol.md). Each
 * returns a new roster and leaves its input untouched, so a retried transaction starts from
 * fresh data; "nothing to do" returns the input itself, so the caller can tell.
 */
import { DomainError } from '../errors';
import type { Settings } from '../settings';
import type { SeatLayout } from '../schemas/catalog';
import type {
  Attendance,
  Booking,
  EndedBooking,
  Roster,
  StudioClass,
  WaitlistDeparture,
  WaitlistEntry,
} from '../schemas/classes';
import { capacityLeft, validateSpot } from './spots';
import { cancellationOutcome, promotionAllowed } from './window';

type ClassFacts = Pick<StudioClass, 'status' | 'startsAt' | 'capacity'>;
type QueueRules = Pick<Settings, 'bookingWindowDays' | 'waitlistCutoffMinutes'>;

/**
 * The roster key of a guest seat ("bring a friend"): under `bookings`, next to the members'
 * own bookings keyed by uid, so every seat rule counts it
 * (docs/architecture/booking.md#guest-seats).
 */
export function guestSeatKey(bookingId: string): string {
  return `guest-${bookingId}`;
}

/** Where a booking sits in the roster: the member's uid, or its guest seat key. */
export function rosterKey(booking: Pick<Booking, 'uid' | 'bookingId' | 'guestName'>): string {
  return booking.guestName === undefined ? booking.uid : guestSeatKey(booking.bookingId);
}

/** The guest seats `uid` holds in this class (pending ones included). */
export function guestSeatsOf(roster: Roster, uid: string): Booking[] {
  return Object.values(roster.bookings).filter(
    (booking) => booking.guestName !== undefined && booking.uid === uid,
  );
}

/** The waiting list in FIFO order: by `seq`, then join time, then uid. */
export function waitlistQueue(roster: Roster): WaitlistEntry[] {
  return Object.values(roster.waitlist).sort(
    (a, b) =>
      a.seq - b.seq || a.joinedAt - b.joinedAt || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0),
  );
}

/** 1-based place in the queue, or undefined when not waiting. */
export function waitlistPosition(roster: Roster, uid: string): number | undefined {
  const index = waitlistQueue(roster).findIndex((entry) => entry.uid === uid);
  return index < 0 ? undefined : index + 1;
}

/** uid → 1-based place, for everyone waiting. */
export function waitlistPositions(roster: Roster): Record<string, number> {
  return Object.fromEntries(waitlistQueue(roster).map((entry, index) => [entry.uid, index + 1]));
}

/**
 * Seats a member booking directly may take. While members wait and promotion is still
 * possible, free seats are theirs (FIFO), so a direct booking sees none.
 */
export function memberSeatsLeft(
  cls: ClassFacts,
  roster: Roster,
  nowMs: number,
  settings: QueueRules,
): number {
  const left = capacityLeft(cls, roster);
  const owedToQueue =
    Object.keys(roster.waitlist).length > 0 && promotionAllowed(cls, nowMs, settings);
  return owedToQueue ? 0 : left;
}

/** Takes members off the queue, recording how each stay ended. */
function withDepartures(
  roster: Roster,
  departures: readonly { entry: WaitlistEntry; status: WaitlistDeparture }[],
  at: number,
): Roster {
  if (departures.length === 0) return roster;
  const waitlist = { ...roster.waitlist };
  const departed = { ...roster.departed };
  for (const { entry, status } of departures) {
    delete waitlist[entry.uid];
    departed[entry.uid] = { seq: entry.seq, joinedAt: entry.joinedAt, status, at };
  }
  return { ...roster, waitlist, departed };
}

/**
 * Adds the booking and takes its spot. A waiting member leaves the queue: promoted when the
 * booking came from it, otherwise they booked a seat themselves (after the cut-off).
 */
export function withBooking(roster: Roster, booking: Booking): Roster {
  const booked = {
    ...roster,
    spots: { ...roster.spots, [booking.spot]: true as const },
    bookings: { ...roster.bookings, [rosterKey(booking)]: booking },
  };
  const waiting = booking.guestName === undefined ? roster.waitlist[booking.uid] : undefined;
  if (!waiting) return booked;
  const status = booking.via === 'waitlist' ? 'promoted' : 'left';
  return withDepartures(booked, [{ entry: waiting, status }], booking.bookedAt);
}

/** Removes the booking at `key` (a uid or a guest seat key) and frees its spot. */
export function withoutBooking(roster: Roster, key: string): Roster {
  const booking = roster.bookings[key];
  if (!booking) return roster;
  const { [key]: _booking, ...bookings } = roster.bookings;
  const { [booking.spot]: _spot, ...spots } = roster.spots;
  return { ...roster, spots, bookings };
}

export interface SeatRequest {
  cls: ClassFacts;
  /** The class's layout (`layoutForClass`). */
  layout: SeatLayout;
  settings: QueueRules;
  uid: string;
  bookingId: string;
  spot?: string | undefined;
  nowMs: number;
  via: Booking['via'];
  name?: string | undefined;
}

/**
 * What the "full" rule reads of a roster: the booked uids (keys; the bookings themselves are
 * not read), a cancellation and the roster's capacity. A parsed `Roster` is one; so is what a
 * caller takes off a stored roster node before parsing it, which is what makes the rule cheap
 * enough to answer a rush (functions/src/handlers/booking/book-class.ts).
 */
export interface SeatCount {
  bookings: Readonly<Record<string, unknown>>;
  cancellation?: unknown;
  capacity?: number | undefined;
}

/**
 * The class refuses a new booking because every seat is taken (`classFull`); null when a seat
 * is free, and also when the class is cancelled or the member holds a booking already, which are
 * `reserveSeat`'s earlier answers (same precedence, so the quick check and the transaction
 * agree). Seats owed to the waiting list are `reserveSeat`'s own further rule.
 */
export function fullClassRefusal(
  cls: Pick<StudioClass, 'capacity'>,
  roster: SeatCount,
  uid: string,
): DomainError | null {
  if (roster.cancellation !== undefined || uid in roster.bookings) return null;
  const seats = roster.capacity ?? cls.capacity;
  return Object.keys(roster.bookings).length >= seats
    ? new DomainError('resource-exhausted', 'classFull')
    : null;
}

/**
 * Reserves a seat: the booking is written `pending` until the member's credit is consumed.
 * Refuses a cancelled class, a second booking, a full class (for a direct booking, also while
 * the free seats are owed to the waiting list) and a bad or taken spot. A promotion (`via:
 * 'waitlist'`) needs the member still waiting.
 */
export function reserveSeat(
  roster: Roster,
  request: SeatRequest,
): { roster: Roster; booking: Booking } | DomainError {
  const { uid, bookingId, nowMs, via } = request;
  if (roster.cancellation) return new DomainError('failed-precondition', 'classCancelled');
  const existing = roster.bookings[uid];
  if (existing?.bookingId === bookingId) return { roster, booking: existing };
  if (existing) return new DomainError('failed-precondition', 'alreadyBooked');
  if (via === 'waitlist' && !roster.waitlist[uid])
    return new DomainError('not-found', 'notWaiting');
  const full = fullClassRefusal(request.cls, roster, uid);
  if (full) return full;
  // A direct booking also finds no seat while the free ones are owed to the waiting list.
  if (via !== 'waitlist' && memberSeatsLeft(request.cls, roster, nowMs, request.settings) === 0) {
    return new DomainError('resource-exhausted', 'classFull');
  }
  const spot = validateSpot(request.layout, roster, request.spot, uid);
  if (spot instanceof DomainError) return spot;
  const booking: Booking = { bookingId, uid, spot, bookedAt: nowMs, via, pending: true };
  if (via === 'waitlist') booking.promotedAt = nowMs;
  if (request.name !== undefined) booking.name = request.name;
  return { roster: withBooking(roster, booking), booking };
}

export interface GuestSeatRequest extends Omit<SeatRequest, 'via'> {
  guestName: string;
  /** The caller's idempotency key: a seat already booked with it is returned as it is. */
  requestId: string;
  /** Guest seats the member may hold in this class (`guestLimit`). */
  limit: number;
}

/**
 * The roster's reasons a member may not add a guest seat now: the studio takes none here
 * (`limit` 0), the class is cancelled, the member holds no paid booking of their own (a pending
 * one may still go back), or holds `limit` guest seats already. Seats are `reserveGuestSeat`'s
 * further rule.
 */
export function guestSeatRefusal(roster: Roster, uid: string, limit: number): DomainError | null {
  if (limit <= 0) return new DomainError('failed-precondition', 'guestBookingsOff');
  if (roster.cancellation) return new DomainError('failed-precondition', 'classCancelled');
  const own = roster.bookings[uid];
  if (!own || own.pending === true)
    return new DomainError('failed-precondition', 'guestNeedsOwnBooking');
  if (guestSeatsOf(roster, uid).length >= limit)
    return new DomainError('failed-precondition', 'guestLimitReached', { max: limit });
  return null;
}

/**
 * Reserves a guest seat, `pending` until the member's credit is consumed, under
 * `guestSeatKey(bookingId)`: the member's own booking first (`guestSeatRefusal`), then the same
 * seat and spot rules as `reserveSeat`. A seat this member already booked with `requestId` is
 * returned unchanged, so a repeated call books nothing twice.
 */
export function reserveGuestSeat(
  roster: Roster,
  request: GuestSeatRequest,
): { roster: Roster; booking: Booking } | DomainError {
  const { uid, bookingId, nowMs, requestId } = request;
  const earlier = guestSeatsOf(roster, uid).find((booking) => booking.requestId === requestId);
  if (earlier && !roster.cancellation) return { roster, booking: earlier };
  const refusal = guestSeatRefusal(roster, uid, request.limit);
  if (refusal) return refusal;
  const key = guestSeatKey(bookingId);
  const full = fullClassRefusal(request.cls, roster, key);
  if (full) return full;
  if (memberSeatsLeft(request.cls, roster, nowMs, request.settings) === 0)
    return new DomainError('resource-exhausted', 'classFull');
  const spot = validateSpot(request.layout, roster, request.spot, key);
  if (spot instanceof DomainError) return spot;
  const booking: Booking = {
    bookingId,
    uid,
    spot,
    bookedAt: nowMs,
    via: 'member',
    pending: true,
    guestName: request.guestName,
    requestId,
  };
  if (request.name !== undefined) booking.name = request.name;
  return { roster: withBooking(roster, booking), booking };
}

/**
 * Confirms a pending booking once its credit is consumed. Works on the booking node alone;
 * returns null when there is nothing to do (the booking ended, or is confirmed already).
 */
export function confirmedBooking(
  booking: Booking | null,
  bookingId: string,
  creditId: string,
): Booking | null {
  if (booking?.bookingId !== bookingId) return null;
  if (booking.pending !== true && booking.creditId === creditId) return null;
  const { pending: _pending, ...rest } = booking;
  return { ...rest, creditId };
}

/**
 * Gives back a seat whose credit could not be consumed; only that pending booking. A promoted
 * member who could not pay for the seat was skipped.
 */
export function releaseSeat(roster: Roster, key: string, bookingId: string, nowMs: number): Roster {
  const booking = roster.bookings[key];
  if (booking?.bookingId !== bookingId || booking.pending !== true) return roster;
  const released = withoutBooking(roster, key);
  const { uid } = booking;
  const departed = released.departed[uid];
  if (booking.via !== 'waitlist' || departed?.status !== 'promoted') return released;
  return {
    ...released,
    departed: { ...released.departed, [uid]: { ...departed, status: 'skipped', at: nowMs } },
  };
}

function endedFrom(booking: Booking, endedAt: number, outcome: EndedBooking['outcome']) {
  const ended: EndedBooking = {
    bookingId: booking.bookingId,
    uid: booking.uid,
    spot: booking.spot,
    bookedAt: booking.bookedAt,
    via: booking.via,
    endedAt,
    outcome,
    settled: false,
  };
  if (booking.promotedAt !== undefined) ended.promotedAt = booking.promotedAt;
  if (booking.name !== undefined) ended.name = booking.name;
  if (booking.guestName !== undefined) ended.guestName = booking.guestName;
  return ended;
}

export interface EndRequest {
  cls: ClassFacts;
  settings: Pick<Settings, 'cancellationWindowHours' | 'waitlistCutoffMinutes'>;
  nowMs: number;
}

/**
 * A member's cancel: frees the seat and records the booking under `ended` with the outcome
 * (refund or late) and `settled: false`, in the same transaction. `key` is the member's uid,
 * or a guest seat's key (the same window and refund rules).
 */
export function endBooking(
  roster: Roster,
  key: string,
  request: EndRequest,
): { roster: Roster; ended: EndedBooking } | DomainError {
  const booking = roster.bookings[key];
  if (!booking) return new DomainError('not-found', 'noBooking');
  if (roster.cancellation) return new DomainError('failed-precondition', 'classCancelled');
  if (request.nowMs >= request.cls.startsAt)
    return new DomainError('failed-precondition', 'classStarted');
  const outcome = cancellationOutcome(
    booking,
    request.cls.startsAt,
    request.nowMs,
    request.settings,
  );
  const ended = endedFrom(booking, request.nowMs, outcome);
  const next = withoutBooking(roster, key);
  return { roster: { ...next, ended: { ...next.ended, [ended.bookingId]: ended } }, ended };
}

export interface SpotMove {
  cls: Pick<StudioClass, 'startsAt'>;
  /** The class's layout (`layoutForClass`). */
  layout: SeatLayout;
  spot: string;
  nowMs: number;
}

/**
 * `changeSpot`: the member's booking moves to another free spot in the same roster
 * transaction that frees the old one; the booking (and its credit) is otherwise untouched.
 * Refuses a cancelled or started class, a member without a booking, and a bad or taken spot;
 * asking for the spot already held changes nothing.
 */
export function moveBooking(
  roster: Roster,
  uid: string,
  move: SpotMove,
): { roster: Roster; booking: Booking } | DomainError {
  if (roster.cancellation) return new DomainError('failed-precondition', 'classCancelled');
  const booking = roster.bookings[uid];
  if (!booking) return new DomainError('not-found', 'noBooking');
  if (move.nowMs >= move.cls.startsAt)
    return new DomainError('failed-precondition', 'classStarted');
  const spot = validateSpot(move.layout, roster, move.spot, uid);
  if (spot instanceof DomainError) return spot;
  if (spot === booking.spot) return { roster, booking };
  const { [booking.spot]: _old, ...spots } = roster.spots;
  const moved: Booking = { ...booking, spot };
  return {
    roster: {
      ...roster,
      spots: { ...spots, [spot]: true },
      bookings: { ...roster.bookings, [uid]: moved },
    },
    booking: moved,
  };
}

/** Marks an ended booking's credit as settled; null when there is nothing to do. */
export function settledEnded(ended: EndedBooking | null): EndedBooking | null {
  if (ended === null || ended.settled) return null;
  return { ...ended, settled: true };
}

/**
 * The studio cancels the class: every booking ends with 'class-cancelled', the waiting list
 * is emptied (its members recorded as removed, to be told), and the roster refuses every later
 * booking. A second call changes nothing.
 */
export function cancelRoster(
  roster: Roster,
  request: { nowMs: number; reason: string; by: string },
): { roster: Roster; ended: EndedBooking[]; waiting: WaitlistEntry[] } {
  if (roster.cancellation) return { roster, ended: [], waiting: [] };
  const ended = Object.values(roster.bookings).map((booking) =>
    endedFrom(booking, request.nowMs, 'class-cancelled'),
  );
  const waiting = waitlistQueue(roster);
  const emptied = withDepartures(
    roster,
    waiting.map((entry) => ({ entry, status: 'removed' as const })),
    request.nowMs,
  );
  return {
    roster: {
      ...emptied,
      spots: {},
      bookings: {},
      ended: {
        ...roster.ended,
        ...Object.fromEntries(ended.map((entry) => [entry.bookingId, entry])),
      },
      cancellation: { at: request.nowMs, reason: request.reason, by: request.by, done: false },
    },
    ended,
    waiting,
  };
}

export function withCancellationDone(roster: Roster): Roster {
  if (!roster.cancellation || roster.cancellation.done) return roster;
  return { ...roster, cancellation: { ...roster.cancellation, done: true } };
}

/** Appends to the queue with the next sequence number (forgetting an earlier stay). */
export function withWaitlistEntry(
  roster: Roster,
  uid: string,
  joinedAt: number,
  name?: string,
): Roster {
  const entry: WaitlistEntry = { uid, joinedAt, seq: roster.waitlistSeq };
  if (name !== undefined) entry.name = name;
  const { [uid]: _earlier, ...departed } = roster.departed;
  return {
    ...roster,
    waitlist: { ...roster.waitlist, [uid]: entry },
    waitlistSeq: roster.waitlistSeq + 1,
    departed,
  };
}

/** Takes the member off the queue as having left it themself. */
export function withoutWaitlistEntry(roster: Roster, uid: string, nowMs = 0): Roster {
  const entry = roster.waitlist[uid];
  if (!entry) return roster;
  return withDepartures(roster, [{ entry, status: 'left' }], nowMs);
}

export interface QueueRequest {
  cls: ClassFacts;
  settings: QueueRules;
  uid: string;
  nowMs: number;
  name?: string | undefined;
}

/** Joins the queue: the class is not cancelled, has no seat for the member, and they are in neither list. */
export function joinQueue(
  roster: Roster,
  request: QueueRequest,
): { roster: Roster; position: number } | DomainError {
  const { uid } = request;
  if (roster.cancellation) return new DomainError('failed-precondition', 'classCancelled');
  if (roster.bookings[uid]) return new DomainError('failed-precondition', 'alreadyBooked');
  if (roster.waitlist[uid]) return new DomainError('failed-precondition', 'alreadyWaiting');
  if (memberSeatsLeft(request.cls, roster, request.nowMs, request.settings) > 0)
    return new DomainError('failed-precondition', 'notFull');
  const next = withWaitlistEntry(roster, uid, request.nowMs, request.name);
  return { roster: next, position: Object.keys(next.waitlist).length };
}

/** Leaves the queue; refuses a member who is not in it. */
export function leaveQueue(
  roster: Roster,
  uid: string,
  nowMs: number,
): { roster: Roster; entry: WaitlistEntry } | DomainError {
  const entry = roster.waitlist[uid];
  if (!entry) return new DomainError('not-found', 'notWaiting');
  return { roster: withoutWaitlistEntry(roster, uid, nowMs), entry };
}

/**
 * Takes a waiting member who cannot be promoted off the queue (only that same entry): 'skipped'
 * without a usable credit or waiver, 'past-cutoff' past their own promotion cut-off.
 */
export function skipQueued(
  roster: Roster,
  entry: WaitlistEntry,
  nowMs: number,
  status: Extract<WaitlistDeparture, 'skipped' | 'past-cutoff'> = 'skipped',
): Roster {
  if (roster.waitlist[entry.uid]?.seq !== entry.seq) return roster;
  return withDepartures(roster, [{ entry, status }], nowMs);
}

/** After the cut-off nobody can be promoted: the queue closes. */
export function closeQueue(
  roster: Roster,
  nowMs: number,
): { roster: Roster; removed: WaitlistEntry[] } {
  const removed = waitlistQueue(roster);
  if (removed.length === 0) return { roster, removed };
  const closed = withDepartures(
    roster,
    removed.map((entry) => ({ entry, status: 'closed' as const })),
    nowMs,
  );
  return { roster: closed, removed };
}

/** Attendance on a confirmed booking; `key` is a uid or a guest seat's key. */
export function markAttendance(
  roster: Roster,
  key: string,
  mark: { status: Attendance; by: string; nowMs: number },
): { roster: Roster; booking: Booking } | DomainError {
  const booking = roster.bookings[key];
  if (!booking || booking.pending === true) return new DomainError('not-found', 'noBooking');
  if (booking.attendance === mark.status) return { roster, booking };
  const marked: Booking = {
    ...booking,
    attendance: mark.status,
    checkedInAt: mark.nowMs,
    checkedInBy: mark.by,
  };
  return {
    roster: { ...roster, bookings: { ...roster.bookings, [key]: marked } },
    booking: marked,
  };
}
