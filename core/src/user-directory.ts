// The admins' member directory: `UserDirectory/{uid}` holds only what the all-users
// list shows, plus search keys the database can order by, so the screen reads one indexed page
// instead of `Users` whole (each member's `credits-list` is one key per credit). The functions
// write it next to every change of the fields it mirrors; this file is the pure part: the entry,
// its keys, and which prefix queries a search box's text becomes
// (docs/architecture/admin-and-audit.md#member-directory).
import { z } from 'zod';
import { planStateSchema, planStatusSchema } from './plan-state';
import { roleFromAdminFlag, roleSchema, takesBranchScope } from './roles';
import { epochMsSchema, keySchema } from './schemas/common';
import { userSchema } from './schemas/user';

/**
 * Sorts after every folded name: a member without a name is listed last, by e-mail, and a name
 * search (a range below this character) never matches one.
 */
export const NAMELESS_SORT_PREFIX = '\uf8ff';

/** `UserDirectory/{uid}` (functions; the member's own registration writes the profile part). */
export const userDirectoryEntrySchema = z.object({
  /** `Users/{uid}/Name`, trimmed; '' when there is none. */
  name: z.string().max(200),
  email: z.string().max(320),
  phone: z.string().max(40),
  role: roleSchema,
  /** The branch an admin or front-desk account is scoped to (`Users/{uid}/branch-scope`). */
  branch: keySchema.optional(),
  /** `Users/{uid}/Credits`: usable regular credits. */
  credits: z.number().int(),
  /** The plan as `plan-state` says (absent: never had one). */
  plan: planStatusSchema.optional(),
  /** The waiver version the member signed last (signWaiver); absent: none signed. */
  waiverVersion: z.number().int().min(1).optional(),
  /** When the account was created (bootstrapUser); absent for accounts older than the directory. */
  createdAt: epochMsSchema.optional(),
  /** Folded name (lower case, no accents); nameless: `NAMELESS_SORT_PREFIX` + folded e-mail. */
  nameKey: z.string().max(400),
  /** Folded e-mail. */
  emailKey: z.string().max(320),
  /** The phone's digits only. */
  phoneKey: z.string().max(40),
});
export type UserDirectoryEntry = z.infer<typeof userDirectoryEntrySchema>;
export type UserDirectoryField = keyof UserDirectoryEntry;

/** The directory's ordered children, each with an `.indexOn` in database.rules.json. */
export const DIRECTORY_INDEXES = ['nameKey', 'emailKey', 'phoneKey'] as const;
export type DirectoryIndex = (typeof DIRECTORY_INDEXES)[number];

/** Lower case without accents or repeated spaces, so 'jose' finds 'José'. */
export function foldSearchText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** The profile part of an entry: what registration writes and the search keys it is found by. */
export type DirectoryProfile = Pick<
  UserDirectoryEntry,
  'name' | 'email' | 'phone' | 'nameKey' | 'emailKey' | 'phoneKey'
>;

export function directoryProfile(profile: {
  Name?: string | undefined;
  Email?: string | undefined;
  Phone?: string | undefined;
}): DirectoryProfile {
  const name = (profile.Name ?? '').trim();
  const email = profile.Email ?? '';
  const phone = profile.Phone ?? '';
  const emailKey = foldSearchText(email);
  return {
    name,
    email,
    phone,
    nameKey: name === '' ? `${NAMELESS_SORT_PREFIX}${emailKey}` : foldSearchText(name),
    emailKey,
    phoneKey: phoneDigits(phone),
  };
}

/** One field of a stored `Users/{uid}`, or undefined when it is missing or malformed. */
function field<K extends keyof typeof userSchema.shape>(
  user: Record<string, unknown>,
  key: K,
): z.infer<(typeof userSchema.shape)[K]> | undefined {
  const parsed = userSchema.shape[key].safeParse(user[key]);
  return parsed.success ? (parsed.data as z.infer<(typeof userSchema.shape)[K]>) : undefined;
}

