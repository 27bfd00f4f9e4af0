import { z } from 'zod';
import { creditKindSchema, epochMsSchema, keySchema, rtdbMap, textSchema } from './common';
import { dateSchema, hourSchema } from '../time';
import { MAX_GUESTS_PER_MEMBER } from '../settings';

export const CLASS_STATUSES = ['scheduled', 'cancelled'] as const;
export const classStatusSchema = z.enum(CLASS_STATUSES);
export type ClassStatus = z.infer<typeof classStatusSchema>;

export const MAX_CLASS_CAPACITY = 500;

/**
 * `Classes/{classId}`. `date`/`hour` are studio-local, `startsAt` the same instant in epoch ms;
 * the calendar queries `orderByChild('date')` over one week
 * (docs/decisions/010-class-date-index.md).
 */
export const classSchema = z.object({
  /** Display title; the exercise name when missing. */
  name: textSchema(100).optional(),
  branch: keySchema,
  date: dateSchema,
  hour: hourSchema,
  startsAt: epochMsSchema,
  /** Minutes. */
  duration: z.number().int().min(5).max(600),
  exercise: keySchema,
  coach: keySchema,
  /**
   * The coach who takes the class instead of `coach` (`assignSubstitute`); `coach` stays the
   * class's own. Absent: `coach` teaches (core/src/desk/teaching.ts).
   */
  substitute: keySchema.optional(),
  /** When the substitute was assigned, and by whom (an admin or the front desk). */
  substituteAt: epochMsSchema.optional(),
  substituteBy: keySchema.optional(),
  /** Seat layout; without one the spots are "1" … capacity. */
  layout: keySchema.optional(),
  capacity: z.number().int().min(1).max(MAX_CLASS_CAPACITY),
  creditKind: creditKindSchema.default('regular'),
  status: classStatusSchema.default('scheduled'),
  cancelReason: textSchema(200).optional(),
  cancelledAt: epochMsSchema.optional(),
  /** Denormalised from the roster for the calendar; the roster is the truth. */
  bookedCount: z.number().int().min(0).default(0),
  waitlistCount: z.number().int().min(0).default(0),
  /** The roster version the counts were taken from. */
  rosterVersion: z.number().int().min(0).optional(),
  /** A special event's class. */
  eventId: keySchema.optional(),
  /** Guest seats one member may book in this class; absent: `Settings.guestsPerMember`. */
  guestsPerMember: z.number().int().min(0).max(MAX_GUESTS_PER_MEMBER).optional(),
  createdAt: epochMsSchema.optional(),
  createdBy: keySchema.optional(),
});
export type StudioClass = z.infer<typeof classSchema>;
export type Class = StudioClass;

/** How a seat was taken: by the member, from the waiting list, by an admin or at the front desk. */
export const BOOKING_VIAS = ['member', 'waitlist', 'admin', 'desk'] as const;

/** A guest's name as the member types it: trimmed, 1–60 characters. */
export const guestNameSchema = z.string().trim().min(1).max(60);
export const ATTENDANCE_STATUSES = ['attended', 'no-show'] as const;
export const attendanceSchema = z.enum(ATTENDANCE_STATUSES);
export type Attendance = z.infer<typeof attendanceSchema>;

/**
 * `ClassRoster/{classId}/bookings/{uid}` (a guest seat: `bookings/guest-{bookingId}`). A booking
 * is written `pending` (its seat reserved)
 * and confirmed with `creditId` once the member's credit is consumed
 * (docs/decisions/030-booking-protocol.md).
 */
