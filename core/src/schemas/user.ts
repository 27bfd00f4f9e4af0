import { z } from 'zod';
import { adminFlagSchema } from '../roles';
import { creditKindSchema, epochMsSchema, keySchema, rtdbMap } from './common';
import { ledgerEntrySchema } from './ledger';
import { mailPreferencesSchema } from './mail-preferences';
import { planStateSchema } from '../plan-state';
import { membershipSchema, planFeeSchema } from './plans';
import { memberPassSchema } from '../desk/pass';
import { memberWaiverSchema } from '../desk/waiver';

/**
 * A held credit cannot be used or expire: while a booking is in flight the credit it will use is
 * held, and while a card dispute is open the purchase's unused credits are held
 * (functions/src/handlers/payments/README.md).
 */
export const creditHoldSchema = z.union([
  z.object({ classId: keySchema, at: epochMsSchema }),
  z.object({ disputeId: keySchema, at: epochMsSchema }),
]);
export type CreditHold = z.infer<typeof creditHoldSchema>;

/** `import`: a pack brought over from the studio's previous system (core/src/import/balance.ts). */
export const CREDIT_SOURCES = [
  'purchase',
  'subscription',
  'adjust',
  'seed',
  'legacy',
  'import',
] as const;
export const creditSourceSchema = z.enum(CREDIT_SOURCES);
export type CreditSource = z.infer<typeof creditSourceSchema>;

/** `Users/{uid}/credits-list/{creditId}`: one entry per credit. */
export const creditEntrySchema = z.object({
  kind: creditKindSchema,
  source: creditSourceSchema,
  /** The business id it came from: checkout session, invoice, audit entry… */
  sourceId: z.string().max(200).optional(),
  /** The package bought, when `source` is 'purchase'. */
  packageId: keySchema.optional(),
  grantedAt: epochMsSchema,
  expiresAt: epochMsSchema,
  hold: creditHoldSchema.optional(),
});
export type CreditEntry = z.infer<typeof creditEntrySchema>;

export const creditsListSchema = rtdbMap(creditEntrySchema);
export type CreditsList = z.infer<typeof creditsListSchema>;

/** The credit a booking consumed, kept so a refund restores it with its original expiry. */
export const usedCreditSchema = creditEntrySchema.omit({ hold: true });
export type UsedCredit = z.infer<typeof usedCreditSchema>;

/**
 * What a booking did with the member's credits: 'used' (consumed), then 'refunded' or
 * 'forfeited' when it ended; 'void' when it ended before any credit was consumed. Each state
 * is entered once, in the member's own transaction, so a refund can never be paid twice
 * (docs/decisions/030-booking-protocol.md).
 */
export const BOOKING_CREDIT_STATES = ['used', 'refunded', 'forfeited', 'void'] as const;
export const bookingCreditStateSchema = z.enum(BOOKING_CREDIT_STATES);
export type BookingCreditState = z.infer<typeof bookingCreditStateSchema>;

/** `Users/{uid}/booking-credits/{bookingId}`. */
export const bookingCreditSchema = z.object({
  classId: keySchema,
  state: bookingCreditStateSchema,
  creditId: keySchema.optional(),
  credit: usedCreditSchema.optional(),
  /** When the state last changed. */
  at: epochMsSchema,
  /** The class start, so records of past classes can be pruned. */
  startsAt: epochMsSchema,
  /** Paid by the member's plan instead of a credit (no `creditId`): counts against its cap. */
  plan: z.object({ membershipId: keySchema, planId: keySchema }).optional(),
  /** The plan's late-cancel or no-show policy was applied to this booking (once). */
  penalty: z.enum(['late-cancel', 'no-show']).optional(),
});
export type BookingCredit = z.infer<typeof bookingCreditSchema>;

export const DISPUTE_STATES = ['open', 'won', 'lost'] as const;
export const disputeStateSchema = z.enum(DISPUTE_STATES);
export type DisputeState = z.infer<typeof disputeStateSchema>;

/**
 * `Users/{uid}/purchase-returns/{purchaseId}` (purchase = checkout session or invoice): the money
 * given back on that purchase (refunds, disputes) and the credits taken back for it so far. It
 * lives in the member's node so the grant and the take-back are one transaction: a refund or a
 * dispute that arrives before the purchase's credits are granted is applied by the grant itself.
 */
