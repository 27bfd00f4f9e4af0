import { FirebaseAuthError } from 'firebase-admin/auth';
import type { UserRecord } from 'firebase-admin/auth';
import {
  DomainError,
  adminFlagForRole,
  adminFlagSchema,
  isPrivileged,
  paths,
  roleFromAdminFlag,
  roleSchema,
  takesBranchScope,
} from '@studio/core';
import type { AdminFlag, AuditEntry, Role, SetUserRoleInput } from '@studio/core';
import type { HandlerDeps } from '../../engine';

export interface SetUserRoleCommand extends SetUserRoleInput {
  /** The admin making the change (their uid), or 'cli' for `npm run admin`, for the audit entry. */
  by: string;
  /**
   * Who ran a command-line change (the credential's service account, or user@host), kept in the
   * audit entry's details; the callable has none, its `by` is a signed-in admin.
   */
  operator?: string;
  /**
   * Grant a staff role to an account whose e-mail is not verified (`npm run admin -- grant
   * --allow-unverified`, only): recorded in the audit entry. The callable never sets it.
   */
  allowUnverified?: boolean;
}

export interface SetUserRoleOutcome {
  before: Role;
  after: Role;
  auditId: string;
}

/**
 * What the audit entry records on each side of the change; a side that was never set is left
 * out (the database does not store nulls).
 */
interface RoleState {
  /** The `role` custom claim. */
  claim?: Role;
  /** `Users/{uid}/Admin`. */
  Admin?: AdminFlag;
  /** The custom claim `branch`: the branch an admin or the front desk is scoped to. */
  branch?: string;
}

async function getAuthUser(auth: HandlerDeps['auth'], uid: string): Promise<UserRecord> {
  try {
    return await auth.getUser(uid);
  } catch (error) {
    if (error instanceof FirebaseAuthError && error.code === 'auth/user-not-found') {
      throw new DomainError('not-found', 'userNotFound', { uid });
    }
    throw error;
  }
}

/**
 * Gives an account a role: the custom claim `role` (what the rules check) and
 * `Users/{uid}/Admin` (what the app reads), plus an audit entry.
 *
 * A role beyond a member's (admin, staff, coach) goes only to an account whose e-mail is
 * verified: anyone can register someone else's address, and the owner's first admin grant names
 * an address (`emailNotVerified`, nothing written). Taking a role away never needs it.
 *
 * With `branch` (an admin or the front desk only, and a branch that exists) the account manages
 * that branch alone: the claim `branch` next to `role` (what the rules and callables check) and
 * `Users/{uid}/branch-scope` (what the app reads). Without it the role covers the whole chain.
 *
 * The claim is written first because it is the security boundary: if the database write then
 * fails the call fails, and repeating it (idempotent) brings the field in line.
 */
export async function setUserRole(
  { db, auth, now }: HandlerDeps,
  { by, operator, uid, role, branch, allowUnverified = false }: SetUserRoleCommand,
): Promise<SetUserRoleOutcome> {
  // The input schema refuses a branch on other roles; a command-line call is checked here too.
  if (branch !== undefined && !takesBranchScope(role))
    throw new DomainError('invalid-argument', 'branchScopeRole');
  if (branch !== undefined && !(await db.ref(paths.branch(branch)).get()).exists())
    throw new DomainError('not-found', 'branchNotFound');
  const user = await getAuthUser(auth, uid);
  const unverified = user.emailVerified !== true;
  if (unverified && isPrivileged(role) && !allowUnverified)
    throw new DomainError('failed-precondition', 'emailNotVerified');
  const { branch: claimedBranch, ...claims } = user.customClaims ?? {};
  const storedFlag = adminFlagSchema.safeParse(
    (await db.ref(paths.userField(uid, 'Admin')).get()).val(),
  );
  const claimed = roleSchema.safeParse(claims['role']);
  const before: RoleState = {};
  if (claimed.success) before.claim = claimed.data;
  if (storedFlag.success) before.Admin = storedFlag.data;
  if (typeof claimedBranch === 'string') before.branch = claimedBranch;
  const flag = adminFlagForRole(role);
  const after: RoleState = { claim: role, Admin: flag };
  if (branch !== undefined) after.branch = branch;

  // A new role without a branch covers the whole chain: an old scope does not carry over.
  await auth.setCustomUserClaims(uid, {
    ...claims,
    role,
    ...(branch === undefined ? {} : { branch }),
  });

  const auditId = db.ref(paths.auditLog()).push().key;
  if (auditId === null) throw new Error('push() returned no key');
  const entry: AuditEntry = {
    at: now(),
    by,
    action: 'setUserRole',
    target: uid,
    details: {
      before,
      after,
      ...(operator === undefined ? {} : { operator }),
      // A role beyond a member's given without a verified e-mail, on the operator's word.
      ...(unverified && isPrivileged(role) ? { emailVerified: false } : {}),
    },
  };
  await db.ref().update({
    [paths.userField(uid, 'Admin')]: flag,
    // What the app reads to show a branch manager their branch (null removes it).
    [paths.userField(uid, 'branch-scope')]: branch ?? null,
    // The admins' member directory shows the role (docs/architecture/admin-and-audit.md).
    [paths.userDirectoryField(uid, 'role')]: role,
    [paths.userDirectoryField(uid, 'branch')]: branch ?? null,
    [paths.auditEntry(auditId)]: entry,
  });

  return {
    before: before.claim ?? roleFromAdminFlag(before.Admin),
    after: role,
    auditId,
  };
}
