import { z } from 'zod';

/**
 * The mails a member may turn off: `Users/{uid}/mail-preferences/{kind}` holds `false`
 * for a kind turned off; absent or `true` means on. Receipts, the studio's class cancellations, a
 * new coach for a booked class and plan notices are not in this list: they always go (money, a credit given back, a freeze or a new
 * price are facts a member must hear of; the law asks for price-change and renewal notices). The kinds match `functions/src/mail/kinds.ts` (a test there keeps them
 * in step).
 */
export const MAIL_PREFERENCE_KINDS = [
  'booking-confirmed',
  'booking-cancelled',
  'waitlist-promoted',
  'class-reminder',
  'subscription-renewed',
  'subscription-payment-failed',
  'subscription-cancelled',
  'credits-expiring',
  'welcome',
  'coach-class-list',
] as const;
export const mailPreferenceKindSchema = z.enum(MAIL_PREFERENCE_KINDS);
export type MailPreferenceKind = z.infer<typeof mailPreferenceKindSchema>;

/** The mails that go whatever the member's preferences say. */
export const ALWAYS_SENT_MAIL_KINDS = [
  'purchase-receipt',
  'class-cancelled',
  'plan-notice',
  'class-substitute',
] as const;
export type AlwaysSentMailKind = (typeof ALWAYS_SENT_MAIL_KINDS)[number];

export function isMailPreferenceKind(kind: string): kind is MailPreferenceKind {
  return (MAIL_PREFERENCE_KINDS as readonly string[]).includes(kind);
}

/**
 * `Users/{uid}/mail-preferences`: kind → on (`true`) or off (`false`). Anything else stored there
 * (an unknown kind, a non-boolean) is dropped, so a bad value never stops a mail.
 */
export const mailPreferencesSchema = z.unknown().transform((value) => {
  const preferences: Partial<Record<MailPreferenceKind, boolean>> = {};
  if (value === null || typeof value !== 'object') return preferences;
  for (const [kind, on] of Object.entries(value)) {
    if (isMailPreferenceKind(kind) && typeof on === 'boolean') preferences[kind] = on;
  }
  return preferences;
});
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;

/** Whether a member wants a kind of mail: always for receipts and class cancellations. */
export function wantsMail(preferences: MailPreferences, kind: string): boolean {
  if (!isMailPreferenceKind(kind)) return true;
  return preferences[kind] !== false;
}
