// The abuse limits' counter: one small transaction on `RateLimits/{uid}/{action}`
// (server-only: no rule names it) per counted attempt, deciding with core's fixed-window rule.
// Handlers receive a `RateLimiter` in their deps, so the deployed functions count with
// `RATE_LIMITS` and a suite that legitimately calls one member many times passes its own limits.
import type { Database } from 'firebase-admin/database';
import { RATE_LIMITS, decideRateLimit, isDomainError, paths, rateLimitedError } from '@studio/core';
import type { RateLimitAction, RateLimits } from '@studio/core';
import { transact } from './transact';

export interface RateLimiter {
  /**
   * Counts one attempt (`cost` units) of `action` by `uid`; over the limit it throws
   * `resource-exhausted` `tooManyAttempts` (with the seconds to wait) and changes nothing.
   */
  take(uid: string, action: RateLimitAction, cost?: number): Promise<void>;
  /** Records a cost learnt after the work (an unknown coupon); never refuses. */
  charge(uid: string, action: RateLimitAction, cost: number): Promise<void>;
  /**
   * Starts reading the counter now (a listener, no write), so a `take` later in the call
   * commits in one round trip; returns the function that stops reading.
   */
  watch(uid: string, action: RateLimitAction): () => void;
  /**
   * Counts a refused call as an attempt too, so a script's refused calls use up the member's
   * window as bookings do (a refusal costs the studio a read of the class at least). Returns what
   * the call throws: its refusal, or `tooManyAttempts` once the window is used up. Only refusals
   * (domain errors) are counted; the limit's own refusal is not counted again.
   */
  countRefusal(uid: string, action: RateLimitAction, error: unknown): Promise<unknown>;
}

/** Counts nothing: for jobs and admin paths that act for no member. */
export const NO_RATE_LIMITS: RateLimiter = {
  take: () => Promise.resolve(),
  charge: () => Promise.resolve(),
  watch: () => () => undefined,
  countRefusal: (_uid, _action, error) => Promise.resolve(error),
};

export function databaseRateLimiter(
  db: Database,
  now: () => number,
  limits: RateLimits = RATE_LIMITS,
): RateLimiter {
  const count = async (uid: string, action: RateLimitAction, cost: number, force: boolean) => {
    const limit = limits[action];
    const nowMs = now();
    // Primed (the server's value before the first run): a counter is kept between windows, so
    // a guess on "nothing" would usually be refused by the server. Under `watch` this adds
    // no round trip.
    await transact(db.ref(paths.rateLimit(uid, action)), (current) => {
      const decision = decideRateLimit(current, limit, nowMs, cost, force);
      // The refusal is logged once, by the callable (`callable_rejected`, `tooManyAttempts`).
      if (!decision.allowed) return rateLimitedError(decision.retryAt, nowMs);
      return { next: decision.next, result: undefined };
    });
  };
  const take = (uid: string, action: RateLimitAction, cost = 1) => count(uid, action, cost, false);
  return {
    take,
    charge: (uid, action, cost) => count(uid, action, cost, true),
    watch: (uid, action) => {
      const ref = db.ref(paths.rateLimit(uid, action));
      // Its own callback: `off` then removes this watch only, not another call's on the node.
      const listener = () => undefined;
      ref.on('value', listener, listener);
      return () => ref.off('value', listener);
    },
    countRefusal: async (uid, action, error) => {
      if (!isDomainError(error) || error.messageKey === 'tooManyAttempts') return error;
      try {
        await take(uid, action);
      } catch (limited: unknown) {
        return limited;
      }
      return error;
    },
  };
}
