/**
 * Callable inputs. Every object is strict (unknown keys are rejected) and every
 * string and array is bounded, so a callable can parse first and trust what it got.
 */
import { z } from 'zod';
import {
  finishImportInputSchema,
  importRowsInputSchema,
  startImportInputSchema,
} from '../import/schemas';
import {
  couponCodeSchema,
  creditKindSchema,
  httpUrlSchema,
  keySchema,
  purchaseKindSchema,
} from './common';
import { attendanceSchema, guestNameSchema, MAX_CLASS_CAPACITY } from './classes';
import { paymentStatusSchema } from './payments';
import {
  removePushSubscriptionInput,
  savePushSubscriptionInput,
  unwatchClassInput,
  watchClassInput,
} from './push';
import { planInputSchema } from './plans';
import { roleSchema, takesBranchScope } from '../roles';
import { MAX_GUESTS_PER_MEMBER } from '../settings';
import { dateSchema, daysBetween, hourSchema, isDateString } from '../time';
import { deskCallableInputs } from '../desk/inputs';

export const MAX_ADJUST_DELTA = 1000;
export const MAX_CART_ITEMS = 50;
/** A repeat rule may span at most a year and create at most this many classes. */
export const MAX_REPEAT_DAYS = 366;
// Keeps one call's fan-out of writes bounded: a daily class for half a year fits.
export const MAX_CLASSES_PER_CALL = 200;

const reasonSchema = z.string().trim().min(1).max(200);

/**
 * How the member pays for a booking: their plan (when it covers the class and its cap allows) or
 * a credit of the class's kind. Absent: the plan when it can, else a credit
 * (core/src/plans/entitlement.ts).
 */
export const PAY_WITH = ['plan', 'credits'] as const;
export const payWithSchema = z.enum(PAY_WITH);
export type PayWith = z.infer<typeof payWithSchema>;

export const bookClassInput = z.strictObject({
  classId: keySchema,
  spot: keySchema.optional(),
  payWith: payWithSchema.optional(),
});
export type BookClassInput = z.infer<typeof bookClassInput>;

/** Guest seats one member may book in a class (absent: the studio's `guestsPerMember`). */
const guestsPerMemberInput = z.number().int().min(0).max(MAX_GUESTS_PER_MEMBER);

/**
 * "Bring a friend": a seat for a named guest, paid with one of the caller's own credits.
 * `requestId` is the caller's idempotency key (a push id made once per attempt): a repeated
 * call with it finds the seat it booked instead of booking a second one.
 */
export const bookGuestInput = z.strictObject({
  classId: keySchema,
  guestName: guestNameSchema,
  spot: keySchema.optional(),
  requestId: keySchema,
  payWith: payWithSchema.optional(),
});
export type BookGuestInput = z.infer<typeof bookGuestInput>;

/** The caller's own booking, or with `guestBookingId` one of their guest seats. */
export const cancelBookingInput = z.strictObject({
  classId: keySchema,
  guestBookingId: keySchema.optional(),
});
export type CancelBookingInput = z.infer<typeof cancelBookingInput>;

/** Move an existing booking to another free spot. */
export const changeSpotInput = z.strictObject({ classId: keySchema, spot: keySchema });
export type ChangeSpotInput = z.infer<typeof changeSpotInput>;

export const joinWaitlistInput = z.strictObject({ classId: keySchema });
export type JoinWaitlistInput = z.infer<typeof joinWaitlistInput>;

export const leaveWaitlistInput = z.strictObject({ classId: keySchema });
export type LeaveWaitlistInput = z.infer<typeof leaveWaitlistInput>;

/** `uid` is the member; with `guestBookingId`, the guest seat that member booked. */
export const checkInInput = z.strictObject({
  classId: keySchema,
  uid: keySchema,
  guestBookingId: keySchema.optional(),
  status: attendanceSchema,
});
export type CheckInInput = z.infer<typeof checkInInput>;

/**
 * `branch` scopes an admin or the front desk to one branch (a branch manager); absent, the role
 * covers the whole chain. Other roles take no branch.
 */
export const setUserRoleInput = z
  .strictObject({ uid: keySchema, role: roleSchema, branch: keySchema.optional() })
  .refine((input) => input.branch === undefined || takesBranchScope(input.role), {
    message: 'only an admin or the front desk is scoped to a branch',
    path: ['branch'],
  });
export type SetUserRoleInput = z.infer<typeof setUserRoleInput>;

export const adjustCreditsInput = z.strictObject({
  uid: keySchema,
  kind: creditKindSchema,
  delta: z
    .number()
    .int()
    .min(-MAX_ADJUST_DELTA)
    .max(MAX_ADJUST_DELTA)
    .refine((delta) => delta !== 0, 'must not be zero'),
  reason: reasonSchema,
});
export type AdjustCreditsInput = z.infer<typeof adjustCreditsInput>;

