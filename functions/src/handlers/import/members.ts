// Imported clients → accounts and profiles. Every write is keyed by the client's id in the old
// system: the account's uid (`importedUid`), the profile, the directory entry, the marker
// `ImportedMembers/{source}/{key}` (written last, with the row as imported) and the invitation's
// one outbox id, so a batch cut short anywhere is finished by running it again, and a run of the
// same file changes nothing (docs/architecture/import.md#safe-by-construction).
import {
  foldSearchText,
  mailOutboxIds,
  mergeDirectoryEntry,
  directoryProfile,
  paths,
  parseStored,
} from '@studio/core';
import {
  importedMemberSchema,
  importedUid,
  sourceKey,
  type ImportedMember,
  type MemberRecord,
} from '@studio/core/import';
import type { UserRecord } from 'firebase-admin/auth';
import { enqueueMail } from '../../mail';
import { welcomeMessage } from '../../mail/invitation';
import {
  IN_FLIGHT,
  accountOf,
  mapPool,
  readChildren,
  runAccounts,
  type ImportDeps,
  type RowResult,
  type RunContext,
} from './run';

interface MemberRow {
  line: number;
  record: MemberRecord;
}

type Plan =
  | { row: MemberRow; action: 'create'; uid: string; key: string }
  | { row: MemberRow; action: 'update'; uid: string; key: string; marker: ImportedMember }
  | { row: MemberRow; action: 'unchanged'; uid: string; key: string; marker: ImportedMember }
  | { row: MemberRow; action: 'link'; uid: string; key: string; name: string }
  | { row: MemberRow; action: 'skip'; result: RowResult };

const digestOf = (record: MemberRecord) => JSON.stringify(record);

/** The profile fields a row sets (only what the file has: an empty cell leaves ours alone). */
function profileFields(record: MemberRecord, ctx: RunContext): Record<string, unknown> {
  const fields: Record<string, unknown> = { Name: record.name };
  if (record.phone !== undefined) fields['Phone'] = record.phone;
  if (record.birthday !== undefined) fields['Birthday'] = record.birthday;
  if (record.emergencyName !== undefined || record.emergencyPhone !== undefined) {
    fields['EmergencyContact'] = { name: record.emergencyName, phone: record.emergencyPhone };
  }
  if (record.marketing !== undefined) fields['MarketingConsent'] = record.marketing;
  if (record.waiverSignedAt !== undefined) {
    fields['Conditions'] = true;
    fields['ConditionsAt'] = Date.parse(`${record.waiverSignedAt}T12:00:00Z`);
  }
  fields['importedFrom'] = { source: ctx.source, id: record.id };
  return JSON.parse(JSON.stringify(fields)) as Record<string, unknown>;
}

function skipped(row: MemberRow, problem: RowResult['problems']): Plan {
  return {
    row,
    action: 'skip',
    result: { line: row.line, id: row.record.id, outcome: 'skipped', problems: problem },
  };
}

async function accountsByEmail(
  deps: ImportDeps,
  emails: readonly string[],
): Promise<Map<string, UserRecord>> {
  const found = new Map<string, UserRecord>();
  const chunks: { email: string }[][] = [];
  for (let at = 0; at < emails.length; at += 100)
    chunks.push(emails.slice(at, at + 100).map((email) => ({ email })));
  // The admin SDK looks up at most 100 identifiers a call: a batch's calls go together.
  const pages = await mapPool(chunks, 4, (chunk) => deps.auth.getUsers(chunk));
  for (const { users } of pages)
    for (const user of users) if (user.email) found.set(user.email.toLowerCase(), user);
  return found;
}

