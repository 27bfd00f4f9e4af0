/**
 * The front desk's callable inputs and results (core/src/desk): strict objects, every string and
 * array bounded, as schemas/inputs.ts does for the rest; `callableInputs` there spreads these.
 */
import { z } from 'zod';
import { centsSchema, keySchema } from '../schemas/common';
import { dateSchema, daysBetween, isDateString } from '../time';
import { MAX_PASS_LENGTH } from './pass';
import { MAX_SIGNATURE_DATA_URL, SIGNATURE_DATA_URL_PREFIX, waiverTextSchema } from './waiver';

const reasonSchema = z.string().trim().min(1).max(200);

/** The member's own pass (issued on first call); `renew` voids the old one for a new one. */
export const memberPassInput = z.strictObject({ renew: z.literal(true).optional() });
export type MemberPassInput = z.infer<typeof memberPassInput>;

/** The desk voids a member's pass (lost phone, a shared screenshot): the member gets a new one. */
export const revokeMemberPassInput = z.strictObject({ uid: keySchema });
export type RevokeMemberPassInput = z.infer<typeof revokeMemberPassInput>;

/** A scanned pass; `classId` when the scanner has one class open (checador). */
export const checkInByPassInput = z.strictObject({
  pass: z.string().min(1).max(MAX_PASS_LENGTH),
  classId: keySchema.optional(),
});
export type CheckInByPassInput = z.infer<typeof checkInByPassInput>;

/** At the kiosk without a phone: the member's name and the last four digits of their phone. */
export const checkInByNameInput = z.strictObject({
  name: z.string().trim().min(2).max(100),
  phoneLast4: z.string().regex(/^[0-9]{4}$/, 'four digits'),
  classId: keySchema.optional(),
});
export type CheckInByNameInput = z.infer<typeof checkInByNameInput>;

/** An admin publishes a new version of the waiver (English and Spanish). */
export const saveWaiverInput = z.strictObject({ text: waiverTextSchema });
export type SaveWaiverInput = z.infer<typeof saveWaiverInput>;

const signatureFields = {
  version: z.number().int().min(1).max(1_000_000),
  fullName: z.string().trim().min(2).max(120),
  lang: z.enum(['en', 'es']),
  signature: z
    .string()
    .max(MAX_SIGNATURE_DATA_URL)
    .refine((value) => value.startsWith(SIGNATURE_DATA_URL_PREFIX), 'a PNG data URL'),
};

/** A waiver signed in person at the desk, handed in with the booking it allows. */
export const deskSignatureSchema = z.strictObject(signatureFields);
export type DeskSignature = z.infer<typeof deskSignatureSchema>;

/**
 * A signature of `version`: the drawn signature (a PNG data URL), the full name typed, the
 * language read. `uid` only from the front desk's kiosk, signing in person for that member.
 */
export const signWaiverInput = z.strictObject({ ...signatureFields, uid: keySchema.optional() });
export type SignWaiverInput = z.infer<typeof signWaiverInput>;

/** A walk-in new to the studio: an account is made and invited by mail. */
export const walkInSchema = z.strictObject({
  name: z.string().trim().min(2).max(100),
  email: z.email().max(200),
  phone: z
    .string()
    .trim()
    .min(7)
    .max(40)
    .regex(/^\+?[0-9 ()-]+$/, 'a phone number'),
});
export type WalkIn = z.infer<typeof walkInSchema>;

export const DESK_PAYMENTS = ['credit', 'plan', 'drop-in', 'comp'] as const;

/**
 * The desk books a member, or a walk-in, into a class, also past the booking window: paid by one
 * of their credits, their plan, a drop-in sold now for cash (`amount`, the single class's price),
 * or free with a reason (a comp). `waiver`: signed on the desk's screen by someone who has not
 * signed the current version (a walk-in always). `requestId` makes a repeated tap find the first
 * booking.
 */
