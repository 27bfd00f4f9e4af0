import { z } from 'zod';

export const ROLES = ['admin', 'coach', 'member'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

/**
 * `Users/{uid}/Admin` as the spec stores it: true (admin), false (member), 'Coach' (coach);
 * 'fs' also means coach (spec §6), so it is accepted on read but never written.
 */
export const adminFlagSchema = z.union([z.boolean(), z.literal('Coach'), z.literal('fs')]);
export type AdminFlag = z.infer<typeof adminFlagSchema>;

export function adminFlagForRole(role: Role): true | false | 'Coach' {
  switch (role) {
    case 'admin':
      return true;
    case 'coach':
      return 'Coach';
    case 'member':
      return false;
  }
}

/** Anything that is not exactly true, 'Coach' or 'fs' (missing, 'true', 1…) is a member. */
export function roleFromAdminFlag(flag: unknown): Role {
  if (flag === true) return 'admin';
  if (flag === 'Coach' || flag === 'fs') return 'coach';
  return 'member';
}

/** The custom claim `setUserRole` stores next to the field (design §2). */
export function roleFromClaims(claims: unknown): Role {
  if (typeof claims !== 'object' || claims === null) return 'member';
  const parsed = roleSchema.safeParse((claims as { role?: unknown }).role);
  return parsed.success ? parsed.data : 'member';
}

export function isStaff(role: Role): boolean {
  return role === 'admin' || role === 'coach';
}
