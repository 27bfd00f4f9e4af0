/**
 * The whole studio in the generic template (`GENERIC_TEMPLATE`): what `npm run admin -- export`
 * and the admin screen write, and what the import reads back. Pure: one member's stored records
 * in, CSV lines out.
 */
import { isCreditUsable } from '../booking/credits';
import { csvLine } from '../csv';
import type { UserClass } from '../schemas/classes';
import type { User } from '../schemas/user';
import { formatDate } from '../time';
import { ENTITY_FIELDS, type ImportEntity } from './fields';
import { lastUsableDay } from './balance';
import type { ImportedVisit } from './schemas';
import { GENERIC_TEMPLATE } from './sources';

/**
 * A file's header: the generic template's column names, in the engine's field order (the order
 * each line below writes its values in).
 */
export function exportHeader(entity: ImportEntity): string {
  const names = GENERIC_TEMPLATE[entity] as Readonly<Partial<Record<string, string>>>;
  return csvLine(ENTITY_FIELDS[entity].flatMap((field) => names[field] ?? []));
}

/** The member's id in the files: the old system's id when imported, else the account's uid. */
export function exportMemberId(uid: string, user: User): string {
  return user.importedFrom?.id ?? uid;
}

export function memberExportLine(uid: string, user: User, timeZone: string): string {
  const waiver =
    user.Conditions === true && user.ConditionsAt !== undefined
      ? formatDate(user.ConditionsAt, timeZone)
      : undefined;
  return csvLine(
    [
      exportMemberId(uid, user),
      user.Name,
      user.Email,
      user.Phone,
      user.Birthday,
      user.EmergencyContact?.name,
      user.EmergencyContact?.phone,
      user.MarketingConsent === undefined ? undefined : user.MarketingConsent ? 'yes' : 'no',
      waiver,
    ],
    [true, true, true, true, false, true, true, false, false],
  );
}

/**
 * The member's usable credits, one line per grant and expiry day: `credits` left, `expires` the
 * last day they can be used.
 */
export function balanceExportLines(
  uid: string,
  user: User,
  nowMs: number,
  timeZone: string,
): string[] {
  const groups = new Map<
    string,
    { count: number; kind: string; expires: string; source: string }
  >();
  for (const [creditId, credit] of Object.entries(user['credits-list'] ?? {})) {
    if (!isCreditUsable(credit, nowMs) && credit.hold === undefined) continue;
    if (credit.expiresAt <= nowMs) continue;
    const expires = lastUsableDay(credit.expiresAt, timeZone);
    const grant = credit.sourceId ?? creditId.replace(/-\d{3}$/, '');
    const key = `${grant}|${credit.kind}|${expires}`;
    const group = groups.get(key) ?? {
      count: 0,
      kind: credit.kind,
      expires,
      source: credit.packageId ?? credit.source,
    };
    group.count += 1;
    groups.set(key, group);
  }
  const memberId = exportMemberId(uid, user);
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, group]) =>
      csvLine(
        [`${memberId}:${key}`, memberId, group.source, group.count, group.expires, group.kind],
        [true, true],
      ),
    );
}

const CLASS_STATUS: Partial<Record<UserClass['status'], string>> = {
  booked: 'booked',
  attended: 'attended',
  'no-show': 'no-show',
  'late-cancelled': 'late-cancel',
};

/** The member's classes here (booked, attended, missed) and the visits imported before. */
export function visitExportLines(
  uid: string,
  user: User,
  classes: Readonly<Record<string, UserClass>>,
  imported: Readonly<Record<string, ImportedVisit>>,
): string[] {
  const memberId = exportMemberId(uid, user);
  const lines: string[] = [];
  for (const [key, visit] of Object.entries(imported).sort(([a], [b]) => (a < b ? -1 : 1))) {
    lines.push(
      csvLine(
        [key, memberId, visit.date, visit.hour, visit.className, visit.status],
        [true, true, false, false, true],
      ),
    );
  }
  for (const entry of Object.values(classes).sort((a, b) => a.startsAt - b.startsAt)) {
    const status = CLASS_STATUS[entry.status];
    if (status === undefined) continue;
    lines.push(
      csvLine(
        [entry.bookingId, memberId, entry.date, entry.hour, entry.title ?? entry.name, status],
        [true, true, false, false, true],
      ),
    );
  }
  return lines;
}

/**
 * The member's running plan: its name, state and paid period (`paid_through` the last day paid
 * for); an ended plan is not exported (there is nothing to bring over).
 */
export function membershipExportLine(
  uid: string,
  user: User,
  nowMs: number,
  timeZone: string,
): string | undefined {
  const membership = user.membership;
  if (membership === undefined || membership.status === 'ended') return undefined;
  if (membership.periodEnd === undefined || membership.periodEnd <= nowMs) return undefined;
  const frozen = membership.frozenUntil !== undefined && membership.frozenUntil > nowMs;
  return csvLine(
    [
      membership.id,
      exportMemberId(uid, user),
      membership.terms.name,
      frozen ? 'frozen' : 'active',
      formatDate(membership.startedAt, timeZone),
      lastUsableDay(membership.periodEnd, timeZone),
      undefined,
      frozen && membership.frozenUntil !== undefined
        ? formatDate(membership.frozenUntil, timeZone)
        : undefined,
    ],
    [true, true, true],
  );
}
