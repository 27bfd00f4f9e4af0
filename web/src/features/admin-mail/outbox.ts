// The sent-mail list's model, pure so parsing and filters are unit-tested: what the screen shows
// is exactly what these return.
import { isRecord, mailOutboxEntrySchema } from '@studio/core';
import type { MailKind, MailOutboxEntry, MailOutboxStatus } from '@studio/core';
import { parseUserDirectory } from '../../lib/user-directory';

/** One outbox entry: parsed, or listed as unreadable so a bad entry is seen, not hidden. */
export type MailRow =
  | { id: string; readable: true; entry: MailOutboxEntry; recipient: string }
  | { id: string; readable: false };

export interface MailFilter {
  status: MailOutboxStatus | '';
  kind: MailKind | '';
}

/** How many entries a page of the list asks for; 'load more' adds another page. */
export const MAIL_PAGE_SIZE = 50;

/**
 * A `MailOutbox` query result with each recipient's name (from their `Users` fields, else the
 * uid); newest first.
 */
export function mailRows(outbox: unknown, users: unknown): MailRow[] {
  if (!isRecord(outbox)) return [];
  const people = parseUserDirectory(users);
  const rows = Object.entries(outbox).map(([id, value]): MailRow => {
    const parsed = mailOutboxEntrySchema.safeParse(value);
    if (!parsed.success) return { id, readable: false };
    const recipient = people[parsed.data.uid]?.Name ?? parsed.data.uid;
    return { id, readable: true, entry: parsed.data, recipient };
  });
  const created = (row: MailRow): number => (row.readable ? row.entry.createdAt : -1);
  return rows.sort((a, b) => created(b) - created(a) || a.id.localeCompare(b.id));
}

/** The recipients of a page of the outbox, to read only their names. */
export function mailUids(outbox: unknown): string[] {
  if (!isRecord(outbox)) return [];
  return Object.values(outbox).flatMap((value) =>
    isRecord(value) && typeof value['uid'] === 'string' ? [value['uid']] : [],
  );
}

/** The rows the filter keeps; unreadable rows show only while no filter is set. */
export function filterMail(rows: readonly MailRow[], filter: MailFilter): MailRow[] {
  return rows.filter((row) => {
    if (!row.readable) return filter.status === '' && filter.kind === '';
    if (filter.status !== '' && row.entry.status !== filter.status) return false;
    return filter.kind === '' || row.entry.kind === filter.kind;
  });
}
