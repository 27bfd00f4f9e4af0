import { z } from 'zod';
import { assertKey } from '../keys';
import { hourSchema, isDateString } from '../time';
import { epochMsSchema, keySchema } from './common';

/**
 * What the studio pushes (docs/architecture/push.md). Each is a member setting,
 * `Users/{uid}/push-preferences/{kind}` (`false` = off; absent = the default below). `plan-expiring`
 * and `payment-failed` are written by the plan and payment steps.
 */
export const PUSH_KINDS = [
  'waitlist-promoted',
  'class-cancelled',
  'class-changed',
  'class-reminder',
  'spot-opened',
  'payment-failed',
  'credits-expiring',
  'plan-expiring',
] as const;
export const pushKindSchema = z.enum(PUSH_KINDS);
export type PushKind = z.infer<typeof pushKindSchema>;

/** Every kind is on until the member turns it off: push itself is opt-in per device. */
export const PUSH_DEFAULTS: Readonly<Record<PushKind, boolean>> = {
  'waitlist-promoted': true,
  'class-cancelled': true,
  'class-changed': true,
  'class-reminder': true,
  'spot-opened': true,
  'payment-failed': true,
  'credits-expiring': true,
  'plan-expiring': true,
};

function isPushKind(kind: string): kind is PushKind {
  return (PUSH_KINDS as readonly string[]).includes(kind);
}

/** `Users/{uid}/push-preferences`: unknown keys and non-booleans are dropped, never fatal. */
export const pushPreferencesSchema = z.unknown().transform((value) => {
  const preferences: Partial<Record<PushKind, boolean>> = {};
  if (value === null || typeof value !== 'object') return preferences;
  for (const [kind, on] of Object.entries(value)) {
    if (isPushKind(kind) && typeof on === 'boolean') preferences[kind] = on;
  }
  return preferences;
});
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

export function wantsPush(preferences: PushPreferences, kind: PushKind): boolean {
  return preferences[kind] ?? PUSH_DEFAULTS[kind];
}

/**
 * `Users/{uid}/push-quiet-hours`: from `from` to `to` in the studio's time zone (across midnight
 * when `to` < `from`), non-urgent pushes wait. Absent = on, 22:00–07:00.
 */
export const pushQuietHoursSchema = z.object({
  enabled: z.boolean(),
  from: hourSchema,
  to: hourSchema,
});
export type PushQuietHours = z.infer<typeof pushQuietHoursSchema>;
export const DEFAULT_QUIET_HOURS: PushQuietHours = { enabled: true, from: '22:00', to: '07:00' };

/** The stored value, or the default for anything that does not parse. */
export function quietHoursFromStored(value: unknown): PushQuietHours {
  const parsed = pushQuietHoursSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_QUIET_HOURS;
}

/**
 * The application server's public VAPID key on the local stack (scripts/lib/stack.ts holds its
 * private half; neither is a secret: they sign demo pushes to the push service stand-in). The
 * emulator build of the web app subscribes with it; a production build sets VITE_VAPID_PUBLIC_KEY.
 */
export const LOCAL_VAPID_PUBLIC_KEY =
  'BCpgMj3_xhWClSybry4aAhRFzK8cOFxFMq5GTqPxgr3bmq-J_hBDSZGMS8Ahn1N7hyfi1oTtUTsX7xHXhlMm0H8';

/** base64url without padding. */
const base64Url = (length: number) =>
  z
    .string()
    .length(length)
    .regex(/^[A-Za-z0-9_-]+$/, 'expected base64url');

/** The longest endpoint accepted; real ones are 100–300 characters. */
export const MAX_PUSH_ENDPOINT_CHARS = 1024;

/**
 * A browser's `PushSubscription` as `toJSON()` gives it: `p256dh` is the 65-byte uncompressed
 * P-256 point (87 base64url characters, starting with `B` for the 0x04 prefix), `auth` 16 bytes.
 */