/**
 * A date range's refinement: `end` (at `endKey`) not before `from`, and under `maxDays` days.
 * Zod still runs a refinement when `dateSchema` refused a date (2026-02-30); that refusal is the
 * answer, so an impossible date is never measured (`daysBetween` would throw a RangeError).
 */
function refineDateSpan(
  ctx: z.RefinementCtx,
  from: string,
  end: string,
  endKey: string,
  maxDays: number,
  tooLong: string,
): void {
  if (!isDateString(from) || !isDateString(end)) return;
  const span = daysBetween(from, end);
  if (span < 0) ctx.addIssue({ code: 'custom', path: [endKey], message: 'before from' });
  if (span >= maxDays) ctx.addIssue({ code: 'custom', path: [endKey], message: tooLong });
}

/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const isoWeekdaySchema = z.number().int().min(1).max(7);

export const repeatRuleSchema = z
  .strictObject({
    from: dateSchema,
    until: dateSchema,
    weekdays: z.array(isoWeekdaySchema).min(1).max(7),
  })
  .superRefine((rule, ctx) =>
    refineDateSpan(ctx, rule.from, rule.until, 'until', MAX_REPEAT_DAYS, 'spans more than a year'),
  );
export type RepeatRule = z.infer<typeof repeatRuleSchema>;

/** The admin-editable fields of a class, as `createClasses` receives them. */
export const classFieldsInput = z.strictObject({
  name: z.string().trim().min(1).max(100).optional(),
  branch: keySchema,
  exercise: keySchema,
  coach: keySchema,
  layout: keySchema.optional(),
  /** Defaults to the layout's usable spots; required without a layout. */
  capacity: z.number().int().min(1).max(MAX_CLASS_CAPACITY).optional(),
  creditKind: creditKindSchema.default('regular'),
  hour: hourSchema,
  /** Minutes. */
  duration: z.number().int().min(5).max(600),
  eventId: keySchema.optional(),
  guestsPerMember: guestsPerMemberInput.optional(),
});

/** One class on `date`, or a series from `repeat`: exactly one of the two. */
export const createClassesInput = classFieldsInput
  .extend({ date: dateSchema.optional(), repeat: repeatRuleSchema.optional() })
  .superRefine((input, ctx) => {
    if ((input.date === undefined) === (input.repeat === undefined))
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'give either date or repeat' });
    if (input.layout === undefined && input.capacity === undefined)
      ctx.addIssue({ code: 'custom', path: ['capacity'], message: 'required without a layout' });
  });
export type CreateClassesInput = z.infer<typeof createClassesInput>;

/** Admin edits of one class; a capacity below the bookings made is refused by the function. */
export const updateClassInput = z.strictObject({
  classId: keySchema,
  name: z.string().trim().min(1).max(100).optional(),
  coach: keySchema.optional(),
  capacity: z.number().int().min(1).max(MAX_CLASS_CAPACITY).optional(),
  duration: z.number().int().min(5).max(600).optional(),
  /** Same date, new start time (docs/architecture/admin-and-audit.md#classes). */
  hour: hourSchema.optional(),
  exercise: keySchema.optional(),
});
export type UpdateClassInput = z.infer<typeof updateClassInput>;

export const cancelClassInput = z.strictObject({ classId: keySchema, reason: reasonSchema });
export type CancelClassInput = z.infer<typeof cancelClassInput>;

export const cartItemSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('package'),
    id: keySchema,
    quantity: z.number().int().min(1).max(99),
  }),
  z.strictObject({
    type: z.literal('product'),
    category: keySchema,
    id: keySchema,
    quantity: z.number().int().min(1).max(99),
  }),
]);
export type CartItem = z.infer<typeof cartItemSchema>;

const priceFields = {
  kind: purchaseKindSchema,
  packageId: keySchema.optional(),
  /** `kind: 'plan'`: the plan from `Plans`. */
  planId: keySchema.optional(),
  items: z.array(cartItemSchema).min(1).max(MAX_CART_ITEMS).optional(),
  promocode: couponCodeSchema.optional(),
};

type PriceFields = {
  kind: z.infer<typeof purchaseKindSchema>;
  packageId?: string | undefined;
  planId?: string | undefined;
  items?: readonly CartItem[] | undefined;
};

