// The sent-message lists' model (e-mail and push), pure so parsing and filters are unit-tested:
// what the screen shows is exactly what these return.
import { isRecord, mailOutboxEntrySchema, pushOutboxEntrySchema } from '@studio/core';
import type { MailOutboxEntry, PushOutboxEntry } from '@studio/core';
import { parseUserDirectory } from '../../lib/user-directory';

/** What both outboxes' entries share. */
export interface OutboxEntry {
  uid: string;
  createdAt: number;
  status: string;
  kind: string;
}

/** One outbox entry: parsed, or listed as unreadable so a bad entry is seen, not hidden. */
export type OutboxRow<E extends OutboxEntry> =
  { id: string; readable: true; entry: E; recipient: string } | { id: string; readable: false };

export interface OutboxFilter<E extends OutboxEntry> {
  status: E['status'] | '';
  kind: E['kind'] | '';
}

/** How many entries a page of a list asks for; 'load more' adds another page. */
export const MAIL_PAGE_SIZE = 50;

type Parse<E> = (value: unknown) => { success: true; data: E } | { success: false };

/**
 * An outbox query result with each recipient's name (from their `Users` fields, else the uid);
 * newest first.
 */
function outboxRows<E extends OutboxEntry>(
  outbox: unknown,
  users: unknown,
  parse: Parse<E>,
): OutboxRow<E>[] {
  if (!isRecord(outbox)) return [];
  const people = parseUserDirectory(users);
  const rows = Object.entries(outbox).map(([id, value]): OutboxRow<E> => {
    const parsed = parse(value);
    if (!parsed.success) return { id, readable: false };
    const recipient = people[parsed.data.uid]?.Name ?? parsed.data.uid;
    return { id, readable: true, entry: parsed.data, recipient };
  });
  const created = (row: OutboxRow<E>): number => (row.readable ? row.entry.createdAt : -1);
  return rows.sort((a, b) => created(b) - created(a) || a.id.localeCompare(b.id));
}

/** A `MailOutbox` page as rows. */
export const mailRows = (outbox: unknown, users: unknown): OutboxRow<MailOutboxEntry>[] =>
  outboxRows(outbox, users, (value) => mailOutboxEntrySchema.safeParse(value));

/** A `PushOutbox` page as rows. */
export const pushRows = (outbox: unknown, users: unknown): OutboxRow<PushOutboxEntry>[] =>
  outboxRows(outbox, users, (value) => pushOutboxEntrySchema.safeParse(value));

/** The recipients of a page of an outbox, to read only their names. */
export function mailUids(outbox: unknown): string[] {
  if (!isRecord(outbox)) return [];
  return Object.values(outbox).flatMap((value) =>
    isRecord(value) && typeof value['uid'] === 'string' ? [value['uid']] : [],
  );
}

/** The rows the filter keeps; unreadable rows show only while no filter is set. */
export function filterOutbox<E extends OutboxEntry>(
  rows: readonly OutboxRow<E>[],
  filter: OutboxFilter<E>,
): OutboxRow<E>[] {
  return rows.filter((row) => {
    if (!row.readable) return filter.status === '' && filter.kind === '';
    if (filter.status !== '' && row.entry.status !== filter.status) return false;
    return filter.kind === '' || row.entry.kind === filter.kind;
  });
}
