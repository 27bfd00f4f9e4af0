// The admins' member directory, `UserDirectory/{uid}` (core/src/user-directory.ts): a projection
// of a few `Users/{uid}` fields that all-users pages and searches. Production could keep it with
// a database trigger, but our emulator runs none, so, like the plan-state mirror, each writer of
// a mirrored field writes the directory too: role in the same multi-path update as the change,
// plan right after it (`setFields`), credits from the wallet transaction's result
// (`wallets.ts`), a new account's whole entry from bootstrapUser, and `rebuildUserDirectory`
// (the backfill) for the rest.
import type { Database } from 'firebase-admin/database';
import { directoryEntryOf, mergeDirectoryEntry, paths } from '@studio/core';

/** `Users/{uid}` fields the entry is computed from (never `credits-list`, the heavy part). */
const MIRRORED_FIELDS = [
  'Name',
  'Email',
  'Phone',
  'Admin',
  'Credits',
  'activeSuscription',
  'plan-state',
  'waiver',
] as const;

/**
 * A new account's entry, merged in a transaction with what the member's registration may have
 * mirrored first (the two race; `mergeDirectoryEntry` keeps the profile the node lacks).
 */
export async function writeNewDirectoryEntry(
  db: Database,
  uid: string,
  user: unknown,
  createdAt: number,
): Promise<void> {
  await db
    .ref(paths.userDirectoryEntry(uid))
    .transaction(
      (stored: unknown) => mergeDirectoryEntry(stored, user, createdAt),
      undefined,
      false,
    );
}

/**
 * Rewrites a member's entry from their stored fields, read one by one (not the node: its
 * `credits-list` can be thousands of keys); `createdAt` stays. Removes the entry when the member
 * has none of them. Returns whether an entry was written.
 */
export async function refreshDirectoryEntry(db: Database, uid: string): Promise<boolean> {
  const values = await Promise.all(
    MIRRORED_FIELDS.map(async (field) => {
      const value: unknown = (await db.ref(paths.userField(uid, field)).get()).val();
      return [field, value] as const;
    }),
  );
  const user = Object.fromEntries(values.filter(([, value]) => value !== null));
  if (Object.keys(user).length === 0) {
    await db.ref(paths.userDirectoryEntry(uid)).remove();
    return false;
  }
  const entry = directoryEntryOf(user);
  await db.ref(paths.userDirectoryEntry(uid)).update({
    ...entry,
    plan: entry.plan ?? null,
    waiverVersion: entry.waiverVersion ?? null,
  });
  return true;
}

/**
 * The credits count a wallet transaction committed. Two changes of one member committing at
 * once may land their mirrors in the other order, and a call may stop before writing it; the
 * reconciler puts it right.
 */
export async function mirrorDirectoryCredits(
  db: Database,
  uid: string,
  credits: number,
): Promise<void> {
  await db.ref(paths.userDirectoryField(uid, 'credits')).set(credits);
}