/** Packs need `packageId`, a cart `items`, a plan `planId`; the subscription needs none. */
function checkPurchaseShape(input: PriceFields, ctx: z.RefinementCtx): void {
  const wantsPackage =
    input.kind !== 'cart' && input.kind !== 'subscription' && input.kind !== 'plan';
  if (input.kind === 'plan' && input.planId === undefined)
    ctx.addIssue({ code: 'custom', path: ['planId'], message: 'required for plan' });
  if (input.kind !== 'plan' && input.planId !== undefined)
    ctx.addIssue({ code: 'custom', path: ['planId'], message: `not used for ${input.kind}` });
  if (wantsPackage && input.packageId === undefined)
    ctx.addIssue({ code: 'custom', path: ['packageId'], message: `required for ${input.kind}` });
  if (!wantsPackage && input.packageId !== undefined)
    ctx.addIssue({ code: 'custom', path: ['packageId'], message: `not used for ${input.kind}` });
  if (input.kind === 'cart' && input.items === undefined)
    ctx.addIssue({ code: 'custom', path: ['items'], message: 'required for cart' });
  if (input.kind !== 'cart' && input.items !== undefined)
    ctx.addIssue({ code: 'custom', path: ['items'], message: `not used for ${input.kind}` });
}

export const previewPriceInput = z.strictObject(priceFields).superRefine(checkPurchaseShape);
export type PreviewPriceInput = z.infer<typeof previewPriceInput>;

export const createCheckoutSessionInput = z
  .strictObject({
    ...priceFields,
    branch: keySchema.optional(),
    successUrl: httpUrlSchema,
    cancelUrl: httpUrlSchema,
  })
  .superRefine(checkPurchaseShape);
export type CreateCheckoutSessionInput = z.infer<typeof createCheckoutSessionInput>;

/** The member opens Stripe's customer portal; Stripe sends them back to `returnUrl` (an app page). */
export const createPortalSessionInput = z.strictObject({ returnUrl: httpUrlSchema });
export type CreatePortalSessionInput = z.infer<typeof createPortalSessionInput>;

/** When an admin's cancellation of a member's plan takes effect. */
export const planCancellationSchema = z.enum(['period-end', 'now']);
export type PlanCancellation = z.infer<typeof planCancellationSchema>;

/** An admin cancels a member's monthly plan, at the period's end or at once, with a reason. */
export const cancelMemberSubscriptionInput = z.strictObject({
  uid: keySchema,
  when: planCancellationSchema,
  reason: reasonSchema,
});
export type CancelMemberSubscriptionInput = z.infer<typeof cancelMemberSubscriptionInput>;

export const stampServerTimeInput = z.strictObject({});
export type StampServerTimeInput = z.infer<typeof stampServerTimeInput>;

/** A new secret calendar-feed URL for the caller (the old one stops working), or none (`revoke`). */
export const rotateCalendarFeedInput = z.strictObject({ revoke: z.boolean().optional() });
export type RotateCalendarFeedInput = z.infer<typeof rotateCalendarFeedInput>;

/** An admin sends a `failed` e-mail again (`MailOutbox/{id}` back to `retrying`, audited). */
export const resendMailInput = z.strictObject({ id: keySchema });
export type ResendMailInput = z.infer<typeof resendMailInput>;

/** The longest freeze a request may name, in days (the studio's `freezeMaxDays` is the real limit). */
export const MAX_FREEZE_DAYS = 365;

/** A freeze's length: `days` from today, or `until` a studio-local date (exclusive). */
const freezeLength = {
  days: z.number().int().min(1).max(MAX_FREEZE_DAYS).optional(),
  until: dateSchema.optional(),
};

function checkFreezeLength(
  input: { days?: number | undefined; until?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if ((input.days === undefined) === (input.until === undefined))
    ctx.addIssue({ code: 'custom', path: ['days'], message: 'give either days or until' });
}

/** The member pauses their own plan from today (docs/architecture/plans.md). */
export const freezeMembershipInput = z.strictObject(freezeLength).superRefine(checkFreezeLength);
export type FreezeMembershipInput = z.infer<typeof freezeMembershipInput>;

/** The member ends their freeze now; entitlements and billing resume. */
export const endFreezeInput = z.strictObject({});
export type EndFreezeInput = z.infer<typeof endFreezeInput>;

/** An admin creates (no `planId`) or edits a plan of the catalogue. */
export const savePlanInput = z.strictObject({
  planId: keySchema.optional(),
  plan: planInputSchema,
});
export type SavePlanInput = z.infer<typeof savePlanInput>;

/** The member moves to another plan: an upgrade at once (prorated), a downgrade at the period's end. */
export const changePlanInput = z.strictObject({ planId: keySchema });
export type ChangePlanInput = z.infer<typeof changePlanInput>;

/**
 * The member cancels their plan online. Inside a commitment it ends at the term's end, or at
 * once when they accept the studio's early-end fee (`payEarlyEndFee`).
 */
export const cancelMembershipInput = z.strictObject({ payEarlyEndFee: z.boolean().optional() });
export type CancelMembershipInput = z.infer<typeof cancelMembershipInput>;

/** An admin freezes one member's plan from `from` (default today), audited. */
export const freezeMemberPlanInput = z
  .strictObject({
    uid: keySchema,
    from: dateSchema.optional(),
    ...freezeLength,
    reason: reasonSchema,
  })
  .superRefine(checkFreezeLength);
export type FreezeMemberPlanInput = z.infer<typeof freezeMemberPlanInput>;

/** An admin ends one member's freeze now, audited. */
export const endMemberFreezeInput = z.strictObject({ uid: keySchema, reason: reasonSchema });
export type EndMemberFreezeInput = z.infer<typeof endMemberFreezeInput>;

/**
 * An admin freezes every running plan (or those of one branch's members) from `from` until
 * `until` (exclusive, studio dates), audited; each member gets the mail.
 */
export const bulkFreezeInput = z
  .strictObject({
    from: dateSchema,
    until: dateSchema,
    branch: keySchema.optional(),
    reason: reasonSchema,
  })
  .superRefine((range, ctx) => {
    refineDateSpan(ctx, range.from, range.until, 'until', MAX_FREEZE_DAYS, 'longer than a year');
    if (range.from === range.until)
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'after from' });
  });
