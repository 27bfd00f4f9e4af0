// The member's own profile fields (`Users/{uid}` Name, Email, Phone) and their mirror in the
// admins' member directory (`UserDirectory/{uid}`), as one multi-path update: the rules accept
// the mirror only when it equals what the same update leaves in the profile
// (docs/architecture/admin-and-audit.md#member-directory). Registration and the profile's
// personal details both save through it.
import { directoryProfile, paths } from '@studio/core';

export interface OwnProfileFields {
  Name?: string;
  Email?: string;
  /** null removes the phone. */
  Phone?: string | null;
}

/** Root-relative paths → values for `update(ref(db), …)`. */
export function profileUpdate(uid: string, fields: OwnProfileFields): Record<string, unknown> {
  const update: Record<string, unknown> = {};
  const mirror = directoryProfile({
    Name: fields.Name,
    Email: fields.Email,
    Phone: fields.Phone ?? undefined,
  });
  if (fields.Name !== undefined) {
    update[paths.userField(uid, 'Name')] = fields.Name;
    update[paths.userDirectoryField(uid, 'name')] = mirror.name;
    update[paths.userDirectoryField(uid, 'nameKey')] = mirror.nameKey;
  }
  if (fields.Email !== undefined) {
    update[paths.userField(uid, 'Email')] = fields.Email;
    update[paths.userDirectoryField(uid, 'email')] = mirror.email;
    update[paths.userDirectoryField(uid, 'emailKey')] = mirror.emailKey;
  }
  if (fields.Phone !== undefined) {
    update[paths.userField(uid, 'Phone')] = fields.Phone;
    update[paths.userDirectoryField(uid, 'phone')] = mirror.phone;
    update[paths.userDirectoryField(uid, 'phoneKey')] = mirror.phoneKey;
  }
  return update;
}
