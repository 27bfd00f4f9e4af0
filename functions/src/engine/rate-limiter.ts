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
  /**
   * Throws `tooManyAttempts` at once when this instance already saw the window used up (it stays
   * so until it ends): a call checks it first, so a member over a limit costs no read at all.
   * Reads nothing; without that knowledge it does nothing and the counted attempt decides.
   */
  refuseSpent(uid: string, action: RateLimitAction): void;
}

/** Counts nothing: for jobs and admin paths that act for no member. */
export const NO_RATE_LIMITS: RateLimiter = {
  take: () => Promise.resolve(),
  charge: () => Promise.resolve(),
  watch: () => () => undefined,
  countRefusal: (_uid, _action, error) => Promise.resolve(error),
  refuseSpent: () => undefined,
};

/**
 * The windows an instance has seen used up, by `uid/action`, until they end. A fixed window's
 * count only grows until it ends, so "used up" stays true until then: a later attempt is
 * refused from memory, without a transaction (a script hammering a spent window costs the
 * database nothing more). Per instance; at most `MAX_SPENT` entries (then it starts afresh).
 */
export class SpentWindows {
  static readonly MAX_SPENT = 10_000;
  private readonly until = new Map<string, number>();

  /** When the spent window of `key` ends, if it has not yet at `nowMs`. */
  retryAt(key: string, nowMs: number): number | undefined {
    const retryAt = this.until.get(key);
    if (retryAt === undefined) return undefined;
    if (nowMs < retryAt) return retryAt;
    this.until.delete(key);
    return undefined;
  }

  spend(key: string, retryAt: number): void {
    if (this.until.size >= SpentWindows.MAX_SPENT) this.until.clear();
    this.until.set(key, retryAt);
  }
}

export function databaseRateLimiter(
  db: Database,
  now: () => number,
  limits: RateLimits = RATE_LIMITS,
  spent?: SpentWindows,
): RateLimiter {
  const count = async (uid: string, action: RateLimitAction, cost: number, force: boolean) => {
    const limit = limits[action];
    const nowMs = now();
    const key = `${uid}/${action}`;
    const known = force ? undefined : spent?.retryAt(key, nowMs);
    if (known !== undefined) throw rateLimitedError(known, nowMs);
    let refusedUntil: number | undefined;
    // Primed (the server's value before the first run): a counter is kept between windows, so
    // a guess on "nothing" would usually be refused by the server. Under `watch` this adds
    // no round trip.
    try {
      await transact(db.ref(paths.rateLimit(uid, action)), (current) => {
        const decision = decideRateLimit(current, limit, nowMs, cost, force);
        refusedUntil = decision.allowed ? undefined : decision.retryAt;
        // The refusal is logged once, by the callable (`callable_rejected`, `tooManyAttempts`).
        if (!decision.allowed) return rateLimitedError(decision.retryAt, nowMs);
        return { next: decision.next, result: undefined };
      });
    } catch (error) {
      if (refusedUntil !== undefined) spent?.spend(key, refusedUntil);
      throw error;
    }
  };
  const take = (uid: string, action: RateLimitAction, cost = 1) => count(uid, action, cost, false);
  return {
    refuseSpent: (uid, action) => {
      const nowMs = now();
      const known = spent?.retryAt(`${uid}/${action}`, nowMs);
      if (known !== undefined) throw rateLimitedError(known, nowMs);
    },
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

/**
 * Runs a member's call so that a refusal counts as an attempt of `action` (`countRefusal`)
 * unless the call already counted one (any `take`, `charge` or `countRefusal` through the
 * limiter `run` receives): a script's refused calls use up the member's window like accepted
 * ones, and one call never counts twice. A member this instance knows to be over the limit is
 * refused before `run` reads anything (`refuseSpent`). What the trigger refuses before this (the
 * input's shape: no read, nothing to save) is not counted, so it stays free of writes.
 */
export async function countingRefusals<T>(
  limits: RateLimiter,
  uid: string,
  action: RateLimitAction,
  run: (limits: RateLimiter) => Promise<T>,
): Promise<T> {
  let counted = false;
  const counting: RateLimiter = {
    take: (...args) => {
      counted = true;
      return limits.take(...args);
    },
    charge: (...args) => {
      counted = true;
      return limits.charge(...args);
    },
    watch: (...args) => limits.watch(...args),
    refuseSpent: (...args) => {
      limits.refuseSpent(...args);
    },
    countRefusal: (...args) => {
      counted = true;
      return limits.countRefusal(...args);
    },
  };
  limits.refuseSpent(uid, action);
  try {
    return await run(counting);
  } catch (error) {
    if (counted) throw error;
    throw await limits.countRefusal(uid, action, error);
  }
}
