import { z } from 'zod';
import { creditKindSchema, epochMsSchema, keySchema, textSchema } from './common';
import { creditEntrySchema } from './user';
import { dateSchema, hourSchema } from '../time';

export const CLASS_STATUSES = ['scheduled', 'cancelled'] as const;
export const classStatusSchema = z.enum(CLASS_STATUSES);
export type ClassStatus = z.infer<typeof classStatusSchema>;

export const MAX_CLASS_CAPACITY = 500;

/**
 * `Classes/{classId}`. `date`/`hour` are studio-local, `startsAt` the same instant in epoch ms;
 * the calendar queries `orderByChild('date')` over one week (docs/decisions/010).
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
  /** A special event's class. */
  eventId: keySchema.optional(),
  createdAt: epochMsSchema.optional(),
  createdBy: keySchema.optional(),
});
export type StudioClass = z.infer<typeof classSchema>;
export type Class = StudioClass;

export const BOOKING_VIAS = ['member', 'waitlist', 'admin'] as const;
export const ATTENDANCE_STATUSES = ['attended', 'no-show'] as const;
export const attendanceSchema = z.enum(ATTENDANCE_STATUSES);
export type Attendance = z.infer<typeof attendanceSchema>;

/** The credit a booking consumed, kept so a refund restores it with its original expiry. */
export const usedCreditSchema = creditEntrySchema.omit({ hold: true });
export type UsedCredit = z.infer<typeof usedCreditSchema>;

/** `ClassRoster/{classId}/bookings/{uid}`. */
export const bookingSchema = z.object({
  uid: keySchema,
  spot: keySchema,
  creditId: keySchema,
  credit: usedCreditSchema.optional(),
  bookedAt: epochMsSchema,
  via: z.enum(BOOKING_VIAS).default('member'),
  /** Set when the booking came from the waiting list (it changes the cancel rule). */
  promotedAt: epochMsSchema.optional(),
  attendance: attendanceSchema.optional(),
  checkedInAt: epochMsSchema.optional(),
  checkedInBy: keySchema.optional(),
  /** Member's name for the coach's list. */
  name: z.string().max(200).optional(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** `ClassRoster/{classId}/waitlist/{uid}`; FIFO by `seq`. */
export const waitlistEntrySchema = z.object({
  uid: keySchema,
  joinedAt: epochMsSchema,
  /** From the roster's `waitlistSeq` counter, taken in the same transaction: strict FIFO. */
  seq: z.number().int().min(0),
  name: z.string().max(200).optional(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

const rosterObjectSchema = z.object({
  /** spot id → uid: a spot is held by at most one member. */
  spots: z.record(keySchema, keySchema).default({}),
  /** uid → booking: a member holds at most one booking. */
  bookings: z.record(keySchema, bookingSchema).default({}),
  waitlist: z.record(keySchema, waitlistEntrySchema).default({}),
  waitlistSeq: z.number().int().min(0).default(0),
});

/**
 * `ClassRoster/{classId}`: everything a booking changes, in one node, so a booking is one
 * transaction. A missing node (null) is an empty roster.
 */
export const rosterSchema = z.preprocess((value) => value ?? {}, rosterObjectSchema);
export type Roster = z.infer<typeof rosterObjectSchema>;

export function emptyRoster(): Roster {
  return { spots: {}, bookings: {}, waitlist: {}, waitlistSeq: 0 };
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

/** `UserClasses/{uid}/{classId}`: what "My Classes" lists, kept as history after a cancel. */
export const userClassSchema = z.object({
  classId: keySchema,
  date: dateSchema,
  hour: hourSchema,
  startsAt: epochMsSchema,
  name: textSchema(100).optional(),
  exercise: keySchema.optional(),
  coach: keySchema.optional(),
  branch: keySchema.optional(),
  spot: keySchema,
  creditKind: creditKindSchema,
  status: userClassStatusSchema,
  bookedAt: epochMsSchema,
  updatedAt: epochMsSchema.optional(),
  promotedAt: epochMsSchema.optional(),
});
export type UserClass = z.infer<typeof userClassSchema>;

/** `UserWaitlist/{uid}/{classId}`: what "My Waiting List" lists. */
export const userWaitlistEntrySchema = z.object({
  classId: keySchema,
  date: dateSchema,
  hour: hourSchema,
  startsAt: epochMsSchema,
  name: textSchema(100).optional(),
  joinedAt: epochMsSchema,
  /** 1-based, refreshed by the functions when the queue moves. */
  position: z.number().int().min(1).optional(),
});
export type UserWaitlistEntry = z.infer<typeof userWaitlistEntrySchema>;