export const purchaseReturnSchema = z.object({
  chargeId: z.string().max(255),
  /** The charge's amount, minor units. */
  amount: z.number().int().min(0),
  /** Refunded so far (Stripe's cumulative `amount_refunded`). */
  refunded: z.number().int().min(0),
  /** Card disputes by id: `open` holds the unused credits, `lost` gives its amount back. */
  disputes: rtdbMap(
    z.object({ status: disputeStateSchema, amount: z.number().int().min(0) }),
  ).optional(),
  /** Credits taken back so far (the purchase's `revoke` ledger entries). */
  taken: z.number().int().min(0),
  at: epochMsSchema,
});
export type PurchaseReturn = z.infer<typeof purchaseReturnSchema>;

/** `Users/{uid}` (field names as the spec spells them). */
export const userSchema = z.object({
  Name: z.string().max(200).optional(),
  Email: z.string().max(320).optional(),
  Phone: z.string().max(40).optional(),
  Img: z.string().max(2048).optional(),
  Admin: adminFlagSchema.optional(),
  /** Waiver accepted: with a written waiver, its current version signed (core/src/desk/waiver.ts). */
  Conditions: z.boolean().optional(),
  ConditionsAt: epochMsSchema.optional(),
  /** The member's latest waiver signature (functions only). */
  waiver: memberWaiverSchema.optional(),
  /** The member's pass, the text of their QR code (functions only; core/src/desk/pass.ts). */
  pass: memberPassSchema.optional(),
  /** Server-hour string, `formatDateTime` in the studio zone. */
  LastSeen: z.string().max(40).optional(),
  /** Count of usable regular credits, kept by the functions; 0 when missing. */
  Credits: z.number().int().optional(),
  'credits-list': creditsListSchema.optional(),
  /** bookingId → what that booking did with a credit (functions only). */
  'booking-credits': rtdbMap(bookingCreditSchema).optional(),
  /**
   * Ledger entries written in the same transaction as the credit change they explain, copied
   * to `CreditLedger/{uid}` right after (and by the reconciler after a crash).
   */
  'ledger-outbox': rtdbMap(ledgerEntrySchema).optional(),
  /** Refunds and disputes per purchase (functions only). */
  'purchase-returns': rtdbMap(purchaseReturnSchema).optional(),
  activeSuscription: z.boolean().optional(),
  activeSuscriptionId: z.string().max(200).optional(),
  /** The monthly plan as the member sees it, mirrored by the webhook (functions only). */
  'plan-state': planStateSchema.optional(),
  /** The member's current or last membership plan (schemas/plans.ts; functions only). */
  membership: membershipSchema.optional(),
  /** Late-cancel, no-show, hold and early-end fees of their plan (functions only). */
  'plan-fees': rtdbMap(planFeeSchema).optional(),
  /**
   * The branch an admin or front-desk account is scoped to, as its custom claim `branch` says
   * (`setUserRole` only; core/src/roles.ts). Absent: the whole chain.
   */
  'branch-scope': keySchema.optional(),
  /** Preferred language for messages; the app falls back to 'en'. */
  Lang: z.enum(['en', 'es']).optional(),
  /**
   * The member's home branch in a chain: the site's branch, written by the app at registration;
   * the member directory lists them there (docs/decisions/175-member-home-branch.md).
   */
  homeBranch: keySchema.optional(),
  /** Kinds of mail the member turned off (false) or on (schemas/mail-preferences.ts). */
  'mail-preferences': mailPreferencesSchema.optional(),
  /**
   * "My cut-off": do not promote me from a waiting list later than this many hours before the
   * class (docs/architecture/booking.md#waiting-list); absent = the studio's cut-off. Bounds are
   * `MEMBER_CUTOFF_HOURS` (core/src/booking/window.ts), repeated in database.rules.json.
   */
  PromotionCutoffHours: z.number().int().min(1).max(48).optional(),
  /** Brought over by an import (docs/architecture/import.md): the member's old-system id. */
  importedFrom: z
    .object({ source: z.string().min(1).max(20), id: z.string().min(1).max(100) })
    .optional(),
  /** `yyyy-MM-dd`, from an import. */
  Birthday: z.string().max(10).optional(),
  EmergencyContact: z
    .object({ name: z.string().max(100).optional(), phone: z.string().max(40).optional() })
    .optional(),
  /** Agreed to marketing mail in the previous system. */
  MarketingConsent: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;
export type UserField = keyof User;

/** `Reports/{uid}`: written when a signed-in user has no Name. */
export const reportSchema = z.object({ Uid: keySchema });
export type Report = z.infer<typeof reportSchema>;

/** `DateService/{uid}`: the server-time check. */
export const dateServiceSchema = z.object({
  User: z.string().max(320),
  Ts: epochMsSchema,
  IP: z.string().max(64),
});
export type DateService = z.infer<typeof dateServiceSchema>;
