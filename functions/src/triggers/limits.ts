// The abuse limits the member-facing callables count with (core `RATE_LIMITS`, counters in
// `RateLimits/{uid}/{action}`; functions/src/engine/rate-limiter.ts).
import type { RateLimitAction } from '@studio/core';
import { adminDatabase } from '../admin';
import { SpentWindows, countingRefusals, databaseRateLimiter } from '../engine';
import type { RateLimiter } from '../engine';

/** This instance's used-up windows: a member over a limit is refused again from memory. */
const SPENT = new SpentWindows();

export function memberLimits(): RateLimiter {
  return databaseRateLimiter(adminDatabase(), Date.now, undefined, SPENT);
}

/**
 * Runs a member's call with the deployed limits, its refusal counting as an attempt of
 * `action` unless the call counted one itself (`countingRefusals`).
 */
export function countedCall<T>(
  uid: string,
  action: RateLimitAction,
  run: (limits: RateLimiter) => Promise<T>,
): Promise<T> {
  return countingRefusals(memberLimits(), uid, action, run);
}
