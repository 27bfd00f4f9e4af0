import { z } from 'zod';
import { creditKindSchema, epochMsSchema, keySchema } from './common';
import { isMessageKey } from '../messages';
import type { MessageKey } from '../messages';

export const messageKeySchema = z.custom<MessageKey>(isMessageKey, 'unknown message key');
export const messageParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

// Alike in form with the other value lists and schemas, kept apart: each is its own stored node.
export const LEDGER_TYPES = [
  'grant',
  'use',
  'refund',
  'forfeit',
  'expire',
  'adjust',
  'revoke',
  /** A card dispute holds credits (delta 0: still in the list, not usable). */
  'hold',
  /** The dispute was won or closed: the held credits are usable again (delta 0). */
  'release',
  /** A booking paid by the member's plan (delta 0: no credit moves). */
  'plan-use',
  /** That booking cancelled in time: it no longer counts against the plan's cap (delta 0). */
  'plan-refund',
  /** That booking cancelled late: it still counts (delta 0); the plan's policy applies. */
  'plan-forfeit',
] as const;
export const ledgerTypeSchema = z.enum(LEDGER_TYPES);
export type LedgerType = z.infer<typeof ledgerTypeSchema>;

/**
 * `CreditLedger/{uid}/{entryId}`: every change to a member's credits. For each kind, the sum
 * of `delta` equals the number of that kind's entries in `credits-list`.
 */
export const ledgerEntrySchema = z.object({
  type: ledgerTypeSchema,
  kind: creditKindSchema,
  /** Credits added (+) or removed (−). A `use` is −1; a `forfeit` is 0 (already used). */
  delta: z.number().int(),
  creditId: keySchema.optional(),
  creditIds: z.array(keySchema).max(1000).optional(),
  /** Plain words: an admin's typed reason, or the rendered `reasonKey`. */
  reason: z.string().max(200),
  reasonKey: messageKeySchema.optional(),
  reasonParams: messageParamsSchema.optional(),
  /** The business id behind it: class, checkout session, invoice, refund, audit entry. */
  sourceId: z.string().max(200).optional(),
  classId: keySchema.optional(),
  /** The plan behind a `plan-*` entry. */
  planId: keySchema.optional(),
  at: epochMsSchema,
  /** The uid that caused it, or 'system' for webhooks and scheduled jobs. */
  by: z.string().max(128),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const NOTIFICATION_TYPES = [
  'promoted',
  'skipped-no-credit',
  'skipped-past-cutoff',
  'waitlist-position',
  'waitlist-closed',
  'class-cancelled',
  'class-changed',
  'spot-opened',
  'credits-granted',
  'credits-expired',
  'credits-revoked',
  'payment-failed',
  'subscription-ended',
  /** Membership plans (docs/architecture/plans.md): freeze, change, fee, block, new price. */
  'plan-frozen',
  'plan-freeze-ended',
  'plan-changed',
  'plan-fee',
  'plan-blocked',
  'plan-price-change',
  /** An imported plan without a card here: add one before its paid period ends. */
  'plan-add-card',
  'general',
] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** `Notifications/{uid}/{id}`: rendered by the app in the member's language. */
export const notificationSchema = z.object({
  type: notificationTypeSchema,
  messageKey: messageKeySchema,
  params: messageParamsSchema.optional(),
  at: epochMsSchema,
  read: z.boolean().default(false),
  classId: keySchema.optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `AuditLog/{id}`: who changed credits, prices, roles, classes. */
export const auditEntrySchema = z.object({
  at: epochMsSchema,
  /** uid, 'system' (webhooks, scheduled jobs) or 'cli' (`npm run admin`, scripts/admin.ts). */
  by: z.string().max(128),
  /** verb-noun, e.g. 'setUserRole', 'adjustCredits', 'cancelClass'. */
  action: z.string().min(1).max(100),
  /** The path or id acted on. */
  target: z.string().max(300).optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
