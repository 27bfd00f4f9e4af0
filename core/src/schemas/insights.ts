import { z } from 'zod';
import { creditKindSchema, epochMsSchema, keySchema, rtdbMap } from './common';
import { dateSchema, hourSchema } from '../time';

// The studio's rollups under `Insights` (docs/architecture/insights.md): written by the nightly
// `rollUpInsights` job only, read by admins only. Every figure is a count or a sum of cents, so
// any range is the sum of its days; rates are taken from the sums when shown.

const count = z.number().int().min(0).default(0);
const cents = z.number().int().min(0).default(0);

/** What the classes of one group did (one class, or every class of a cell). */
export const classFiguresSchema = z.object({
  /** Classes that took place (not cancelled). */
  held: count,
  /** Classes cancelled by the studio. */
  cancelled: count,
  /** Seats offered by the classes that took place. */
  capacity: count,
  /** Bookings still held when the class started. */
  booked: count,
  attended: count,
  noShow: count,
  /** Bookings the member cancelled inside the cancellation window (credit forfeited). */
  lateCancels: count,
  /** Bookings the member cancelled in time (credit refunded). */
  cancels: count,
  /** Members who were on the waiting list at some point. */
  waitlisted: count,
  /** Members still on the waiting list when it closed or the class started: turned away. */
  turnedAway: count,
});
export type ClassFigures = z.infer<typeof classFiguresSchema>;

/** Which branch, coach, class type (exercise) and time slot a row of figures belongs to. */
export const insightsDimensionsSchema = z.object({
  branch: keySchema,
  coach: keySchema,
  exercise: keySchema,
  hour: hourSchema,
});
export type InsightsDimensions = z.infer<typeof insightsDimensionsSchema>;

export const insightsRowSchema = classFiguresSchema.extend(insightsDimensionsSchema.shape);
export type InsightsRow = z.infer<typeof insightsRowSchema>;

/** Money of paid payments, by the day they were paid. */
export const revenueFiguresSchema = z.object({
  payments: count,
  /** Charged (after coupons). */
  gross: cents,
  /** Coupon discounts given. */
  discount: cents,
  /** Given back so far (refunds, lost disputes as recorded on the payment). */
  refunded: cents,
});
export type RevenueFigures = z.infer<typeof revenueFiguresSchema>;

export const revenueBreakdownSchema = z.object({
  /** By purchase kind (`credits`, `spcredits`, `subscription`, …). */
  byKind: rtdbMap(revenueFiguresSchema).default({}),
  /** By coupon code; payments without a coupon are not listed. */
  byCoupon: rtdbMap(revenueFiguresSchema).default({}),
});
export type RevenueBreakdown = z.infer<typeof revenueBreakdownSchema>;

export const memberFiguresSchema = z.object({
  /** Distinct members with a visit in the period. */
  active: count,
  /** Members whose first visit ever was in the period (new members). */
  firstVisits: count,
  /** Of those, members whose second visit came within 30 days of the first. */
  secondVisits: count,
  /** Members whose 30 days without a visit ended in the period. */
  lapsed: count,
});
export type MemberFigures = z.infer<typeof memberFiguresSchema>;

export const subscriptionFiguresSchema = z.object({
  /** Subscriptions with a granted period covering the end of the period. */
  active: count,
  /** Subscriptions whose run of periods began in the period. */
  started: count,
  /** Subscriptions whose last period ended in the period without a next one. */
  churned: count,
});
export type SubscriptionFigures = z.infer<typeof subscriptionFiguresSchema>;

/** One plan's memberships (`Memberships`, by their current `planId`). */
export const planFiguresSchema = z.object({
  /** Paid memberships held at the end of the period and not frozen then. */
  members: count,
  /** Paid memberships held at the end of the period and frozen then. */
  frozen: count,
  /** The studio's gifts (`source: 'comp'`) held at the end of the period, frozen or not. */
  comped: count,
  /** Memberships that began in the period. */
  started: count,
  /** Memberships that ended in the period. */
  churned: count,
});
export type PlanFigures = z.infer<typeof planFiguresSchema>;

/** What a day and a month both hold besides their classes; each part reads as zeros when absent. */
const periodFiguresShape = {
  revenue: revenueBreakdownSchema.default({ byKind: {}, byCoupon: {} }),
  members: memberFiguresSchema.default({ active: 0, firstVisits: 0, secondVisits: 0, lapsed: 0 }),
  subscriptions: subscriptionFiguresSchema.default({ active: 0, started: 0, churned: 0 }),
  /** planId → that plan's figures; plans with nothing to count are not listed. */
  plans: rtdbMap(planFiguresSchema).default({}),
};

/** `Insights/days/{yyyy-MM-dd}`: one studio-local day. */
export const insightsDaySchema = z.object({
  date: dateSchema,
  /** classId → the class's figures and dimensions. */
  classes: rtdbMap(insightsRowSchema).default({}),
  ...periodFiguresShape,
});
export type InsightsDay = z.infer<typeof insightsDaySchema>;

/** `Insights/months/{yyyy-MM}`: one month, its classes summed per cell. */
export const insightsMonthSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** Days of the month included (the current month: up to yesterday). */
  days: z.number().int().min(0).max(31),
  /** `insightsCellKey` → the figures of every class with those dimensions. */
  cells: rtdbMap(insightsRowSchema).default({}),
  ...periodFiguresShape,
});
export type InsightsMonth = z.infer<typeof insightsMonthSchema>;

export const liabilityFiguresSchema = z.object({
  /** Usable credits (not expired, not held by a dispute). */
  outstanding: count,
  /** Of those, expiring within 7 and within 30 days. */
  expiring7: count,
  expiring30: count,
});
export type LiabilityFigures = z.infer<typeof liabilityFiguresSchema>;

/** `Insights/liability/{yyyy-MM-dd}`: credits outstanding when the job ran that day. */
export const insightsLiabilitySchema = z.object({
  asOf: epochMsSchema,
  byKind: z.partialRecord(creditKindSchema, liabilityFiguresSchema).default({}),
});
export type InsightsLiability = z.infer<typeof insightsLiabilitySchema>;

/** `Insights/run`: the last run (when, which days); apart from the figures, which stay equal. */
export const insightsRunSchema = z.object({
  at: epochMsSchema,
  from: dateSchema,
  to: dateSchema,
  failed: z.number().int().min(0),
});
export type InsightsRun = z.infer<typeof insightsRunSchema>;