async function plan(
  deps: ImportDeps,
  ctx: RunContext,
  rows: readonly MemberRow[],
): Promise<Plan[]> {
  const { db } = deps;
  // The batch's markers by one key-range read (rows whose id is too long for a key have none).
  const keys = rows.map((row) => sourceKey(row.record.id) ?? '');
  const stored = await readChildren(
    db,
    paths.importedMembers(ctx.source),
    keys.filter((key) => key !== ''),
  );
  const markers = keys.map((key) => {
    const value = key === '' ? undefined : stored.get(key);
    return value === undefined
      ? undefined
      : parseStored(importedMemberSchema, value, paths.importedMember(ctx.source, key));
  });
  const fresh = rows.filter((_, index) => markers[index] === undefined);
  const accounts = await accountsByEmail(deps, [...new Set(fresh.map((row) => row.record.email))]);
  const existingNames = new Map<string, string>();
  await mapPool([...accounts.values()], IN_FLIGHT, async (account) => {
    const name: unknown = (await db.ref(paths.userField(account.uid, 'Name')).get()).val();
    existingNames.set(account.uid, typeof name === 'string' ? name : (account.displayName ?? ''));
  });

  const emailOwner = new Map<string, string>();
  return rows.map((row, index): Plan => {
    const { record } = row;
    const key = sourceKey(record.id) ?? '';
    const uid = importedUid(ctx.source, record.id);
    const marker = markers[index];
    if (marker !== undefined) {
      return marker.digest === digestOf(record)
        ? { row, action: 'unchanged', uid: marker.uid, key, marker }
        : { row, action: 'update', uid: marker.uid, key, marker };
    }
    const other = emailOwner.get(record.email);
    if (other !== undefined && other !== record.id) {
      return skipped(row, [{ reason: 'emailTaken', field: 'email', params: { other } }]);
    }
    emailOwner.set(record.email, record.id);
    const account = accounts.get(record.email);
    if (account === undefined || account.uid === uid) return { row, action: 'create', uid, key };
    if (account.uid.startsWith('imp-')) {
      return skipped(row, [
        { reason: 'emailTaken', field: 'email', params: { other: account.uid } },
      ]);
    }
    const name = existingNames.get(account.uid) ?? '';
    if (foldSearchText(name) !== foldSearchText(record.name)) {
      return skipped(row, [{ reason: 'existingDifferent', field: 'email', params: { name } }]);
    }
    return { row, action: 'link', uid: account.uid, key, name };
  });
}

function resultOf(entry: Exclude<Plan, { action: 'skip' }>): RowResult {
  const base = { line: entry.row.line, id: entry.row.record.id };
  switch (entry.action) {
    case 'create':
      return {
        ...base,
        outcome: 'created',
        detail: `${entry.row.record.name} <${entry.row.record.email}>`,
        account: entry.uid,
      };
    case 'update':
      return { ...base, outcome: 'updated', detail: entry.row.record.name };
    case 'unchanged':
      return { ...base, outcome: 'unchanged' };
    case 'link':
      return {
        ...base,
        outcome: 'updated',
        detail: `Linked to the existing member ${entry.name}`,
        account: entry.uid,
      };
  }
}

