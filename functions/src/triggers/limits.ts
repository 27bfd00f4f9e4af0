// The abuse limits the member-facing callables count with (core `RATE_LIMITS`, counters in
// `RateLimits/{uid}/{action}`; functions/src/engine/rate-limiter.ts).
import { adminDatabase } from '../admin';
import { databaseRateLimiter } from '../engine';
import type { RateLimiter } from '../engine';

export function memberLimits(): RateLimiter {
  return databaseRateLimiter(adminDatabase(), Date.now);
}
