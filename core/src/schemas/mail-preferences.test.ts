import { describe, expect, it } from 'vitest';
import {
  ALWAYS_SENT_MAIL_KINDS,
  MAIL_PREFERENCE_KINDS,
  isMailPreferenceKind,
  mailPreferencesSchema,
  wantsMail,
} from './mail-preferences';
import { MAIL_KINDS } from './mail';

describe('mail preferences', () => {
  it('keeps the kinds that always go out of the switchable ones', () => {
    for (const kind of ALWAYS_SENT_MAIL_KINDS) expect(isMailPreferenceKind(kind)).toBe(false);
    expect(MAIL_PREFERENCE_KINDS).toContain('class-reminder');
  });

  it('names every mail kind exactly once, as switchable or always sent', () => {
    expect([...MAIL_PREFERENCE_KINDS, ...ALWAYS_SENT_MAIL_KINDS].sort()).toEqual(
      [...MAIL_KINDS].sort(),
    );
  });

  it('reads stored booleans and drops unknown kinds and other values', () => {
    expect(
      mailPreferencesSchema.parse({
        'class-reminder': false,
        welcome: true,
        'purchase-receipt': false,
        'booking-confirmed': 'no',
      }),
    ).toEqual({ 'class-reminder': false, welcome: true });
    expect(mailPreferencesSchema.parse(null)).toEqual({});
  });

  it('sends a kind unless it was turned off, and always sends receipts and cancellations', () => {
    const preferences = { 'class-reminder': false, welcome: true } as const;
    expect(wantsMail(preferences, 'class-reminder')).toBe(false);
    expect(wantsMail(preferences, 'welcome')).toBe(true);
    expect(wantsMail(preferences, 'booking-confirmed')).toBe(true);
    expect(wantsMail({}, 'purchase-receipt')).toBe(true);
    expect(wantsMail({}, 'class-cancelled')).toBe(true);
  });
});
