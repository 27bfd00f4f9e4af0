// Memberships the studio sells (docs/architecture/plans.md): the catalogue's `Plans/{planId}`,
// the member's current `Users/{uid}/membership`, the admins' `Memberships/{membershipId}` list,
// per-booking plan fees, intro-offer claims and bulk freezes. Pure rules over these shapes live
// in core/src/plans/.
import { z } from 'zod';
import {
  centsSchema,
  creditKindSchema,
  currencySchema,
  epochMsSchema,
  keySchema,
  nameSchema,
  rtdbList,
  rtdbMap,
  textSchema,
} from './common';
import { planStatusSchema } from '../plan-state';

/**
 * `credits`: N credits per period, like the spec's monthly 30; `unlimited`: any class, with an
 * optional cap per day; `limited`: N bookings per week or per month.
 */
export const PLAN_KINDS = ['credits', 'unlimited', 'limited'] as const;
export const planKindSchema = z.enum(PLAN_KINDS);
export type PlanKind = z.infer<typeof planKindSchema>;

/** How often a plan bills (Stripe's recurring `interval`). */
export const BILLING_INTERVALS = ['week', 'month', 'year'] as const;
export const billingIntervalSchema = z.enum(BILLING_INTERVALS);
export type BillingInterval = z.infer<typeof billingIntervalSchema>;

/** The calendar period a `limited` plan counts its bookings in, in the studio's zone. */
export const PLAN_LIMIT_PERIODS = ['week', 'month'] as const;
export const planLimitPeriodSchema = z.enum(PLAN_LIMIT_PERIODS);
export type PlanLimitPeriod = z.infer<typeof planLimitPeriodSchema>;

export const MAX_DAILY_CAP = 10;
export const MAX_PLAN_LIMIT = 100;
export const MAX_COMMITMENT_PERIODS = 60;
export const MAX_BLOCK_DAYS = 60;

/**
 * What a late cancel or a no-show on a plan booking costs: a fee charged to the saved card, or
 * days during which the plan books nothing. Absent: nothing.
 */
export const planPenaltySchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('fee'), amount: centsSchema.min(1) }),
  z.strictObject({ kind: z.literal('block'), days: z.number().int().min(1).max(MAX_BLOCK_DAYS) }),
]);
export type PlanPenalty = z.infer<typeof planPenaltySchema>;

/** Which classes a plan pays for: class types and branches; a list absent or empty = all. */
export const planCoverageSchema = z.strictObject({
  exercises: rtdbList(keySchema)
    .refine((list) => list.length <= 100, 'at most 100')
    .optional(),
  branches: rtdbList(keySchema)
    .refine((list) => list.length <= 50, 'at most 50')
    .optional(),
});
export type PlanCoverage = z.infer<typeof planCoverageSchema>;

/**
 * A minimum number of billing periods. Cancelling earlier ends the plan at the term's end, or at
 * once for `earlyEndFee` when the studio sets one (shown before purchase).
 */
export const planCommitmentSchema = z.strictObject({
  periods: z.number().int().min(1).max(MAX_COMMITMENT_PERIODS),
  earlyEndFee: centsSchema.min(1).optional(),
});
export type PlanCommitment = z.infer<typeof planCommitmentSchema>;

export const planLimitSchema = z.strictObject({
  count: z.number().int().min(1).max(MAX_PLAN_LIMIT),
  per: planLimitPeriodSchema,
});
export type PlanLimit = z.infer<typeof planLimitSchema>;

/** The fields that decide what a plan pays for: copied into a membership when it is bought. */
const termsFields = {
  kind: planKindSchema,
  name: nameSchema,
  interval: billingIntervalSchema,
  /** `credits` plans: credits granted per paid period, of `creditKind`. */
  credits: z.number().int().min(1).max(1000).optional(),
  creditKind: creditKindSchema.optional(),
  /** `unlimited` plans: bookings per studio day at most. */
  dailyCap: z.number().int().min(1).max(MAX_DAILY_CAP).optional(),
  /** `limited` plans. */
  limit: planLimitSchema.optional(),
  covers: planCoverageSchema.optional(),
  /** Whether the member's guest seats may be paid by the plan (each counts as one booking). */
  guestSeats: z.boolean().optional(),
  lateCancel: planPenaltySchema.optional(),
  noShow: planPenaltySchema.optional(),
  commitment: planCommitmentSchema.optional(),
};

