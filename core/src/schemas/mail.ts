import { z } from 'zod';
import { assertKey } from '../keys';
import { isDateString } from '../time';
import { epochMsSchema, keySchema } from './common';

/**
 * Every e-mail the studio sends, by kind. The message each kind carries is
 * `functions/src/mail/kinds.ts` (`mailMessageSchema`); this list is the shared name for admin
 * screens, preferences and outbox ids.
 */
export const MAIL_KINDS = [
  'booking-confirmed',
  'booking-cancelled',
  'waitlist-promoted',
  'class-reminder',
  'class-cancelled',
  'purchase-receipt',
  'subscription-renewed',
  'subscription-payment-failed',
  'subscription-cancelled',
  'credits-expiring',
  'welcome',
  'coach-class-list',
  /** Plan notices (docs/architecture/plans.md): freezes, changes, fees, new prices, renewals. */
  'plan-notice',
  /** Another coach takes a booked class (core/src/desk/teaching.ts). */
  'class-substitute',
] as const;
export const mailKindSchema = z.enum(MAIL_KINDS);
export type MailKind = z.infer<typeof mailKindSchema>;

/** Where an outbox entry is (docs/decisions/170-email-outbox.md). */
export const MAIL_OUTBOX_STATUSES = [
  /** Written by the event's step, not tried yet (or mail is not configured). */
  'pending',
  /** A sender holds the lease and is talking to the SMTP server. */
  'sending',
  'sent',
  /** A temporary failure: tried again at `nextAttemptAt`. */
  'retrying',
  /** A permanent failure or the last attempt: an admin may resend it. */
  'failed',
  /** The member turned this kind off. */
  'skipped',
] as const;
export const mailOutboxStatusSchema = z.enum(MAIL_OUTBOX_STATUSES);
export type MailOutboxStatus = z.infer<typeof mailOutboxStatusSchema>;

/**
 * `MailOutbox/{id}`: one e-mail, keyed by the event that caused it (`mailOutboxIds`). Written
 * by the functions only; admins read it.
 */
export const mailOutboxEntrySchema = z.object({
  kind: mailKindSchema,
  /** The recipient: a member, or a coach's account for the coach's class list. */
  uid: keySchema,
  /** The facts as they were at the event: `mailMessageSchema` in functions/src/mail/kinds.ts. */
  message: z.record(z.string(), z.unknown()),
  status: mailOutboxStatusSchema,
  createdAt: epochMsSchema,
  /** Attempts that reached the SMTP server and failed. */
  attempts: z.number().int().min(0),
  /**
   * When the sweep next looks at it: `createdAt` while pending, the backoff while retrying, the
   * lease's end while sending (a sender that died is replaced then). Absent once sent, failed or
   * skipped, so the sweep's query (`.indexOn`) finds only what is due.
   */
  nextAttemptAt: epochMsSchema.optional(),
  /** A sender's claim while `sending`; a claim past `until` is abandoned. */
  lease: z.object({ until: epochMsSchema }).optional(),
  /** The Message-ID header, `<{id}@{studio domain}>`, the same on every attempt. */
  messageId: z.string().max(998).optional(),
  sentAt: epochMsSchema.optional(),
  /** Why the last attempt failed or the entry was skipped. */
  lastError: z.string().max(500).optional(),
  /** Last status change. */
  updatedAt: epochMsSchema.optional(),
});
export type MailOutboxEntry = z.infer<typeof mailOutboxEntrySchema>;

/** A `yyyy-MM-dd` date segment of an outbox id. */
function day(date: string): string {
  if (!isDateString(date)) throw new RangeError(`Not a date: ${JSON.stringify(date)}`);
  return date;
}

/** Each part a valid key, and the joined id one too (`InvalidKeyError` otherwise). */
function id(...parts: readonly string[]): string {
  return assertKey(parts.map(assertKey).join('-'));
}

/**
 * Outbox ids: each names the event that causes the mail, so writing an entry twice for one
 * event is impossible (decision 170).
 */
export const mailOutboxIds = {
  booked: (bookingId: string) => id('booked', bookingId),
  cancelled: (bookingId: string) => id('cancelled', bookingId),
  promoted: (bookingId: string) => id('promoted', bookingId),
  reminder: (bookingId: string) => id('reminder', bookingId),
  classCancelled: (classId: string, uid: string) => id('class-cancelled', classId, uid),
  /** One per assignment (`substituteAt`): a second change of coach is news again. */
  substitute: (classId: string, uid: string, at: number) =>
    id('substitute', classId, uid, String(at)),
  receipt: (sessionId: string) => id('receipt', sessionId),
  renewed: (invoiceId: string) => id('renewed', invoiceId),
  paymentFailed: (invoiceId: string) => id('payment-failed', invoiceId),
  subscriptionEnded: (subscriptionId: string) => id('subscription-ended', subscriptionId),
  expiring: (uid: string, date: string) => id('expiring', uid, day(date)),
  welcome: (uid: string) => id('welcome', uid),
  coachList: (coachId: string, date: string) => id('coach-list', coachId, day(date)),
  /** One notice per plan event: `{event}` names it (`frozen-{freezeId}`, `price-{planId}-{at}`…). */
  planNotice: (uid: string, event: string) => id('plan', uid, event),
} as const;