export const addToClassInput = z
  .strictObject({
    classId: keySchema,
    uid: keySchema.optional(),
    walkIn: walkInSchema.optional(),
    payWith: z.enum(DESK_PAYMENTS),
    amount: centsSchema.optional(),
    reason: reasonSchema.optional(),
    spot: keySchema.optional(),
    waiver: deskSignatureSchema.optional(),
    requestId: keySchema,
  })
  .superRefine((input, ctx) => {
    if ((input.uid === undefined) === (input.walkIn === undefined))
      ctx.addIssue({ code: 'custom', path: ['uid'], message: 'give either uid or walkIn' });
    if (input.payWith === 'comp' && input.reason === undefined)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'a comp needs a reason' });
    if (input.payWith !== 'comp' && input.reason !== undefined)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'only for a comp' });
    if ((input.payWith === 'drop-in') !== (input.amount !== undefined))
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'the amount of a drop-in only' });
  });
export type AddToClassInput = z.infer<typeof addToClassInput>;

/** What the desk sells: a credit pack (by kind) or a membership plan. */
export const DESK_SALE_KINDS = ['credits', 'spcredits', 'train-credits', 'plan'] as const;
const saleFields = {
  uid: keySchema,
  kind: z.enum(DESK_SALE_KINDS),
  packageId: keySchema.optional(),
  planId: keySchema.optional(),
  /**
   * The branch whose desk sells (the payment's `branch`): a branch manager's desk sells for
   * theirs whatever it sends; the chain's desk names the branch of its site, or none.
   */
  branch: keySchema.optional(),
};

function checkSaleShape(
  input: { kind: (typeof DESK_SALE_KINDS)[number]; packageId?: string; planId?: string },
  ctx: z.RefinementCtx,
): void {
  const isPlan = input.kind === 'plan';
  if (isPlan !== (input.planId !== undefined))
    ctx.addIssue({ code: 'custom', path: ['planId'], message: 'planId for a plan only' });
  if (isPlan === (input.packageId !== undefined))
    ctx.addIssue({ code: 'custom', path: ['packageId'], message: 'packageId for a pack only' });
}

/**
 * Cash taken at the desk for a pack or a plan: `amount` is what was received, in cents, and must
 * be the price. `requestId` makes a repeated tap find the first sale.
 */
export const recordCashSaleInput = z
  .strictObject({ ...saleFields, amount: centsSchema, requestId: keySchema.optional() })
  .superRefine(checkSaleShape);
export type RecordCashSaleInput = z.infer<typeof recordCashSaleInput>;

/** A cash sale given back (the money returned at the desk): its unused credits are taken back. */
export const refundCashSaleInput = z.strictObject({ paymentId: keySchema, reason: reasonSchema });
export type RefundCashSaleInput = z.infer<typeof refundCashSaleInput>;

/**
 * A card sale through Stripe Checkout for a member at the desk: paid on the desk device
 * (`here`), or a link mailed to the member and shown as a QR code (`link`).
 */
export const createDeskCheckoutInput = z
  .strictObject({
    ...saleFields,
    delivery: z.enum(['here', 'link']),
    successUrl: z.url().max(2000),
    cancelUrl: z.url().max(2000),
  })
  .superRefine(checkSaleShape);
export type CreateDeskCheckoutInput = z.infer<typeof createDeskCheckoutInput>;

/** A coach takes the class instead of its own (`coachId`), or nobody does any more (null). */
export const assignSubstituteInput = z.strictObject({
  classId: keySchema,
  coachId: keySchema.nullable(),
});
export type AssignSubstituteInput = z.infer<typeof assignSubstituteInput>;

/** The most tiers one rate may have. */
export const MAX_PAY_TIERS = 10;
export const MAX_PAY_CENTS = 10_000_000;
const payCents = z.number().int().min(0).max(MAX_PAY_CENTS);

/** Per head from the `from`-th attendee on (1 = everyone); the highest tier reached applies. */
export const payTierSchema = z.strictObject({
  from: z.number().int().min(1).max(1000),
  amount: payCents,
});
export type PayTier = z.infer<typeof payTierSchema>;

