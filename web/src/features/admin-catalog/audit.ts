// The audit log screen's filtering, pure so it is unit-tested: every admin or coach change is one
// `AuditLog/{id}` entry (saveCatalogItem, setUserRole, adjustCredits, classes, attendance…).
import { auditEntrySchema, isRecord } from '@studio/core';
import type { AuditEntry } from '@studio/core';
import { parseDirectoryUser } from '../../lib/user-directory';

export interface AuditFilter {
  /** One action ('save', 'setUserRole'…) or '' for all. */
  action: string;
  /** Words matched against who (uid or name), the action, the target and the details. */
  text: string;
}

/** `AuditLog`, newest first; malformed entries are left out. */
export function auditEntries(value: unknown): [string, AuditEntry][] {
  if (!isRecord(value)) return [];
  return Object.entries(value)
    .flatMap(([id, entry]): [string, AuditEntry][] => {
      const parsed = auditEntrySchema.safeParse(entry);
      return parsed.success ? [[id, parsed.data]] : [];
    })
    .sort(([idA, a], [idB, b]) => b.at - a.at || idB.localeCompare(idA));
}

/** The actions present, for the filter's choices. */
export function auditActions(entries: readonly [string, AuditEntry][]): string[] {
  return [...new Set(entries.map(([, entry]) => entry.action))].sort();
}

/** `Users/{uid}/Name` (or e-mail) of who acted, when known; else the uid ('system' stays). */
export function actorName(by: string, users: unknown): string {
  const user = isRecord(users) ? parseDirectoryUser(users[by]) : undefined;
  return user?.Name || user?.Email || by;
}

function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export function filterAudit(
  entries: readonly [string, AuditEntry][],
  filter: AuditFilter,
  users: unknown,
): [string, AuditEntry][] {
  const words = fold(filter.text).split(/\s+/).filter(Boolean);
  return entries.filter(([, entry]) => {
    if (filter.action !== '' && entry.action !== filter.action) return false;
    if (words.length === 0) return true;
    const haystack = fold(
      [
        entry.by,
        actorName(entry.by, users),
        entry.action,
        entry.target ?? '',
        JSON.stringify(entry.details ?? {}),
      ].join(' '),
    );
    return words.every((word) => haystack.includes(word));
  });
}
