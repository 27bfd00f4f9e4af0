import { formatDateTime, mailOutboxIds, paths } from '@studio/core';
import { enqueueMail } from '../../mail';
import type { User } from '@studio/core';
import { writeNewDirectoryEntry } from '../../engine';
import { welcomeMessage } from '../../mail/invitation';
import type { HandlerDeps } from '../../engine';

/** The parts of an Auth UserRecord the profile is seeded from. */
export interface NewAuthUser {
  uid: string;
  displayName?: string | null | undefined;
  email?: string | null | undefined;
  phoneNumber?: string | null | undefined;
  photoURL?: string | null | undefined;
  /** Auth's record of when the account was made (an HTTP date string). */
  metadata?: { creationTime?: string | undefined } | undefined;
}

export interface BootstrapUserResult {
  /** Fields this call added to `Users/{uid}`; empty when the app had written them all. */
  filledFields: (keyof User)[];
  /** Whether `Reports/{uid}` was written because the profile has no Name. */
  reportCreated: boolean;
  /** The welcome mail's outbox entry: new, or already there from an earlier delivery. */
  welcomeMail: 'written' | 'exists';
}

function present(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** The profile a new account starts with; optional fields only when Auth has them. */
export function profileDefaults(user: NewAuthUser, now: number): Partial<User> {
  const defaults: Partial<User> = {};
  if (present(user.displayName)) defaults.Name = user.displayName.trim();
  if (present(user.email)) defaults.Email = user.email;
  if (present(user.phoneNumber)) defaults.Phone = user.phoneNumber;
  if (present(user.photoURL)) defaults.Img = user.photoURL;
  defaults.Admin = false;
  defaults.Conditions = false;
  defaults.Credits = 0;
  defaults.LastSeen = formatDateTime(now);
  return defaults;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * Seeds `Users/{uid}` when an account is created. The app's registration writes the same node,
 * in either order: whatever is already there wins and only missing fields are added, inside a
 * transaction so a concurrent app write is never overwritten
 * (docs/decisions/020-auth-bootstrap-trigger.md). Runs again safely when Auth redelivers the event.
 */
export async function bootstrapUser(
  { db, now }: Pick<HandlerDeps, 'db' | 'now'>,
  user: NewAuthUser,
): Promise<BootstrapUserResult> {
  const defaults = profileDefaults(user, now());
  let filledFields: (keyof User)[] = [];

  const { snapshot } = await db.ref(paths.user(user.uid)).transaction(
    (current: unknown) => {
      const existing = asRecord(current);
      const missing = (Object.keys(defaults) as (keyof User)[]).filter(
        (field) => existing[field] === undefined || existing[field] === null,
      );
      filledFields = missing;
      if (missing.length === 0) return undefined; // nothing to add: leave the node untouched
      const next: Record<string, unknown> = { ...existing };
      for (const field of missing) next[field] = defaults[field];
      return next;
    },
    undefined,
    false,
  );

  // The admins' directory entry, with the account's creation time (the same on a redelivery).
  const created = Date.parse(user.metadata?.creationTime ?? '');
  await writeNewDirectoryEntry(
    db,
    user.uid,
    snapshot.val(),
    Number.isNaN(created) ? now() : created,
  );

  const name: unknown = snapshot.child('Name').val();
  const hasName = typeof name === 'string' && name.trim() !== '';
  if (!hasName) await db.ref(paths.report(user.uid)).update({ Uid: user.uid });
  // After the profile it greets; Auth redelivers a failed event, and the id keeps it to one.
  const welcome = await enqueueMail(
    db,
    {
      id: mailOutboxIds.welcome(user.uid),
      uid: user.uid,
      message: welcomeMessage({
        Conditions: snapshot.child('Conditions').val(),
        importedFrom: snapshot.child('importedFrom').val(),
      }),
    },
    now(),
  );
  // Failing the event makes Auth deliver it again (failurePolicy); the re-run writes the entry.
  if (welcome === 'failed') throw new Error(`The welcome mail of ${user.uid} was not enqueued`);
  return { filledFields, reportCreated: !hasName, welcomeMail: welcome };
}