/** What a coach is paid for one class of a type, from a date on (core/src/desk/coach-pay.ts). */
export const payRuleSchema = z
  .strictObject({
    perClass: payCents,
    /** Default: the database keeps no empty list, so a rate without tiers reads back without. */
    perHead: z.array(payTierSchema).max(MAX_PAY_TIERS).default([]),
    bonus: z.strictObject({ over: z.number().int().min(0).max(1000), amount: payCents }).optional(),
    minimum: payCents,
  })
  .superRefine((rule, ctx) => {
    const froms = rule.perHead.map((tier) => tier.from);
    if (new Set(froms).size !== froms.length)
      ctx.addIssue({ code: 'custom', path: ['perHead'], message: 'one tier per starting head' });
  });
export type PayRule = z.infer<typeof payRuleSchema>;

/** Every class type of the coach, when a rate names none. */
export const ANY_EXERCISE = '*';

/** An admin sets a coach's rate for a class type (`*`: all) from `effectiveFrom` on. */
export const saveCoachPayRateInput = z.strictObject({
  coachId: keySchema,
  exercise: keySchema,
  effectiveFrom: dateSchema,
  rule: payRuleSchema,
});
export type SaveCoachPayRateInput = z.infer<typeof saveCoachPayRateInput>;

/** The longest pay period a report covers, in days. */
export const MAX_PAY_PERIOD_DAYS = 93;

/** An admin's pay-period report, studio-local dates inclusive; one coach or all. */
export const coachPayReportInput = z
  .strictObject({ from: dateSchema, to: dateSchema, coachId: keySchema.optional() })
  .superRefine((range, ctx) => {
    if (!isDateString(range.from) || !isDateString(range.to)) return;
    const span = daysBetween(range.from, range.to);
    if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'before from' });
    if (span >= MAX_PAY_PERIOD_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'longer than three months' });
  });
export type CoachPayReportInput = z.infer<typeof coachPayReportInput>;

export const deskCallableInputs = {
  memberPass: memberPassInput,
  revokeMemberPass: revokeMemberPassInput,
  checkInByPass: checkInByPassInput,
  checkInByName: checkInByNameInput,
  saveWaiver: saveWaiverInput,
  signWaiver: signWaiverInput,
  addToClass: addToClassInput,
  recordCashSale: recordCashSaleInput,
  refundCashSale: refundCashSaleInput,
  createDeskCheckout: createDeskCheckoutInput,
  assignSubstitute: assignSubstituteInput,
  saveCoachPayRate: saveCoachPayRateInput,
  coachPayReport: coachPayReportInput,
} as const;

/** Who a check-in found and where it put them. */
export interface DeskCheckIn {
  uid: string;
  name: string;
  classId: string;
  title: string;
  hour: string;
  spotLabel: string;
}

/** One class in a coach's pay period. */
export interface PayLine {
  classId: string;
  date: string;
  hour: string;
  exercise: string;
  title: string;
  attendees: number;
  /** Taught as the substitute of another coach. */
  substitute: boolean;
  /** Cents; 0 without a rate. */
  amount: number;
  /** The rate applied; absent when the coach has none for that class. */
  rateId?: string;
}

export interface CoachPay {
  coachId: string;
  name: string;
  lines: PayLine[];
  classes: number;
  attendees: number;
  substitutions: number;
  /** Classes of this coach another coach took. */
  coveredByOthers: number;
  amount: number;
  currency: string;
}

export interface DeskCallableResults {
  memberPass: { pass: string; issuedAt: number };
  revokeMemberPass: Record<string, never>;
  checkInByPass: DeskCheckIn;
  checkInByName: DeskCheckIn;
  saveWaiver: { version: number };
  signWaiver: { signatureId: string; version: number };
  addToClass: { classId: string; uid: string; spot: string; bookingId: string; paymentId?: string };
  recordCashSale: { paymentId: string; credits: number };
  refundCashSale: { taken: number };
  createDeskCheckout: { sessionId: string; url: string };
  assignSubstitute: { notified: number };
  saveCoachPayRate: { rateId: string };
  coachPayReport: { coaches: CoachPay[] };
}