/**
 * The entry for a stored `Users/{uid}` value (without `createdAt`, which the node does not hold).
 * Each field is read on its own, so one malformed field leaves only itself empty.
 */
export function directoryEntryOf(user: unknown): Omit<UserDirectoryEntry, 'createdAt'> {
  const record =
    typeof user === 'object' && user !== null && !Array.isArray(user)
      ? (user as Record<string, unknown>)
      : {};
  const entry: Omit<UserDirectoryEntry, 'createdAt'> = {
    ...directoryProfile({
      Name: field(record, 'Name'),
      Email: field(record, 'Email'),
      Phone: field(record, 'Phone'),
    }),
    role: roleFromAdminFlag(record['Admin']),
    credits: field(record, 'Credits') ?? 0,
  };
  const planState = planStateSchema.safeParse(record['plan-state']);
  if (planState.success) entry.plan = planState.data.status;
  else if (record['activeSuscription'] === true) entry.plan = 'active';
  const scope = field(record, 'branch-scope');
  if (scope !== undefined && takesBranchScope(entry.role)) entry.branch = scope;
  const waiver = userSchema.shape.waiver.safeParse(record['waiver']);
  if (waiver.success && waiver.data) entry.waiverVersion = waiver.data.version;
  return entry;
}

/** One indexed prefix range: `orderByChild(index).startAt(start).endAt(end)`. */
export interface DirectoryPrefixQuery {
  index: DirectoryIndex;
  start: string;
  end: string;
}

function prefix(index: DirectoryIndex, start: string): DirectoryPrefixQuery {
  return { index, start, end: `${start}${NAMELESS_SORT_PREFIX}` };
}

/**
 * Whether `entry` answers `query` by its own name, e-mail or phone: its key derived from them is
 * in the query's range. The stored keys are the member's to write (the rules cannot fold accented
 * names), so a search keeps only the rows this holds for: a key filed under someone else's name
 * does not put a row among theirs.
 */
export function answersDirectoryQuery(query: DirectoryPrefixQuery, entry: unknown): boolean {
  if (typeof entry !== 'object' || entry === null) return false;
  const text = (field: string): string | undefined => {
    const value = (entry as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : undefined;
  };
  const profile = { Name: text('name'), Email: text('email'), Phone: text('phone') };
  const key = directoryProfile(profile)[query.index];
  return key >= query.start && key <= query.end;
}

/**
 * The prefix queries a search box's text becomes: the folded text against the name (unless it
 * has an '@') and the e-mail (unless it has a space), and its digits against the phone when the
 * text is a phone number ('81 1234-5', '+52 (81)'). Empty text: none (the page by name instead).
 */
export function directorySearchQueries(text: string): DirectoryPrefixQuery[] {
  const folded = foldSearchText(text);
  if (folded === '') return [];
  const queries: DirectoryPrefixQuery[] = [];
  if (!folded.includes('@')) queries.push(prefix('nameKey', folded));
  if (!folded.includes(' ')) queries.push(prefix('emailKey', folded));
  const digits = phoneDigits(folded);
  if (digits !== '' && /^[\d\s+().-]+$/.test(folded)) queries.push(prefix('phoneKey', digits));
  return queries;
}

/**
 * The entry a new account's bootstrap writes over what is stored: the member's registration may
 * have mirrored its profile there first (the two race), so a profile field the member node does
 * not have yet keeps the stored one; role, credits and plan come from the node; the first
 * `createdAt` stays.
 */
export function mergeDirectoryEntry(
  stored: unknown,
  user: unknown,
  createdAt: number,
): UserDirectoryEntry {
  const fromUser = directoryEntryOf(user);
  const parsed = userDirectoryEntrySchema.partial().safeParse(stored);
  const kept = parsed.success ? parsed.data : {};
  return {
    ...fromUser,
    ...directoryProfile({
      Name: fromUser.name || kept.name,
      Email: fromUser.email || kept.email,
      Phone: fromUser.phone || kept.phone,
    }),
    createdAt: kept.createdAt ?? createdAt,
  };
}
