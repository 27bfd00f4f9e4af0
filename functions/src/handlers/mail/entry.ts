// One way to change a `MailOutbox/{id}` entry in a transaction. The step sees the parsed entry
// (or null) and returns the next entry or a refusal. A refusal writes the value back unchanged
// rather than aborting: the SDK first runs the step on its local cache (often nothing), and the
// server's hash check must confirm what the decision was made on (as engine/transact.ts does).
import { mailOutboxEntrySchema, paths, type MailOutboxEntry } from '@studio/core';
import type { Database } from 'firebase-admin/database';

export type EntryStep<R> = (
  entry: MailOutboxEntry | null,
) => { next: MailOutboxEntry; result: R } | { keep: R };

/** The entry at `id`, or null; throws on an entry that does not parse. */
export function parseEntry(id: string, value: unknown): MailOutboxEntry | null {
  if (value === null || value === undefined) return null;
  const parsed = mailOutboxEntrySchema.safeParse(value);
  if (!parsed.success) {
    throw new InvalidEntryError(
      id,
      parsed.error.issues.map((issue) => issue.path.join('.')),
    );
  }
  return parsed.data;
}

export class InvalidEntryError extends Error {
  override readonly name = 'InvalidEntryError';
  constructor(
    readonly id: string,
    readonly fields: readonly string[],
  ) {
    super(`MailOutbox/${id} does not parse: ${fields.join(', ')}`);
  }
}

/** Runs `step` on the entry until the server commits; the committed run's result. */
export async function changeEntry<R>(db: Database, id: string, step: EntryStep<R>): Promise<R> {
  let last: { result: R } | { error: unknown } | undefined;
  await db.ref(paths.mailOutboxEntry(id)).transaction(
    (current: unknown) => {
      try {
        const decided = step(parseEntry(id, current));
        if ('keep' in decided) {
          last = { result: decided.keep };
          return current ?? null;
        }
        last = { result: decided.result };
        return decided.next;
      } catch (error) {
        // Never throw inside the SDK's update function: keep the node and rethrow after.
        last = { error };
        return current ?? null;
      }
    },
    undefined,
    false,
  );
  if (last === undefined) throw new Error(`The transaction on MailOutbox/${id} never ran`);
  if ('error' in last) throw last.error;
  return last.result;
}
