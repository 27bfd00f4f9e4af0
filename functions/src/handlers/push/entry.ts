// One way to change a `PushOutbox/{id}` entry in a transaction: the engine's outbox step over
// the push entry's schema.
import { paths, pushOutboxEntrySchema, type PushOutboxEntry } from '@studio/core';
import type { Database } from 'firebase-admin/database';
import { changeOutboxEntry, InvalidOutboxEntryError, type OutboxStep } from '../../engine';

function parseEntry(id: string, value: unknown): PushOutboxEntry | null {
  if (value === null || value === undefined) return null;
  const parsed = pushOutboxEntrySchema.safeParse(value);
  if (!parsed.success)
    throw new InvalidOutboxEntryError(
      paths.pushOutboxEntry(id),
      parsed.error.issues.map((issue) => issue.path.join('.')),
    );
  return parsed.data;
}

export function changePushEntry<R>(
  db: Database,
  id: string,
  step: OutboxStep<PushOutboxEntry, R>,
): Promise<R> {
  return changeOutboxEntry(db, paths.pushOutboxEntry(id), (value) => parseEntry(id, value), step);
}

/** The entry without what only an unsettled entry carries. */
export function settledFields(entry: PushOutboxEntry): PushOutboxEntry {
  const { lease: _lease, nextAttemptAt: _next, requestedAt: _requested, ...rest } = entry;
  return rest;
}
