// What the triggers of the domains that run on the engine (booking, classes, credits) share:
// the deployed dependencies and the role checks.
import type { CallableRequest } from 'firebase-functions/v2/https';
import {
  DomainError,
  branchScopeFromClaims,
  roleFromClaims,
  takesAttendance,
  worksTheDesk,
} from '@studio/core';
import type { Role } from '@studio/core';
import { adminDatabase } from '../admin';
import { releaseRush } from '../engine';
import type { BookingDeps, RateLimiter } from '../engine';
import { requireAuth } from './callable';
import { memberLimits } from './limits';
import type { CallerAuth } from './callable';

/**
 * A callable's: the deployed limits (or `limits`, the ones a counted call hands over:
 * `countedCall`) and the release-rush machinery (engine/rush.ts).
 */
export function bookingDeps(limits: RateLimiter = memberLimits()): BookingDeps {
  return { db: adminDatabase(), now: Date.now, limits, rush: releaseRush };
}

/** A job's: no member acts, and plain reads (a job reads each class once). */
export function jobDeps(): BookingDeps {
  return { db: adminDatabase(), now: Date.now };
}

/** A caller with their role and the branch they manage (null: the whole chain). */
export type Caller = CallerAuth & { role: Role; scope: string | null };

function requireRole(request: CallableRequest<unknown>, allowed: (role: Role) => boolean): Caller {
  const auth = requireAuth(request);
  const role = roleFromClaims(auth.token);
  if (!allowed(role)) throw new DomainError('permission-denied', 'permissionDenied');
  return { ...auth, role, scope: branchScopeFromClaims(auth.token) };
}

/** Admins, the front desk and coaches (the `role` claim); a coach only for their own classes. */
export function requireAttendanceTaker(request: CallableRequest<unknown>): Caller {
  return requireRole(request, takesAttendance);
}

/** Admins and the front desk (staff): check-in, walk-ins, desk sales, substitutes. */
export function requireDesk(request: CallableRequest<unknown>): Caller {
  return requireRole(request, worksTheDesk);
}
