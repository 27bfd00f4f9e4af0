// One way to change a `MailOutbox/{id}` entry in a transaction: the engine's outbox step
// (engine/outbox.ts) over the mail entry's schema.
import { mailOutboxEntrySchema, paths, type MailOutboxEntry } from '@studio/core';
import type { Database } from 'firebase-admin/database';
import { changeOutboxEntry, InvalidOutboxEntryError, type OutboxStep } from '../../engine';

export type EntryStep<R> = OutboxStep<MailOutboxEntry, R>;

/** The entry at `id`, or null; throws on an entry that does not parse. */
export function parseEntry(id: string, value: unknown): MailOutboxEntry | null {
  if (value === null || value === undefined) return null;
  const parsed = mailOutboxEntrySchema.safeParse(value);
  if (!parsed.success) {
    throw new InvalidOutboxEntryError(
      paths.mailOutboxEntry(id),
      parsed.error.issues.map((issue) => issue.path.join('.')),
    );
  }
  return parsed.data;
}

/** Runs `step` on the entry until the server commits; the committed run's result. */
export function changeEntry<R>(db: Database, id: string, step: EntryStep<R>): Promise<R> {
  return changeOutboxEntry(db, paths.mailOutboxEntry(id), (value) => parseEntry(id, value), step);
}
