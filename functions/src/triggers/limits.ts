// The abuse limits the member-facing callables count with (core `RATE_LIMITS`, counters in
// `RateLimits/{uid}/{action}`; functions/src/handlers/limits/rate-limiter.ts).
import { adminDatabase } from '../admin';
import { databaseRateLimiter } from '../handlers/limits/rate-limiter';
import type { RateLimiter } from '../handlers/limits/rate-limiter';

export function memberLimits(): RateLimiter {
  return databaseRateLimiter(adminDatabase(), Date.now);
}
