import { z } from 'zod';
import {
  centsSchema,
  couponCodeSchema,
  creditKindSchema,
  currencySchema,
  epochMsSchema,
  keySchema,
  purchaseKindSchema,
  rtdbList,
} from './common';

// Alike in form with the lists in classes.ts and ledger.ts, kept apart: each node has its own.
export const PAYMENT_STATUSES = [
  'pending',
  'paid',
  'failed',
  'expired',
  'refunded',
  'partially-refunded',
] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const paymentItemSchema = z.object({
  type: z.enum(['package', 'product', 'event', 'subscription', 'plan']),
  id: keySchema,
  /** Shop products live under a category. */
  category: keySchema.optional(),
  name: z.string().max(200),
  quantity: z.number().int().min(1).max(99),
  unitAmount: centsSchema,
});
export type PaymentItem = z.infer<typeof paymentItemSchema>;

/** How the money came: a card through Stripe, or cash taken at the front desk. */
export const PAYMENT_METHODS = ['card', 'cash'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/**
 * `Payments/{id}` (lista-pagos); id = checkout session id, invoice id for renewals, or
 * `cash-{requestId}` for cash taken at the desk (core/src/desk/sales.ts).
 */
export const paymentSchema = z.object({
  uid: keySchema,
  email: z.string().max(320).optional(),
  kind: purchaseKindSchema,
  items: rtdbList(paymentItemSchema),
  /** Before the coupon, in cents. */
  subtotal: centsSchema,
  discount: centsSchema.default(0),
  /** Charged, in cents. */
  amount: centsSchema,
  currency: currencySchema,
  coupon: couponCodeSchema.optional(),
  branch: keySchema.optional(),
  /** `paymentBranchKey(branch, createdAt)` on a payment with a branch (core/src/payment-totals.ts). */
  branchCreatedAt: z.string().max(220).optional(),
  status: paymentStatusSchema,
  /** Credits this payment granted, if any. */
  credits: z.object({ kind: creditKindSchema, count: z.number().int().min(0) }).optional(),
  amountRefunded: centsSchema.optional(),
  createdAt: epochMsSchema,
  updatedAt: epochMsSchema.optional(),
  paidAt: epochMsSchema.optional(),
  stripeSessionId: z.string().max(255).optional(),
  stripePaymentIntentId: z.string().max(255).optional(),
  stripeInvoiceId: z.string().max(255).optional(),
  stripeSubscriptionId: z.string().max(255).optional(),
  stripeChargeId: z.string().max(255).optional(),
  stripeCustomerId: z.string().max(255).optional(),
  /** Absent: a card (every payment before cash sales). */
  method: paymentMethodSchema.optional(),
  /** Cash: the front desk or admin who took it, and who gave it back. */
  takenBy: keySchema.optional(),
  refundedBy: keySchema.optional(),
  refundReason: z.string().max(200).optional(),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * `StripeEvents/{eventId}`: claimed (`processing`, with the claim's id and when it lapses) in a
 * transaction before any work, so one delivery works at a time; replaced by the outcome when the
 * work is done, removed when it failed, so Stripe's retry does it.
 */
export const stripeEventRecordSchema = z.object({
  type: z.string().max(100),
  /** Stripe's `event.created`, seconds. */
  created: z.number().int(),
  receivedAt: epochMsSchema,
  outcome: z.enum(['processing', 'processed', 'ignored']),
  note: z.string().max(500).optional(),
  /** While `processing`: which delivery holds the claim, and until when. */
  claimId: z.string().max(100).optional(),
  claimExpiresAt: epochMsSchema.optional(),
});
export type StripeEventRecord = z.infer<typeof stripeEventRecordSchema>;

/**
 * `StripeCustomers/{uid}`: one customer per member, claimed in a transaction before the
 * customer is created (so `customerId` is missing for a moment).
 */
export const stripeCustomerSchema = z.object({
  customerId: z.string().max(255).optional(),
  claimedAt: epochMsSchema,
});
export type StripeCustomer = z.infer<typeof stripeCustomerSchema>;

/** `StripeCustomerUids/{customerId}`: the uid (the cus → uid index). */
export const stripeCustomerUidSchema = keySchema;

/** `StripeSubscriptions/{subscriptionId}`: last known status, newest event wins. */
export const stripeSubscriptionSchema = z.object({
  uid: keySchema,
  customerId: z.string().max(255),
  status: z.string().max(40),
  /** `event.created` (seconds) of the event that wrote this status. */
  eventCreated: z.number().int(),
  currentPeriodEnd: epochMsSchema.optional(),
  cancelAtPeriodEnd: z.boolean().optional(),
});
export type StripeSubscription = z.infer<typeof stripeSubscriptionSchema>;

/** `SubscriptionGrants/{subscriptionId}/{period}`: the period's credits were granted. */
export const subscriptionGrantSchema = z.object({
  uid: keySchema,
  invoiceId: z.string().max(255),
  credits: z.number().int().min(0),
  grantedAt: epochMsSchema,
  periodStart: epochMsSchema.optional(),
  periodEnd: epochMsSchema.optional(),
});
export type SubscriptionGrant = z.infer<typeof subscriptionGrantSchema>;

/**
 * `SubscriptionClaims/{uid}`: a member holds one subscription. A subscription checkout claims it
 * (with its session and when that session expires); the paid subscription then holds it until it
 * ends. Written in transactions only.
 */
export const subscriptionClaimSchema = z.object({
  /** Which createCheckoutSession call holds it (a random id). */
  checkoutId: z.string().max(64).optional(),
  sessionId: z.string().max(255).optional(),
  /** Until when the open checkout holds the claim (its session's `expires_at`). */
  expiresAt: epochMsSchema.optional(),
  subscriptionId: z.string().max(255).optional(),
  claimedAt: epochMsSchema,
});
export type SubscriptionClaim = z.infer<typeof subscriptionClaimSchema>;