export type BulkFreezeInput = z.infer<typeof bulkFreezeInput>;

/** An admin moves a member to another plan, at once or at the period's end, audited. */
export const changeMemberPlanInput = z.strictObject({
  uid: keySchema,
  planId: keySchema,
  when: planCancellationSchema,
  reason: reasonSchema,
});
export type ChangeMemberPlanInput = z.infer<typeof changeMemberPlanInput>;

/** An admin gives a member a plan free of charge until a studio date (exclusive), audited. */
export const compMembershipInput = z.strictObject({
  uid: keySchema,
  planId: keySchema,
  until: dateSchema,
  reason: reasonSchema,
});
export type CompMembershipInput = z.infer<typeof compMembershipInput>;

/** The longest range `sumPayments` adds up, in days (two years and a leap day). */
export const MAX_PAYMENT_RANGE_DAYS = 731;

/**
 * lista-pagos' totals for studio-local dates `from`…`to` (inclusive, by `createdAt`), optionally
 * one status and one kind: summed on the server so the screen reads only a page of payments.
 */
export const sumPaymentsInput = z
  .strictObject({
    from: dateSchema,
    to: dateSchema,
    status: paymentStatusSchema.optional(),
    kind: purchaseKindSchema.optional(),
    /** Only the payments whose checkout named this branch (the head office's branch filter). */
    branch: keySchema.optional(),
  })
  .superRefine((range, ctx) =>
    refineDateSpan(
      ctx,
      range.from,
      range.to,
      'to',
      MAX_PAYMENT_RANGE_DAYS,
      'spans more than two years',
    ),
  );
export type SumPaymentsInput = z.infer<typeof sumPaymentsInput>;

/** Input schema per callable name, for code that handles them generically. */
export const callableInputs = {
  bookClass: bookClassInput,
  bookGuest: bookGuestInput,
  cancelBooking: cancelBookingInput,
  changeSpot: changeSpotInput,
  joinWaitlist: joinWaitlistInput,
  leaveWaitlist: leaveWaitlistInput,
  checkIn: checkInInput,
  setUserRole: setUserRoleInput,
  adjustCredits: adjustCreditsInput,
  createClasses: createClassesInput,
  updateClass: updateClassInput,
  cancelClass: cancelClassInput,
  previewPrice: previewPriceInput,
  createCheckoutSession: createCheckoutSessionInput,
  createPortalSession: createPortalSessionInput,
  cancelMemberSubscription: cancelMemberSubscriptionInput,
  stampServerTime: stampServerTimeInput,
  rotateCalendarFeed: rotateCalendarFeedInput,
  resendMail: resendMailInput,
  sumPayments: sumPaymentsInput,
  savePushSubscription: savePushSubscriptionInput,
  removePushSubscription: removePushSubscriptionInput,
  watchClass: watchClassInput,
  unwatchClass: unwatchClassInput,
  freezeMembership: freezeMembershipInput,
  endFreeze: endFreezeInput,
  savePlan: savePlanInput,
  changePlan: changePlanInput,
  cancelMembership: cancelMembershipInput,
  freezeMemberPlan: freezeMemberPlanInput,
  endMemberFreeze: endMemberFreezeInput,
  bulkFreeze: bulkFreezeInput,
  changeMemberPlan: changeMemberPlanInput,
  compMembership: compMembershipInput,
  startImport: startImportInputSchema,
  importRows: importRowsInputSchema,
  finishImport: finishImportInputSchema,
  ...deskCallableInputs,
} as const;
export type CallableName = keyof typeof callableInputs;