export const pushSubscriptionKeysSchema = z.strictObject({
  p256dh: base64Url(87).startsWith('B', 'expected an uncompressed P-256 point'),
  auth: base64Url(22),
});

/** An http(s) URL (only https is ever accepted to store; see `pushEndpointProblem`). */
export const pushEndpointSchema = z.url({ protocol: /^https?$/ }).max(MAX_PUSH_ENDPOINT_CHARS);

/**
 * The push services browsers subscribe with (Chrome, Edge, Firefox, Safari): a member's endpoint
 * must be https on one of them, so a stored subscription can never make the functions post to
 * any other address. `localOrigins` adds the push service stand-in locally (emulators/push).
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  '.push.apple.com',
  '.notify.windows.com',
] as const;

/** Why an endpoint is refused, or null. */
export function pushEndpointProblem(
  endpoint: string,
  localOrigins: readonly string[] = [],
): 'not-a-url' | 'not-https' | 'unknown-push-service' | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not-a-url';
  }
  if (url.username !== '' || url.password !== '') return 'not-a-url';
  if (localOrigins.includes(url.origin)) return null;
  if (url.protocol !== 'https:') return 'not-https';
  if (url.port !== '') return 'unknown-push-service';
  const known = PUSH_SERVICE_HOSTS.some((host) =>
    host.startsWith('.') ? url.hostname.endsWith(host) : url.hostname === host,
  );
  return known ? null : 'unknown-push-service';
}

/**
 * `PushSubscriptions/{uid}/{deviceId}`: one browser's subscription. `deviceId` is derived from the
 * endpoint, so one device is one entry however often it subscribes; functions write it, the
 * member reads their own (the profile's device list).
 */
export const storedPushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  keys: pushSubscriptionKeysSchema,
  /** "Chrome on Android": what the profile calls the device (from its user agent). */
  device: z.string().max(60),
  createdAt: epochMsSchema,
  /** The last push the service accepted for it. */
  lastPushAt: epochMsSchema.optional(),
});
export type StoredPushSubscription = z.infer<typeof storedPushSubscriptionSchema>;

/** Where a push outbox entry is (docs/architecture/push.md). */
export const PUSH_OUTBOX_STATUSES = [
  'pending',
  /** A sender holds the lease; `requestedAt` once its request to the push service started. */
  'sending',
  'sent',
  /** A 429 or 5xx: tried again at `nextAttemptAt` (at least the push service's Retry-After). */
  'retrying',
  /** Quiet hours: sent at `nextAttemptAt`, their end. */
  'held',
  /** A permanent refusal (4xx other than 404/410/429) or the last attempt. */
  'failed',
  /** The member turned the kind off, or the moment passed (a spot offer in quiet hours). */
  'skipped',
  /** 404/410: the subscription is gone, and was removed. */
  'dropped',
  /**
   * A sender stopped after its request started and before it recorded the answer: the push
   * service may have taken it, so it is never sent again.
   */
  'unconfirmed',
] as const;
export const pushOutboxStatusSchema = z.enum(PUSH_OUTBOX_STATUSES);
export type PushOutboxStatus = z.infer<typeof pushOutboxStatusSchema>;

/**
 * `PushOutbox/{id}`: one push to one device, keyed by the event and the device
 * (`pushOutboxIds`). Written by the functions only; admins read it.
 */
export const pushOutboxEntrySchema = z.object({
  kind: pushKindSchema,
  uid: keySchema,
  device: keySchema,
  /** The facts as they were at the event (`pushMessageSchema` in functions/src/push). */
  message: z.record(z.string(), z.unknown()),
  status: pushOutboxStatusSchema,
  createdAt: epochMsSchema,
  attempts: z.number().int().min(0),
  nextAttemptAt: epochMsSchema.optional(),
  lease: z.object({ until: epochMsSchema }).optional(),
  /** When the claimed sender's request started (see `unconfirmed`). */
  requestedAt: epochMsSchema.optional(),
  sentAt: epochMsSchema.optional(),
  /** The push service's answer to the last attempt. */
  lastStatus: z.number().int().optional(),
  lastError: z.string().max(500).optional(),
  updatedAt: epochMsSchema.optional(),
});
export type PushOutboxEntry = z.infer<typeof pushOutboxEntrySchema>;

