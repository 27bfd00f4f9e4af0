import { DomainError, memberPassSchema, parseStored, paths } from '@studio/core';
import type { AuditEntry, CallableResult, MemberPass } from '@studio/core';
import type { Database } from 'firebase-admin/database';
import { newId } from '../../engine';
import type { RateLimiter } from '../../engine';
import { newPassId, signPass } from './pass-codes';

export interface PassDeps {
  db: Database;
  now: () => number;
  /** Counts renewals (`pass`); none in tests that renew freely. */
  limits?: RateLimiter;
  /** MEMBER_PASS_SECRET. */
  secret: string;
}

/** Every profile has `Admin` from its creation on (registration, bootstrapUser, the seed). */
export async function memberExists(db: Database, uid: string): Promise<boolean> {
  return (await db.ref(paths.userField(uid, 'Admin')).get()).exists();
}

function issue(uid: string, by: string, at: number, secret: string): MemberPass {
  const id = newPassId();
  return { id, code: signPass(uid, id, secret), issuedAt: at, issuedBy: by };
}

/**
 * `memberPass`: the member's current pass (the text of their QR code), issued on first call in a
 * transaction on `Users/{uid}/pass`, so two devices asking at once get the same one. `renew`
 * replaces it: every copy of the old one (a screenshot, a lost phone) stops checking in.
 */
export async function memberPass(
  { db, now, secret, limits }: PassDeps,
  uid: string,
  { renew }: { renew: boolean },
): Promise<CallableResult<'memberPass'>> {
  const path = paths.userField(uid, 'pass');
  if (!(await memberExists(db, uid))) throw new DomainError('not-found', 'userNotFound', { uid });
  if (renew) await limits?.take(uid, 'pass');
  const result = await db.ref(path).transaction(
    (stored: unknown) => {
      const current = memberPassSchema.safeParse(stored);
      if (current.success && !renew) return undefined;
      return issue(uid, uid, now(), secret);
    },
    undefined,
    false,
  );
  const pass = parseStored(memberPassSchema, result.snapshot.val(), path);
  return { pass: pass.code, issuedAt: pass.issuedAt };
}

/**
 * `revokeMemberPass` (the desk): the member's pass stops checking in at once; the member's app
 * asks for a new one the next time it shows the pass. Audited.
 */
export async function revokeMemberPass(
  { db, now }: Omit<PassDeps, 'secret'>,
  { by, uid }: { by: string; uid: string },
): Promise<void> {
  const path = paths.userField(uid, 'pass');
  if (!(await memberExists(db, uid))) throw new DomainError('not-found', 'userNotFound', { uid });
  const before = memberPassSchema.safeParse((await db.ref(path).get()).val());
  const entry: AuditEntry = {
    at: now(),
    by,
    action: 'revokeMemberPass',
    target: paths.user(uid),
    details: before.success ? { issuedAt: before.data.issuedAt } : { issuedAt: 'none' },
  };
  await db.ref().update({ [path]: null, [paths.auditEntry(newId(db))]: entry });
}