type TermsShape = {
  kind: PlanKind;
  credits?: number | undefined;
  dailyCap?: number | undefined;
  limit?: PlanLimit | undefined;
};

/** Each kind takes its own allowance and none of the others'. */
function checkKindFields(terms: TermsShape, ctx: z.RefinementCtx): void {
  const allowed: Record<PlanKind, readonly (keyof TermsShape)[]> = {
    credits: ['credits'],
    unlimited: ['dailyCap'],
    limited: ['limit'],
  };
  for (const field of ['credits', 'dailyCap', 'limit'] as const) {
    const set = terms[field] !== undefined;
    const wanted = allowed[terms.kind].includes(field);
    if (set && !wanted)
      ctx.addIssue({ code: 'custom', path: [field], message: `not used by ${terms.kind} plans` });
  }
  if (terms.kind === 'credits' && terms.credits === undefined)
    ctx.addIssue({ code: 'custom', path: ['credits'], message: 'required for credits plans' });
  if (terms.kind === 'limited' && terms.limit === undefined)
    ctx.addIssue({ code: 'custom', path: ['limit'], message: 'required for limited plans' });
}

/** What a member holds: the plan's terms as they were sold (a later catalogue edit keeps them). */
export const planTermsSchema = z.object(termsFields).superRefine(checkKindFields);
export type PlanTerms = z.infer<typeof planTermsSchema>;

/** The fields an admin sets (`savePlan`); the functions add the Stripe ids. */
const planEditableFields = {
  ...termsFields,
  description: textSchema(2000).optional(),
  /** Each period, in cents. */
  price: centsSchema.min(1),
  currency: currencySchema,
  /** The first period's price, when lower than `price`. */
  introPrice: centsSchema.min(1).optional(),
  /** Sold only to people who never bought before, once per person. */
  introOffer: z.boolean().optional(),
  active: z.boolean().default(true),
  /** Display order on Buy Credits. */
  order: z.number().int().min(0).max(1000).optional(),
};

