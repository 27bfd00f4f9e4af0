/**
 * What each e-mail says, as data: one schema per kind, the type inferred from it. A
 * `MailOutbox` entry stores one of these (docs/decisions/170-email-outbox.md), so it is parsed
 * again when the sender reads it. Money is in cents (docs/architecture/data-model.md#money),
 * instants in epoch ms.
 */
import {
  MAIL_KINDS,
  creditKindSchema,
  dateSchema,
  keySchema,
  type MailKind as CoreMailKind,
} from '@studio/core';
import { z } from 'zod';

const epochMs = z.number().int().min(0);
const cents = z.number().int().min(0);
const currency = z.string().regex(/^[A-Za-z]{3}$/);
const label = (max: number) => z.string().trim().min(1).max(max);

/** The class a member's mail is about, with the texts it is shown by. */
export const mailClassSchema = z.object({
  bookingId: keySchema,
  classId: keySchema,
  title: label(100),
  startsAt: epochMs,
  durationMinutes: z.number().int().min(5).max(600),
  room: label(100).optional(),
  branchName: label(100).optional(),
  address: label(300).optional(),
  coachName: label(100).optional(),
  spotLabel: label(10).optional(),
  /** Calendar SEQUENCE of the attachment: 0 when booked, higher after each change. */
  sequence: z.number().int().min(0).max(1000).default(0),
});
export type MailClass = z.infer<typeof mailClassSchema>;

export const creditBatchSchema = z.object({
  kind: creditKindSchema,
  count: z.number().int().min(1).max(10_000),
  expiresAt: epochMs,
});
export type CreditBatch = z.infer<typeof creditBatchSchema>;

export const mailMessageSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('booking-confirmed'),
    class: mailClassSchema,
    /** Last moment a cancel gives the credit back (cancellationOutcome). */
    refundUntil: epochMs,
    /** Paid by the member's plan instead of a credit. */
    paidBy: z.literal('plan').optional(),
  }),
  z.object({
    kind: z.literal('booking-cancelled'),
    class: mailClassSchema,
    outcome: z.enum(['refunded', 'forfeited']),
  }),
  z.object({
    kind: z.literal('waitlist-promoted'),
    class: mailClassSchema,
    /** Promoted members cancel with a refund until the waiting-list cut-off. */
    refundUntil: epochMs,
    paidBy: z.literal('plan').optional(),
  }),
  z.object({ kind: z.literal('class-reminder'), class: mailClassSchema }),
  z.object({
    kind: z.literal('class-cancelled'),
    class: mailClassSchema,
    reason: label(200).optional(),
  }),
  z.object({
    kind: z.literal('class-substitute'),
    /** The class with its new coach (`coachName`). */
    class: mailClassSchema,
    /** Who was to teach it. */
    previousCoachName: label(100).optional(),
  }),
  z.object({
    kind: z.literal('purchase-receipt'),
    /** The Stripe Checkout Session (Payments/{id}). */
    reference: label(200),
    currency,
    lines: z
      .array(z.object({ item: label(200), quantity: z.number().int().min(1), amount: cents }))
      .min(1)
      .max(100),
    subtotal: cents,
    coupon: z.object({ code: label(40), discount: cents }).optional(),
    total: cents,
    /** Defaults: the database drops an empty list, so an outbox entry read back lacks it. */
    credits: z.array(creditBatchSchema).max(100).default([]),
  }),
  z.object({
    kind: z.literal('subscription-renewed'),
    currency,
    amount: cents,
    credits: z.number().int().min(0),
    nextRenewal: epochMs.optional(),
  }),
  z.object({
    kind: z.literal('subscription-payment-failed'),
    currency,
    amount: cents,
    /** Where the member fixes the card (Stripe's hosted invoice page or the app). */
    updateUrl: z.url({ protocol: /^https?$/ }).optional(),
  }),
  z.object({ kind: z.literal('subscription-cancelled'), endsAt: epochMs.optional() }),
  z.object({
    kind: z.literal('credits-expiring'),
    credits: z.array(creditBatchSchema).min(1).max(100),
  }),
  z.object({
    kind: z.literal('welcome'),
    waiverAccepted: z.boolean().default(false),
    /**
     * An account an import made (docs/architecture/import.md): the welcome is the invitation,
     * naming the system the member came from. One outbox id per account keeps it to one mail.
     */
    invitation: z.object({ from: label(40) }).optional(),
  }),
  z.object({
    kind: z.literal('plan-notice'),
    /** What happened to the member's plan. */
    notice: z.enum([
      'frozen',
      'freeze-ended',
      'changed',
      'change-booked',
      'price-change',
      'renewal-reminder',
      'add-card',
      'fee-charged',
      'fee-failed',
      'cancelled',
    ]),
    plan: label(100),
    /** The notice's dates: the freeze's span, when a change or a new price applies, the renewal. */
    from: epochMs.optional(),
    until: epochMs.optional(),
    at: epochMs.optional(),
    /** A new price, a renewal's price or a fee, in cents. */
    amount: cents.optional(),
    currency: currency.optional(),
    /** Why a fee was charged. */
    reason: z.enum(['late-cancel', 'no-show', 'freeze-hold', 'early-end']).optional(),
    /** The studio's words for a freeze it made (a bulk freeze). */
    note: label(200).optional(),
  }),
  z.object({
    kind: z.literal('coach-class-list'),
    date: dateSchema,
    classes: z
      .array(
        z.object({
          title: label(100),
          startsAt: epochMs,
          room: label(100).optional(),
          attendees: z
            .array(z.object({ name: label(100), spotLabel: label(10) }))
            .max(500)
            .default([]),
        }),
      )
      .max(50)
      .default([]),
  }),
]);
export type MailMessage = z.infer<typeof mailMessageSchema>;
export type MailMessageInput = z.input<typeof mailMessageSchema>;
export type MailKind = MailMessage['kind'];

// core's list of kinds (preferences, outbox ids, admin screens) names exactly these kinds.
type SameKinds = [MailKind] extends [CoreMailKind]
  ? [CoreMailKind] extends [MailKind]
    ? true
    : false
  : false;
const sameKinds: SameKinds = true;
void sameKinds;
export { MAIL_KINDS };
