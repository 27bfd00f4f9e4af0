import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, settingsFromStored, settingsSchema, TIMINGS } from './settings';

describe('settings', () => {
  it('defaults to the design values', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      timeZone: 'America/Monterrey',
      bookingWindowDays: 7,
      cancellationWindowHours: 12,
      waitlistCutoffMinutes: 60,
      creditValidityDays: 30,
      subscriptionCredits: 30,
      checkInOpensMinutes: 60,
      guestBookingsEnabled: true,
      guestsPerMember: 1,
      reminderHours: 2,
      freezeMinDays: 7,
      freezeMaxDays: 90,
      freezesPerYear: 2,
      freezeHoldFee: 0,
      priceChangeNoticeDays: 30,
      renewalReminderDays: 30,
      currency: 'USD',
    });
  });

  it('keeps the spec timings', () => {
    expect(TIMINGS).toEqual({
      subscriptionModalDelayMs: 5000,
      subscriptionModalIntervalDays: 7,
      userDetailDelayMs: 3000,
      priceLoadDelayMs: 1000,
      shellToastMs: 1000,
      modalToastMs: 2000,
      serviceWorkerDelayMs: 30000,
    });
  });

  it('rejects an unknown zone and out-of-range values', () => {
    expect(settingsSchema.safeParse({ timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(settingsSchema.safeParse({ bookingWindowDays: 0 }).success).toBe(false);
    expect(settingsSchema.safeParse({ currency: 'usd' }).success).toBe(false);
  });

  it('reads a stored node field by field, defaulting what is missing or invalid', () => {
    expect(settingsFromStored({ cancellationWindowHours: 6, bookingWindowDays: 'x' })).toEqual({
      ...DEFAULT_SETTINGS,
      cancellationWindowHours: 6,
    });
    expect(settingsFromStored(null)).toEqual(DEFAULT_SETTINGS);
  });
});