function checkPrices(
  plan: { price: number; introPrice?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  if (plan.introPrice !== undefined && plan.introPrice >= plan.price)
    ctx.addIssue({ code: 'custom', path: ['introPrice'], message: 'must be below price' });
}

/** A price change announced to members before it applies (`from`). */
export const planPriceChangeSchema = z.object({
  price: centsSchema.min(1),
  /** The first renewal on or after this instant is charged the new price. */
  from: epochMsSchema,
  announcedAt: epochMsSchema,
  stripePriceId: z.string().max(255).optional(),
});
export type PlanPriceChange = z.infer<typeof planPriceChangeSchema>;

/** `Plans/{planId}`: public to read (Buy Credits); `savePlan` writes it, audited. */
export const planSchema = z
  .object({
    ...planEditableFields,
    stripeProductId: z.string().max(255).optional(),
    /** The recurring price members are charged now. */
    stripePriceId: z.string().max(255).optional(),
    priceChange: planPriceChangeSchema.optional(),
    updatedAt: epochMsSchema.optional(),
  })
  .superRefine(checkKindFields)
  .superRefine(checkPrices);
export type Plan = z.infer<typeof planSchema>;

/** `savePlan`'s `plan`: what the admin may set (strict: no Stripe ids, no price change record). */
export const planInputSchema = z
  .strictObject(planEditableFields)
  .superRefine(checkKindFields)
  .superRefine(checkPrices);
export type PlanInput = z.infer<typeof planInputSchema>;

/** Where a membership came from: a Stripe subscription, a studio's gift, cash at the desk, an import. */
export const MEMBERSHIP_SOURCES = ['stripe', 'comp', 'cash', 'import'] as const;
export const membershipSourceSchema = z.enum(MEMBERSHIP_SOURCES);
export type MembershipSource = z.infer<typeof membershipSourceSchema>;

/** One pause of a plan: no bookings from `from` until `until` (exclusive). */
export const membershipFreezeSchema = z.object({
  from: epochMsSchema,
  until: epochMsSchema,
  by: z.enum(['member', 'admin']),
  /** The admin's bulk freeze it belongs to. */
  bulkId: keySchema.optional(),
  requestedAt: epochMsSchema,
  /** Set when it was ended before `until` (`endFreeze`). */
  endedAt: epochMsSchema.optional(),
});
export type MembershipFreeze = z.infer<typeof membershipFreezeSchema>;

/**
 * `Users/{uid}/membership` (the member's current or last plan; functions write, the member reads
 * it with their profile) and its copy `Memberships/{id}` (every membership; admins page it).
 * `id` is the Stripe subscription id, or a generated id for the other sources.
 */
export const membershipSchema = z.object({
  id: keySchema,
  uid: keySchema,
  planId: keySchema,
  terms: planTermsSchema,
  source: membershipSourceSchema,
  status: planStatusSchema,
  startedAt: epochMsSchema,
  /** The paid period (Stripe's item `current_period_*`); for comp and cash, the whole term. */
  periodStart: epochMsSchema.optional(),
  periodEnd: epochMsSchema.optional(),
  /** The commitment's end, moved later by each freeze's days. */
  commitmentEndsAt: epochMsSchema.optional(),
  /** The freeze in force or booked, keyed in `freezes`. */
  freezeId: keySchema.optional(),
  /** That freeze's end, flat for the admins' index. */
  frozenUntil: epochMsSchema.optional(),
  freezes: rtdbMap(membershipFreezeSchema).optional(),
  /** A downgrade waiting for the period's end. */
  pendingChange: z.object({ planId: keySchema, name: nameSchema, at: epochMsSchema }).optional(),
  /** The branch it was bought for, when the checkout named one (a bulk freeze may pick it). */
  branch: keySchema.optional(),
  /** A late cancel or no-show's block: the plan books nothing before this instant. */
  blockedUntil: epochMsSchema.optional(),
  endedAt: epochMsSchema.optional(),
  /** Stripe's `event.created` (seconds) of the newest event applied: older ones change nothing. */
  eventCreated: z.number().int().optional(),
  updatedAt: epochMsSchema,
});
export type Membership = z.infer<typeof membershipSchema>;

/** Why a plan fee is charged. */
export const PLAN_FEE_REASONS = ['late-cancel', 'no-show', 'freeze-hold', 'early-end'] as const;
export const planFeeReasonSchema = z.enum(PLAN_FEE_REASONS);
export type PlanFeeReason = z.infer<typeof planFeeReasonSchema>;

export const PLAN_FEE_STATUSES = ['pending', 'charged', 'failed'] as const;
export const planFeeStatusSchema = z.enum(PLAN_FEE_STATUSES);
export type PlanFeeStatus = z.infer<typeof planFeeStatusSchema>;

/**
 * `Users/{uid}/plan-fees/{feeId}` (functions write; the member reads): a fee charged off-session
 * to the saved card. The id comes from its cause (`late-{bookingId}`, `freeze-{freezeId}`), so a
 * cause charges once.
 */
export const planFeeSchema = z.object({
  reason: planFeeReasonSchema,
  amount: centsSchema.min(1),
  currency: currencySchema,
  membershipId: keySchema,
  classId: keySchema.optional(),
  bookingId: keySchema.optional(),
  status: planFeeStatusSchema,
  paymentIntentId: z.string().max(255).optional(),
  /** Stripe's decline code or message, when it failed. */
  failure: z.string().max(300).optional(),
  at: epochMsSchema,
  updatedAt: epochMsSchema,
});
export type PlanFee = z.infer<typeof planFeeSchema>;

/**
 * `IntroClaims/{key}` (functions only): an intro offer taken, under the member (`u-{uid}`) and
 * under their e-mail (`e-{sha256 of the folded address}`), so a new account with the same e-mail
 * cannot take it again.
 */
export const introClaimSchema = z.object({
  uid: keySchema,
  /** What was bought with it: `plan:{planId}` or `package:{packageId}`. */
  offer: z.string().max(200),
  /** The checkout that claimed it, and until when an unpaid one holds it. */
  sessionId: z.string().max(255).optional(),
  expiresAt: epochMsSchema.optional(),
  /** Set once the checkout is paid: the claim is then permanent. */
  paidAt: epochMsSchema.optional(),
  claimedAt: epochMsSchema,
});
export type IntroClaim = z.infer<typeof introClaimSchema>;

/** `BulkFreezes/{bulkId}` (admins read): one admin action freezing many plans, and its progress. */
export const bulkFreezeSchema = z.object({
  from: epochMsSchema,
  until: epochMsSchema,
  branch: keySchema.optional(),
  reason: z.string().max(200),
  by: keySchema,
  at: epochMsSchema,
  status: z.enum(['running', 'done']),
  frozen: z.number().int().min(0),
  skipped: z.number().int().min(0),
  finishedAt: epochMsSchema.optional(),
});
export type BulkFreeze = z.infer<typeof bulkFreezeSchema>;