function day(date: string): string {
  if (!isDateString(date)) throw new RangeError(`Not a date: ${JSON.stringify(date)}`);
  return date;
}

/** The event's part of an outbox id; each part a key, the whole a key. */
function id(...parts: readonly string[]): string {
  return assertKey(parts.map(assertKey).join('-'));
}

/**
 * Events that cause a push, one id each (the outbox entry adds the device): the same event can
 * never be pushed twice to one device.
 */
export const pushEventIds = {
  promoted: (bookingId: string) => id('promoted', bookingId),
  classCancelled: (classId: string, uid: string) => id('class-cancelled', classId, uid),
  /** A change of the class's time, room or coach: `change` names the edit (its audit entry). */
  classChanged: (classId: string, change: string, uid: string) =>
    id('class-changed', classId, change, uid),
  reminder: (bookingId: string) => id('reminder', bookingId),
  /** `opening` names one free-seat opening of the class (`ClassWatch/{classId}/wave`). */
  spotOpened: (classId: string, opening: string, uid: string) =>
    id('spot-opened', classId, opening, uid),
  paymentFailed: (invoiceId: string) => id('payment-failed', invoiceId),
  creditsExpiring: (uid: string, date: string) => id('expiring', uid, day(date)),
  planExpiring: (subscriptionId: string, date: string) =>
    id('plan-expiring', subscriptionId, day(date)),
} as const;

/** `PushOutbox/{event}-{device}`. */
export function pushOutboxId(eventId: string, deviceId: string): string {
  return id(eventId, deviceId);
}

/** `ClassWatch/{classId}`: who watches a full class and how far the current opening has told. */
export const classWatchSchema = z.object({
  /** The class's start: watching ends then (the sweep removes the node). */
  startsAt: epochMsSchema,
  /** The next watcher's number: watchers are told in the order they started. */
  seq: z.number().int().min(0).default(0),
  watchers: z
    .record(keySchema, z.object({ since: epochMsSchema, seq: z.number().int().min(0) }))
    .default({}),
  /** The opening being told: a seat freed that the waiting list did not take. */
  wave: z
    .object({
      opening: keySchema,
      /** Watchers with `seq` up to this have been told of this opening. */
      toldThrough: z.number().int().min(0),
      /** Who the latest wave told, with its top-ups (they count against the wave's size). */
      uids: z.array(keySchema).default([]),
      /** When the next wave goes if a seat is still free; absent when everyone was told. */
      nextWaveAt: epochMsSchema.optional(),
    })
    .optional(),
});
export type ClassWatch = z.infer<typeof classWatchSchema>;

/** `UserWatches/{uid}/{classId}`: the member's own list of classes they watch. */
export const userWatchSchema = z.object({
  since: epochMsSchema,
  title: z.string().max(200).optional(),
  startsAt: epochMsSchema,
});
export type UserWatch = z.infer<typeof userWatchSchema>;

export const savePushSubscriptionInput = z.strictObject({
  endpoint: pushEndpointSchema,
  keys: pushSubscriptionKeysSchema,
});
export type SavePushSubscriptionInput = z.infer<typeof savePushSubscriptionInput>;

export const removePushSubscriptionInput = z.strictObject({ endpoint: pushEndpointSchema });
export type RemovePushSubscriptionInput = z.infer<typeof removePushSubscriptionInput>;

export const watchClassInput = z.strictObject({ classId: keySchema });
export type WatchClassInput = z.infer<typeof watchClassInput>;
export const unwatchClassInput = z.strictObject({ classId: keySchema });
export type UnwatchClassInput = z.infer<typeof unwatchClassInput>;