export async function importMemberRows(
  deps: ImportDeps,
  ctx: RunContext,
  rows: readonly MemberRow[],
): Promise<RowResult[]> {
  const plans = await plan(deps, ctx, rows);
  const results = new Map<number, RowResult>();
  const known = runAccounts(ctx.runId);
  for (const entry of plans) {
    results.set(entry.row.line, entry.action === 'skip' ? entry.result : resultOf(entry));
    // A marker read: its account is the run's from now on (a new one's once it is written).
    if (entry.action === 'update' || entry.action === 'unchanged')
      known.set(entry.key, accountOf(entry.marker));
  }
  if (ctx.dryRun) return rows.map((row) => results.get(row.line) as RowResult);

  const { db } = deps;
  const now = ctx.nowMs;
  const creates = plans.filter((entry) => entry.action === 'create');

  // 1. Profiles first, so the account's own trigger (bootstrapUser) already sees an imported
  //    member and sends the invitation rather than a plain welcome.
  const profiles: Record<string, unknown> = {};
  for (const entry of plans) {
    if (entry.action === 'skip' || entry.action === 'unchanged') continue;
    if (entry.action === 'link') {
      profiles[paths.userField(entry.uid, 'importedFrom')] = {
        source: ctx.source,
        id: entry.row.record.id,
      };
      continue;
    }
    const fields = profileFields(entry.row.record, ctx);
    if (entry.action === 'create') {
      Object.assign(fields, { Email: entry.row.record.email, Admin: false });
      if (fields['Conditions'] === undefined) fields['Conditions'] = false;
      profiles[paths.userDirectoryEntry(entry.uid)] = mergeDirectoryEntry(undefined, fields, now);
    } else {
      const mirror = directoryProfile({
        Name: entry.row.record.name,
        Phone: entry.row.record.phone,
      });
      for (const field of ['name', 'nameKey', 'phone', 'phoneKey'] as const) {
        if (field.startsWith('phone') && entry.row.record.phone === undefined) continue;
        profiles[`${paths.userDirectoryEntry(entry.uid)}/${field}`] = mirror[field];
      }
    }
    for (const [field, value] of Object.entries(fields))
      profiles[`${paths.user(entry.uid)}/${field}`] = value;
  }
  if (Object.keys(profiles).length > 0) await db.ref().update(profiles);

  // 2. Accounts without a password, in batches (the admin SDK's bulk import). A row whose
  //    account cannot be made is undone, so nothing of it stays.
  for (let at = 0; at < creates.length; at += 1000) {
    const chunk = creates.slice(at, at + 1000);
    const outcome = await deps.auth.importUsers(
      chunk.map((entry) => ({
        uid: entry.uid,
        email: entry.row.record.email,
        displayName: entry.row.record.name,
        emailVerified: false,
      })),
    );
    const undo: Record<string, null> = {};
    for (const failure of outcome.errors) {
      const entry = chunk[failure.index];
      if (entry === undefined) continue;
      undo[paths.user(entry.uid)] = null;
      undo[paths.userDirectoryEntry(entry.uid)] = null;
      const taken = failure.error.code === 'auth/email-already-exists';
      results.set(entry.row.line, {
        line: entry.row.line,
        id: entry.row.record.id,
        outcome: 'skipped',
        problems: [
          taken
            ? { reason: 'emailTaken', field: 'email', params: { other: entry.row.record.email } }
            : { reason: 'notImported', params: { detail: failure.error.message.slice(0, 200) } },
        ],
      });
    }
    if (Object.keys(undo).length > 0) await db.ref().update(undo);
  }

  // 3. The markers: the row is done.
  const done = plans.filter(
    (entry): entry is Exclude<Plan, { action: 'skip' | 'unchanged' }> =>
      entry.action !== 'skip' &&
      entry.action !== 'unchanged' &&
      results.get(entry.row.line)?.outcome !== 'skipped',
  );
  const markers: Record<string, unknown> = {};
  for (const entry of done) {
    // An updated client keeps what the marker holds besides the row (invitation, card, plans).
    markers[paths.importedMember(ctx.source, entry.key)] = {
      ...(entry.action === 'update' ? entry.marker : {}),
      uid: entry.uid,
      digest: digestOf(entry.row.record),
      at: now,
    } satisfies ImportedMember;
  }
  if (Object.keys(markers).length > 0) await db.ref().update(markers);
  for (const entry of done)
    known.set(
      entry.key,
      entry.action === 'update'
        ? accountOf({ ...entry.marker, uid: entry.uid })
        : { uid: entry.uid, planned: false },
    );

  // 4. One invitation per account this import made, whatever number of runs.
  const toInvite = plans.filter(
    (entry): entry is Extract<Plan, { action: 'create' | 'update' | 'unchanged' }> =>
      (entry.action === 'create' && results.get(entry.row.line)?.outcome === 'created') ||
      ((entry.action === 'update' || entry.action === 'unchanged') &&
        entry.marker.invited !== true &&
        entry.uid.startsWith('imp-')),
  );
  const invited = await mapPool(toInvite, IN_FLIGHT, async (entry) => {
    const outcome = await enqueueMail(
      db,
      {
        id: mailOutboxIds.welcome(entry.uid),
        uid: entry.uid,
        message: welcomeMessage({
          Conditions: entry.row.record.waiverSignedAt !== undefined,
          importedFrom: { source: ctx.source, id: entry.row.record.id },
        }),
      },
      now,
    );
    return outcome === 'failed' ? undefined : entry.key;
  });
  const flags: Record<string, true> = {};
  for (const key of invited)
    if (key !== undefined) flags[`${paths.importedMember(ctx.source, key)}/invited`] = true;
  if (Object.keys(flags).length > 0) await db.ref().update(flags);

  return rows.map((row) => results.get(row.line) as RowResult);
}
