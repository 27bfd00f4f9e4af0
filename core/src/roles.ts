import { z } from 'zod';

/** Highest first: `npm run admin -- list` ranks by this order. */
export const ROLES = ['admin', 'staff', 'coach', 'member'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

/**
 * `Users/{uid}/Admin` as the spec stores it: true (admin), false (member), 'Coach' (coach);
 * 'fs' also means coach, so it is accepted on read but never written. The front desk
 * role, which the spec does not know, is 'Staff'.
 */
export const adminFlagSchema = z.union([
  z.boolean(),
  z.literal('Coach'),
  z.literal('fs'),
  z.literal('Staff'),
]);
export type AdminFlag = z.infer<typeof adminFlagSchema>;

export function adminFlagForRole(role: Role): true | false | 'Coach' | 'Staff' {
  switch (role) {
    case 'admin':
      return true;
    case 'staff':
      return 'Staff';
    case 'coach':
      return 'Coach';
    case 'member':
      return false;
  }
}

/** Anything that is not exactly true, 'Staff', 'Coach' or 'fs' (missing, 'true', 1…) is a member. */
export function roleFromAdminFlag(flag: unknown): Role {
  if (flag === true) return 'admin';
  if (flag === 'Staff') return 'staff';
  if (flag === 'Coach' || flag === 'fs') return 'coach';
  return 'member';
}

/** The custom claim `setUserRole` stores next to the field. */
export function roleFromClaims(claims: unknown): Role {
  if (typeof claims !== 'object' || claims === null) return 'member';
  const parsed = roleSchema.safeParse((claims as { role?: unknown }).role);
  return parsed.success ? parsed.data : 'member';
}

/**
 * A branch manager: an admin or the front desk scoped to one branch by the custom claim
 * `branch` next to `role` (set by `setUserRole`). They see and act on that branch's classes,
 * rosters, insights and payments; members stay the chain's. Without the claim an admin is the
 * chain's (every branch) and the front desk works every branch's desk.
 */
export function takesBranchScope(role: Role): boolean {
  return role === 'admin' || role === 'staff';
}

/** The branch the claims scope their holder to, or null (the whole chain). */
export function branchScopeFromClaims(claims: unknown): string | null {
  if (typeof claims !== 'object' || claims === null) return null;
  const branch = (claims as { branch?: unknown }).branch;
  return typeof branch === 'string' && branch !== '' && takesBranchScope(roleFromClaims(claims))
    ? branch
    : null;
}

/** Whether someone of this scope (null: the chain) may see or act on this branch. */
export function coversBranch(scope: string | null, branchId: string): boolean {
  return scope === null || scope === branchId;
}

/** Who takes attendance: admins and the front desk for every class, coaches for their own. */
export function takesAttendance(role: Role): boolean {
  return role === 'admin' || role === 'staff' || role === 'coach';
}

/**
 * The front desk's work (check-in of any class, walk-ins, sales at the desk, member look-up,
 * substitutes): admins and staff. Not insights, revenue, prices, roles or settings: admins only.
 */
export function worksTheDesk(role: Role): boolean {
  return role === 'admin' || role === 'staff';
}

/** Roles beyond a member's (admin, staff, coach): given only to an account with a verified e-mail. */
export function isPrivileged(role: Role): boolean {
  return role !== 'member';
}
