/**
 * Callable inputs (design §8). Every object is strict (unknown keys are rejected) and every
 * string and array is bounded, so a callable can parse first and trust what it got.
 */
import { z } from 'zod';
import {
  couponCodeSchema,
  creditKindSchema,
  httpUrlSchema,
  keySchema,
  purchaseKindSchema,
} from './common';
import { attendanceSchema, MAX_CLASS_CAPACITY } from './classes';
import { roleSchema } from '../roles';
import { dateSchema, daysBetween, hourSchema } from '../time';

export const MAX_ADJUST_DELTA = 1000;
export const MAX_CART_ITEMS = 50;
/** A repeat rule may span at most a year and create at most this many classes. */
export const MAX_REPEAT_DAYS = 366;
// Keeps one call's fan-out of writes bounded: a daily class for half a year fits.
export const MAX_CLASSES_PER_CALL = 200;

const reasonSchema = z.string().trim().min(1).max(200);

export const bookClassInput = z.strictObject({ classId: keySchema, spot: keySchema.optional() });
export type BookClassInput = z.infer<typeof bookClassInput>;

export const cancelBookingInput = z.strictObject({ classId: keySchema });
export type CancelBookingInput = z.infer<typeof cancelBookingInput>;

/** Move an existing booking to another free spot (market.md: spots can be changed). */
export const changeSpotInput = z.strictObject({ classId: keySchema, spot: keySchema });
export type ChangeSpotInput = z.infer<typeof changeSpotInput>;

export const joinWaitlistInput = z.strictObject({ classId: keySchema });
export type JoinWaitlistInput = z.infer<typeof joinWaitlistInput>;

export const leaveWaitlistInput = z.strictObject({ classId: keySchema });
export type LeaveWaitlistInput = z.infer<typeof leaveWaitlistInput>;

export const checkInInput = z.strictObject({
  classId: keySchema,
  uid: keySchema,
  status: attendanceSchema,
});
export type CheckInInput = z.infer<typeof checkInInput>;

export const setUserRoleInput = z.strictObject({ uid: keySchema, role: roleSchema });
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

/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const isoWeekdaySchema = z.number().int().min(1).max(7);

export const repeatRuleSchema = z
  .strictObject({
    from: dateSchema,
    until: dateSchema,
    weekdays: z.array(isoWeekdaySchema).min(1).max(7),
  })
  .superRefine((rule, ctx) => {
    const span = daysBetween(rule.from, rule.until);
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['until'], message: 'before from' });
    if (span >= MAX_REPEAT_DAYS)
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'spans more than a year' });
  });
export type RepeatRule = z.infer<typeof repeatRuleSchema>;

/** The admin-editable fields of a class (design §3), as `createClasses` receives them. */
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
  items: z.array(cartItemSchema).min(1).max(MAX_CART_ITEMS).optional(),
  promocode: couponCodeSchema.optional(),
};

type PriceFields = {
  kind: z.infer<typeof purchaseKindSchema>;
  packageId?: string | undefined;
  items?: readonly CartItem[] | undefined;
};

/** Packs need `packageId`, a cart needs `items`, the subscription needs neither. */
function checkPurchaseShape(input: PriceFields, ctx: z.RefinementCtx): void {
  const wantsPackage = input.kind !== 'cart' && input.kind !== 'subscription';
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

/** Input schema per callable name, for code that handles them generically. */
export const callableInputs = {
  bookClass: bookClassInput,
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
} as const;
export type CallableName = keyof typeof callableInputs;
