import { z } from 'zod';
import { adminFlagSchema } from '../roles';
import { creditKindSchema, epochMsSchema, keySchema, rtdbMap } from './common';
import { ledgerEntrySchema } from './ledger';

/** While a booking is in flight the credit it will use is held (design §4). */
export const creditHoldSchema = z.object({
  classId: keySchema,
  at: epochMsSchema,
});
export type CreditHold = z.infer<typeof creditHoldSchema>;

export const CREDIT_SOURCES = ['purchase', 'subscription', 'adjust', 'seed', 'legacy'] as const;
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
 * (docs/decisions/030).
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
});
export type BookingCredit = z.infer<typeof bookingCreditSchema>;

/** `Users/{uid}` (spec §3; field names as the spec spells them). */
export const userSchema = z.object({
  Name: z.string().max(200).optional(),
  Email: z.string().max(320).optional(),
  Phone: z.string().max(40).optional(),
  Img: z.string().max(2048).optional(),
  Admin: adminFlagSchema.optional(),
  /** Waiver accepted. */
  Conditions: z.boolean().optional(),
  ConditionsAt: epochMsSchema.optional(),
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
  activeSuscription: z.boolean().optional(),
  activeSuscriptionId: z.string().max(200).optional(),
  /** Preferred language for messages; the app falls back to 'en'. */
  Lang: z.enum(['en', 'es']).optional(),
});
export type User = z.infer<typeof userSchema>;
export type UserField = keyof User;

/** `Reports/{uid}`: written when a signed-in user has no Name. */
export const reportSchema = z.object({ Uid: keySchema });
export type Report = z.infer<typeof reportSchema>;

/** `DateService/{uid}`: the server-time check (spec §7). */
export const dateServiceSchema = z.object({
  User: z.string().max(320),
  Ts: epochMsSchema,
  IP: z.string().max(64),
});
export type DateService = z.infer<typeof dateServiceSchema>;
