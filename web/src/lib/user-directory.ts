// The raw `Users` node parsed at the boundary for the admin screens that show who a uid is.
import { isRecord, userSchema } from '@studio/core';
import type { User } from '@studio/core';

/**
 * The fields the admin lists read. Each falls back to missing on its own when stored in a shape
 * the schema refuses, so one bad field hides only itself and the member is still listed.
 */
const directoryEntrySchema = userSchema
  .pick({
    Name: true,
    Email: true,
    Phone: true,
    Admin: true,
    Credits: true,
    activeSuscription: true,
    activeSuscriptionId: true,
  })
  .extend({
    Name: userSchema.shape.Name.catch(undefined),
    Email: userSchema.shape.Email.catch(undefined),
    Phone: userSchema.shape.Phone.catch(undefined),
    Admin: userSchema.shape.Admin.catch(undefined),
    Credits: userSchema.shape.Credits.catch(undefined),
    activeSuscription: userSchema.shape.activeSuscription.catch(undefined),
    activeSuscriptionId: userSchema.shape.activeSuscriptionId.catch(undefined),
  });

export type DirectoryUser = Pick<
  User,
  'Name' | 'Email' | 'Phone' | 'Admin' | 'Credits' | 'activeSuscription' | 'activeSuscriptionId'
>;

/** One `Users/{uid}` value parsed; undefined when it is not a record. */
export function parseDirectoryUser(value: unknown): DirectoryUser | undefined {
  const parsed = directoryEntrySchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Parsed directories by the raw value they came from: the screens derive their rows on every
 * render (a keystroke in a filter), and a live value is a new object only when the data changed.
 */
const parsedDirectories = new WeakMap<object, Record<string, DirectoryUser>>();

/** `Users` as uid → its parsed fields; an entry that is not a record is skipped. */
export function parseUserDirectory(users: unknown): Record<string, DirectoryUser> {
  if (!isRecord(users)) return {};
  const known = parsedDirectories.get(users);
  if (known) return known;
  const directory: Record<string, DirectoryUser> = {};
  for (const [uid, value] of Object.entries(users)) {
    const user = parseDirectoryUser(value);
    if (user) directory[uid] = user;
  }
  parsedDirectories.set(users, directory);
  return directory;
}

/** One `Users/{uid}` as the member detail shows it: the list's fields, waiver, seen, credits. */
const memberProfileSchema = directoryEntrySchema.extend({
  Conditions: userSchema.shape.Conditions.catch(undefined),
  LastSeen: userSchema.shape.LastSeen.catch(undefined),
  'credits-list': userSchema.shape['credits-list'].catch(undefined),
  'branch-scope': userSchema.shape['branch-scope'].catch(undefined),
});

export type MemberProfile = DirectoryUser &
  Pick<User, 'Conditions' | 'LastSeen' | 'credits-list' | 'branch-scope'>;

/** One `Users/{uid}` for the member detail; a value that is not a record reads as empty. */
export function parseMemberProfile(value: unknown): MemberProfile {
  const parsed = memberProfileSchema.safeParse(value);
  return parsed.success ? parsed.data : {};
}