export const bookingSchema = z.object({
  /** The booking's business id (a push id): names its ledger entries and its credit record. */
  bookingId: keySchema,
  uid: keySchema,
  spot: keySchema,
  bookedAt: epochMsSchema,
  via: z.enum(BOOKING_VIAS).default('member'),
  /** Seat reserved, credit not consumed yet; the reconciler settles it after a crash. */
  pending: z.literal(true).optional(),
  /** The credit consumed; set when the booking is confirmed. */
  creditId: keySchema.optional(),
  /** Set when the booking came from the waiting list (it changes the cancel rule). */
  promotedAt: epochMsSchema.optional(),
  attendance: attendanceSchema.optional(),
  checkedInAt: epochMsSchema.optional(),
  checkedInBy: keySchema.optional(),
  /** Member's name for the coach's list. */
  name: z.string().max(200).optional(),
  /**
   * A guest seat ("bring a friend"): the guest's name. `uid` is the member who booked and paid
   * for it; the roster keys it `guestSeatKey(bookingId)` (docs/architecture/booking.md#guest-seats).
   */
  guestName: guestNameSchema.optional(),
  /** The caller's idempotency key for a guest seat: a repeated call finds this booking. */
  requestId: keySchema.optional(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** Why a booking ended before its class: the member in time, the member late, the studio. */
export const BOOKING_END_OUTCOMES = ['refund', 'late', 'class-cancelled'] as const;
export const bookingEndOutcomeSchema = z.enum(BOOKING_END_OUTCOMES);
export type BookingEndOutcome = z.infer<typeof bookingEndOutcomeSchema>;

/**
 * `ClassRoster/{classId}/ended/{bookingId}`: a cancelled booking. Written in the same
 * transaction that frees the seat, with `settled: false` until the member's credit has been
 * refunded or forfeited, so a crash in between leaves a trace the reconciler finishes.
 */
export const endedBookingSchema = z.object({
  bookingId: keySchema,
  uid: keySchema,
  spot: keySchema,
  bookedAt: epochMsSchema,
  via: z.enum(BOOKING_VIAS).default('member'),
  promotedAt: epochMsSchema.optional(),
  endedAt: epochMsSchema,
  outcome: bookingEndOutcomeSchema,
  settled: z.boolean().default(false),
  name: z.string().max(200).optional(),
  guestName: guestNameSchema.optional(),
});
export type EndedBooking = z.infer<typeof endedBookingSchema>;

/** `ClassRoster/{classId}/waitlist/{uid}`; FIFO by `seq`. */
export const waitlistEntrySchema = z.object({
  uid: keySchema,
  joinedAt: epochMsSchema,
  /** From the roster's `waitlistSeq` counter, taken in the same transaction: strict FIFO. */
  seq: z.number().int().min(0),
  name: z.string().max(200).optional(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/** Set on the roster by `cancelClass`, in the transaction that ends every booking. */
export const rosterCancellationSchema = z.object({
  at: epochMsSchema,
  reason: textSchema(200),
  by: z.string().max(128),
  /** Class status, refunds, notifications and views all done. */
  done: z.boolean().default(false),
});
export type RosterCancellation = z.infer<typeof rosterCancellationSchema>;

/** Why a member is no longer on the waiting list. */
export const WAITLIST_DEPARTURES = [
  'promoted',
  'left',
  'skipped',
  'removed',
  'closed',
  'past-cutoff',
] as const;
export const waitlistDepartureSchema = z.enum(WAITLIST_DEPARTURES);
export type WaitlistDeparture = z.infer<typeof waitlistDepartureSchema>;

/**
 * `ClassRoster/{classId}/departed/{uid}`: the member's last stay on the waiting list and how it
 * ended, written in the transaction that took them off, so "My Waiting List" can always be
 * rebuilt from the roster alone.
 */
export const departedEntrySchema = z.object({
  seq: z.number().int().min(0),
  joinedAt: epochMsSchema,
  status: waitlistDepartureSchema,
  at: epochMsSchema,
});
export type DepartedEntry = z.infer<typeof departedEntrySchema>;

/**
 * `ClassRoster/{classId}/spots`: spot id → true. Spot ids "1", "2", … (classes without a
 * layout) come back from the database as an array with a null hole; this reads both.
 */
export const takenSpotsSchema = rtdbMap(z.literal(true));

const rosterObjectSchema = z.object({
  /**
   * spot id → true: which spots are taken, public (everyone sees the seat map); who took a
   * spot is in `bookings/{uid}.spot`, which only staff read
   * (docs/architecture/booking.md#seat-first-then-credit).
   */
  spots: takenSpotsSchema.default({}),
  /**
   * uid → the member's own booking (at most one), and `guestSeatKey(bookingId)` → a guest seat
   * a member booked (docs/architecture/booking.md#guest-seats).
   */
  bookings: rtdbMap(bookingSchema).default({}),
  waitlist: rtdbMap(waitlistEntrySchema).default({}),
  waitlistSeq: z.number().int().min(0).default(0),
  /** uid → how their last stay on the waiting list ended. */
  departed: rtdbMap(departedEntrySchema).default({}),
  /** bookingId → cancelled booking (history, and the trace of an unfinished refund). */
  ended: rtdbMap(endedBookingSchema).default({}),
  cancellation: rosterCancellationSchema.optional(),
  /**
   * The class's capacity once an admin has changed it (`updateClass`), set in a roster
   * transaction: a booking decides on this copy, inside its own roster transaction, so it can
   * never commit against a capacity read before a decrease. Absent: the class's own.
   */
  capacity: z.number().int().min(1).max(MAX_CLASS_CAPACITY).optional(),
  /**
   * Bumped by every change; views elsewhere store the version they show
   * (docs/architecture/booking.md#views).
   */
  version: z.number().int().min(0).default(0),
});

/**
 * `ClassRoster/{classId}`: everything a booking changes, in one node, so a booking is one
 * transaction. A missing node (null) is an empty roster.
 */
export const rosterSchema = z.preprocess((value) => value ?? {}, rosterObjectSchema);
export type Roster = z.infer<typeof rosterObjectSchema>;

export function emptyRoster(): Roster {
  return {
    spots: {},
    bookings: {},
    waitlist: {},
    waitlistSeq: 0,
    departed: {},
    ended: {},
    version: 0,
  };
}

export const USER_CLASS_STATUSES = [
  'booked',
  'attended',
  'no-show',
  'cancelled',
  'late-cancelled',
  'class-cancelled',
] as const;
export const userClassStatusSchema = z.enum(USER_CLASS_STATUSES);
export type UserClassStatus = z.infer<typeof userClassStatusSchema>;

/** A guest seat on the member's "My Classes" entry. */
export const userClassGuestSchema = z.object({
  name: guestNameSchema,
  spot: keySchema,
  /** What the room calls `spot`, copied like the entry's own `spotLabel`. */
  spotLabel: z.string().trim().min(1).max(10).optional(),
  status: userClassStatusSchema,
  bookedAt: epochMsSchema,
});
export type UserClassGuest = z.infer<typeof userClassGuestSchema>;

/** `UserClasses/{uid}/{classId}`: what "My Classes" lists, kept as history after a cancel. */
export const userClassSchema = z.object({
  classId: keySchema,
  /** The booking this entry shows (a member may book, cancel and book the same class again). */
  bookingId: keySchema,
  date: dateSchema,
  hour: hourSchema,
  startsAt: epochMsSchema,
  name: textSchema(100).optional(),
  exercise: keySchema.optional(),
  coach: keySchema.optional(),
  branch: keySchema.optional(),
  spot: keySchema,
  /**
   * What the room calls `spot` ("7" for `s7`), copied by the functions when they write the
   * entry (docs/architecture/booking.md#views). Absent in entries written before, and where the
   * room was gone.
   */
  spotLabel: z.string().trim().min(1).max(10).optional(),
  /**
   * What the member knows the class as: its name, else its exercise's name
   * (docs/architecture/booking.md#views).
   */
  title: textSchema(100).optional(),
  creditKind: creditKindSchema,
  status: userClassStatusSchema,
  bookedAt: epochMsSchema,
  updatedAt: epochMsSchema.optional(),
  promotedAt: epochMsSchema.optional(),
  /**
   * bookingId → the guest seats the member booked in this class, held and ended
   * (docs/architecture/booking.md#guest-seats).
   */
  guests: rtdbMap(userClassGuestSchema).optional(),
  /** The roster version this entry was computed from; older writes never replace newer ones. */
  rosterVersion: z.number().int().min(0),
});
export type UserClass = z.infer<typeof userClassSchema>;

export const USER_WAITLIST_STATUSES = ['waiting', ...WAITLIST_DEPARTURES] as const;
export const userWaitlistStatusSchema = z.enum(USER_WAITLIST_STATUSES);
export type UserWaitlistStatus = z.infer<typeof userWaitlistStatusSchema>;

/** `UserWaitlist/{uid}/{classId}`: what "My Waiting List" lists. */
export const userWaitlistEntrySchema = z.object({
  classId: keySchema,
  date: dateSchema,
  hour: hourSchema,
  startsAt: epochMsSchema,
  name: textSchema(100).optional(),
  /**
   * What the member knows the class as: its name, else its exercise's name
   * (docs/architecture/booking.md#views).
   */
  title: textSchema(100).optional(),
  joinedAt: epochMsSchema,
  /**
   * 'waiting' while in the queue; afterwards why it ended (promoted into the class, left,
   * skipped for want of a credit, removed by a class cancellation, closed at the cut-off,
   * past-cutoff: skipped past the member's own promotion cut-off).
   * Entries are kept rather than deleted so a late write can never bring one back.
   */
  status: userWaitlistStatusSchema,
  /** 1-based, while waiting; refreshed by the functions when the queue moves. */
  position: z.number().int().min(1).optional(),
  updatedAt: epochMsSchema.optional(),
  rosterVersion: z.number().int().min(0),
});
export type UserWaitlistEntry = z.infer<typeof userWaitlistEntrySchema>;

/**
 * `Attendance/{uid}`: attendance per class and the member's totals, changed in one transaction
 * so the totals always match the per-class marks (docs/architecture/booking.md#attendance).
 * Functions only.
 */
export const attendanceRecordSchema = z.object({
  classes: rtdbMap(attendanceSchema).default({}),
  attended: z.number().int().min(0).default(0),
  noShow: z.number().int().min(0).default(0),
  updatedAt: epochMsSchema.optional(),
});
export type AttendanceRecord = z.infer<typeof attendanceRecordSchema>;
