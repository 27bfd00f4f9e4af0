// Per-member abuse limits on the callables: how many attempts of each kind a member
// may make in a window, and the fixed-window rule that decides. The counter lives in
// `RateLimits/{uid}/{action}` (server-only) and is changed in one transaction by the functions;
// this file is the pure part, so the rule is unit-tested without a database.
import { z } from 'zod';
import { DomainError } from './errors';

/**
 * What is counted. Booking and joining a queue count as `book`; cancelling and leaving as
 * `cancel`; `mail` is the studio's mail to one member's address (the sender counts it).
 */
export const RATE_LIMIT_ACTIONS = [
  'book',
  'cancel',
  'checkout',
  'coupon',
  'push',
  'watch',
  'pass',
  'scan',
  'lookup',
  'desk',
  'sign',
  'plan',
  'mail',
  'clock',
  'feed',
] as const;
export type RateLimitAction = (typeof RATE_LIMIT_ACTIONS)[number];

export interface RateLimit {
  /** Attempts (cost units) allowed per window. */
  max: number;
  windowMs: number;
}

export type RateLimits = Readonly<Record<RateLimitAction, RateLimit>>;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The deployed limits, in one place. A member booking a week of classes in one sitting (5–7 in
 * a minute) stays well under `book`; a script booking and cancelling in a loop is stopped after
 * 10 of each per minute. `checkout` bounds the Stripe Checkout Sessions a member opens (each
 * stays open up to 24 h at Stripe) to 5 per 10 minutes; `coupon` bounds coupon guesses through
 * `previewPrice` to 10 per 10 minutes, an unknown code costing `COUPON_MISS_COST`; `plan` bounds
 * a member's freezes, plan changes and cancels (each may call Stripe) to 6 per 10 minutes. `mail`
 * bounds what a member's own actions can make the studio send to their address (bookings,
 * cancels, promotions: 20 an hour); receipts and the studio's class cancellations are not counted.
 */
export const RATE_LIMITS: RateLimits = {
  book: { max: 10, windowMs: MINUTE_MS },
  cancel: { max: 10, windowMs: MINUTE_MS },
  checkout: { max: 5, windowMs: 10 * MINUTE_MS },
  coupon: { max: 10, windowMs: 10 * MINUTE_MS },
  // A member's devices: saving or removing a subscription (sign-in, sign-out, the profile).
  push: { max: 10, windowMs: 10 * MINUTE_MS },
  // Watching and unwatching full classes.
  watch: { max: 20, windowMs: 10 * MINUTE_MS },
  // The front desk (core/src/desk). `pass`: a member asks for a new pass at most 5 times in 10
  // minutes. `scan`: a door device checks in a whole class in a minute (up to 120 scans), a
  // script replaying codes is stopped. `lookup`: name + last four phone digits at the kiosk,
  // 10 per minute, a miss costing `LOOKUP_MISS_COST`, so the digits cannot be walked through.
  // `desk`: walk-ins and sales by one desk account. `sign`: waiver signatures.
  pass: { max: 5, windowMs: 10 * MINUTE_MS },
  scan: { max: 120, windowMs: MINUTE_MS },
  lookup: { max: 10, windowMs: MINUTE_MS },
  desk: { max: 30, windowMs: MINUTE_MS },
  sign: { max: 5, windowMs: 10 * MINUTE_MS },
  /** A member's own plan changes (freeze, end a freeze, change, cancel): a handful a day is plenty. */
  plan: { max: 6, windowMs: 10 * MINUTE_MS },
  mail: { max: 20, windowMs: HOUR_MS },
  /** `stampServerTime`: the app asks once per start or sign-in (a page load each). */
  clock: { max: 120, windowMs: 10 * MINUTE_MS },
  /** `rotateCalendarFeed`: a new calendar URL (or none) now and then. */
  feed: { max: 5, windowMs: 10 * MINUTE_MS },
};

/** What a kiosk look-up that finds nobody costs in total (a guess), against 1 for a find. */
export const LOOKUP_MISS_COST = 3;

/** What a coupon code that does not exist costs in total (a guess), against 1 for a known one. */
export const COUPON_MISS_COST = 3;

/** `RateLimits/{uid}/{action}`: the current window's start and what was spent in it. */
export const rateLimitWindowSchema = z.object({
  start: z.number().int().nonnegative(),
  count: z.number().int().nonnegative(),
});
export type RateLimitWindow = z.infer<typeof rateLimitWindowSchema>;

export type RateLimitDecision =
  { allowed: true; next: RateLimitWindow } | { allowed: false; retryAt: number };

/**
 * Fixed window: the first attempt opens a window of `windowMs`; attempts inside it add their
 * cost until `max`; an attempt that would go over is refused and changes nothing; the first
 * attempt after the window opens a new one. A stored value of another shape (or none) counts as
 * no window. `force` records the cost even over the limit (a cost learnt after the work, such
 * as an unknown coupon): the member is then refused until the window ends.
 */
export function decideRateLimit(
  stored: unknown,
  limit: RateLimit,
  nowMs: number,
  cost = 1,
  force = false,
): RateLimitDecision {
  const parsed = rateLimitWindowSchema.safeParse(stored);
  const open =
    parsed.success && nowMs >= parsed.data.start && nowMs < parsed.data.start + limit.windowMs;
  if (!open) return { allowed: true, next: { start: nowMs, count: cost } };
  const { start, count } = parsed.data;
  if (count + cost > limit.max && !force)
    return { allowed: false, retryAt: start + limit.windowMs };
  return { allowed: true, next: { start, count: count + cost } };
}

/** The refusal a member sees: `resource-exhausted`, with the seconds until the window ends. */
export function rateLimitedError(retryAt: number, nowMs: number): DomainError {
  const seconds = Math.max(1, Math.ceil((retryAt - nowMs) / 1000));
  return new DomainError('resource-exhausted', 'tooManyAttempts', { seconds });
}
