// The audit log screen's query and filtering, pure so they are unit-tested: every admin or coach
// change is one `AuditLog/{id}` entry (saveCatalogItem, setUserRole, adjustCredits, classes,
// attendance…). The screen reads pages of the log, never the whole of it.
import { auditEntrySchema, isRecord, paths } from '@studio/core';
import type { AuditEntry } from '@studio/core';
import type { MemberContact } from '../../lib/member-names';
import type { IndexedQuery } from '../../lib/indexed-query';

export interface AuditFilter {
  /** One action ('save', 'setUserRole'…) or '' for all. */
  action: string;
  /** Words matched against who (uid or name), the action, the target and the details. */
  text: string;
}

/** How many entries a page of the log asks for; 'load more' adds another page. */
export const AUDIT_PAGE_SIZE = 50;

/** Every action the functions and `npm run admin` write (the filter offers these and any seen). */
export const AUDIT_ACTIONS = [
  'adjustCredits',
  'cancelClass',
  'cancelMemberSubscription',
  'checkIn',
  'createClasses',
  'delete',
  'deleteClassTemplate',
  'resendMail',
  'save',
  'saveClassTemplate',
  'setUserRole',
  'updateClass',
] as const;

/**
 * The newest entries (`at`, indexed), or the newest of one action (`action`, indexed; entries of
 * one action come in key order, and push ids sort by time).
 */
export function auditQuery(action: string): IndexedQuery {
  return action === ''
    ? { path: paths.auditLog(), orderByChild: 'at', from: 'last' }
    : { path: paths.auditLog(), orderByChild: 'action', equalTo: action, from: 'last' };
}

/** `AuditLog` (or a page of it), newest first; malformed entries are left out. */
export function auditEntries(value: unknown): [string, AuditEntry][] {
  if (!isRecord(value)) return [];
  return Object.entries(value)
    .flatMap(([id, entry]): [string, AuditEntry][] => {
      const parsed = auditEntrySchema.safeParse(entry);
      return parsed.success ? [[id, parsed.data]] : [];
    })
    .sort(([idA, a], [idB, b]) => b.at - a.at || idB.localeCompare(idA));
}

/** The actions the filter offers: the known ones and any other present. */
export function auditActions(entries: readonly [string, AuditEntry][]): string[] {
  return [...new Set([...AUDIT_ACTIONS, ...entries.map(([, entry]) => entry.action)])].sort();
}

/** The name (or e-mail) of who acted, when known; else the uid ('system' stays). */
export function actorName(by: string, contacts: Readonly<Record<string, MemberContact>>): string {
  const contact = contacts[by];
  return contact?.Name || contact?.Email || by;
}

function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The loaded entries the filter keeps (the action is also asked of the server). */
export function filterAudit(
  entries: readonly [string, AuditEntry][],
  filter: AuditFilter,
  contacts: Readonly<Record<string, MemberContact>>,
): [string, AuditEntry][] {
  const words = fold(filter.text).split(/\s+/).filter(Boolean);
  return entries.filter(([, entry]) => {
    if (filter.action !== '' && entry.action !== filter.action) return false;
    if (words.length === 0) return true;
    const haystack = fold(
      [
        entry.by,
        actorName(entry.by, contacts),
        entry.action,
        entry.target ?? '',
        JSON.stringify(entry.details ?? {}),
      ].join(' '),
    );
    return words.every((word) => haystack.includes(word));
  });
}
