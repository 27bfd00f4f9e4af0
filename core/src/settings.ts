import { z } from 'zod';

/** The studio's time zone and formats. */
export const STUDIO_TIME_ZONE = 'America/Monterrey';
export const DATE_FORMAT = 'yyyy-MM-dd';
export const HOUR_FORMAT = 'HH:mm';

/** The product's version labels (docs/product-contract.md). */
export const VERSION_LABEL = 'V.2.8';
export const FORCE_HASH_UPDATE = 'v1.0.3';
export const SUBSCRIPTION_CREDITS = 30;

/** The product's timings (docs/product-contract.md), named so no bare number appears in the app. */
export const TIMINGS = {
  subscriptionModalDelayMs: 5000,
  subscriptionModalIntervalDays: 7,
  userDetailDelayMs: 3000,
  priceLoadDelayMs: 1000,
  shellToastMs: 1000,
  modalToastMs: 2000,
  serviceWorkerDelayMs: 30000,
} as const;

/** The browser storage keys, exactly as the earlier app spelled them (docs/product-contract.md). */
export const STORAGE_KEYS = {
  uid: 'UID',
  guestKey: 'KeyTemporal',
  name: 'NameUser',
  admin: 'Admin',
  email: 'Email',
  img: 'Img',
  ip: 'IP',
  timestamp: 'TIMESTAMP',
  weeklyModalDate: 'weekly_modal_date',
  subscriptionPriceCache: 'PreciocreditsCache',
  imgNew: 'imgNew',
  loginCacheUid: 'LoginCacheUID',
} as const;

/** A booking hold older than this is abandoned (crashed call) and may be released. */
export const CREDIT_HOLD_TIMEOUT_MS = 2 * 60 * 1000;

// Building a DateTimeFormat is slow (~1 ms), and every booking reads Settings: remember answers.
const knownTimeZones = new Map<string, boolean>();

function isTimeZone(value: string): boolean {
  const known = knownTimeZones.get(value);
  if (known !== undefined) return known;
  let valid = true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    valid = false;
  }
  if (knownTimeZones.size < 100) knownTimeZones.set(value, valid);
  return valid;
}

/** Guest seats one member may hold in one class, at most (the studio sets less). */
export const MAX_GUESTS_PER_MEMBER = 10;

/**
 * `Settings`: the studio's tunable rules. Every field has a default, so an
 * empty or partial node parses to a complete value.
 */
export const settingsSchema = z.object({
  timeZone: z.string().refine(isTimeZone, 'unknown time zone').default(STUDIO_TIME_ZONE),
  /** Booking opens this many days (×24 h) before the class starts. */
  bookingWindowDays: z.number().int().min(1).max(90).default(7),
  /** Cancelling at least this many hours before start refunds the credit. */
  cancellationWindowHours: z.number().int().min(0).max(168).default(12),
  /** Waiting-list promotions stop (and joining closes) this many minutes before start. */
  waitlistCutoffMinutes: z.number().int().min(0).max(1440).default(60),
  /** Expiry of credits whose source sets none (admin adjustments, demo data). */
  creditValidityDays: z.number().int().min(1).max(3650).default(30),
  /** Credits granted per paid subscription period (spec: 30). */
  subscriptionCredits: z.number().int().min(1).max(1000).default(SUBSCRIPTION_CREDITS),
  /** Coaches can take attendance from this many minutes before the class. */
  checkInOpensMinutes: z.number().int().min(0).max(1440).default(60),
  /** Members may book seats for guests with their own credits ("bring a friend"). */
  guestBookingsEnabled: z.boolean().default(true),
  /** Guest seats one member may hold in a class whose own `guestsPerMember` is unset. */
  guestsPerMember: z.number().int().min(0).max(MAX_GUESTS_PER_MEMBER).default(1),
  /** The class reminder e-mail goes this many hours before the class. */
  reminderHours: z.number().int().min(1).max(48).default(2),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('USD'),
  /** A member's own plan freeze lasts at least / at most this many days (docs/architecture/plans.md). */
  freezeMinDays: z.number().int().min(1).max(365).default(7),
  freezeMaxDays: z.number().int().min(1).max(365).default(90),
  /** Freezes a member may start in any 365 days; 0 turns self-service freezes off. */
  freezesPerYear: z.number().int().min(0).max(12).default(2),
  /** Charged to the saved card when a member freezes (cents; 0: no fee). */
  freezeHoldFee: z.number().int().min(0).max(100_000).default(0),
  /** Members hear of a plan's new price this many days before it is charged. */
  priceChangeNoticeDays: z.number().int().min(7).max(90).default(30),
  /** A yearly plan's reminder mail goes this many days before it renews. */
  renewalReminderDays: z.number().int().min(15).max(45).default(30),
});

export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = Object.freeze(settingsSchema.parse({}));

/** Reads `Settings` as stored; missing or invalid fields fall back to their defaults. */
export function settingsFromStored(value: unknown): Settings {
  const source = typeof value === 'object' && value !== null ? value : {};
  const result: Record<string, unknown> = {};
  for (const [field, fieldSchema] of Object.entries(settingsSchema.shape)) {
    const parsed = fieldSchema.safeParse((source as Record<string, unknown>)[field]);
    result[field] = parsed.success ? parsed.data : DEFAULT_SETTINGS[field as keyof Settings];
  }
  return settingsSchema.parse(result);
}
