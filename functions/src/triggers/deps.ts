// What the triggers of the domains that run on the engine (booking, classes, credits) share:
// the deployed dependencies and the staff check.
import type { CallableRequest } from 'firebase-functions/v2/https';
import { DomainError, isStaff, roleFromClaims } from '@studio/core';
import type { Role } from '@studio/core';
import { adminDatabase } from '../admin';
import type { BookingDeps } from '../engine';
import { requireAuth } from './callable';
import { memberLimits } from './limits';
import type { CallerAuth } from './callable';

export function bookingDeps(): BookingDeps {
  return { db: adminDatabase(), now: Date.now, limits: memberLimits() };
}

/** Coaches and admins (the `role` claim); anyone else is refused. */
export function requireStaff(request: CallableRequest<unknown>): CallerAuth & { role: Role } {
  const auth = requireAuth(request);
  const role = roleFromClaims(auth.token);
  if (!isStaff(role)) throw new DomainError('permission-denied', 'permissionDenied');
  return { ...auth, role };
}
