// Fields of a node that transactions of this instance also change (`Users/{uid}`, a directory
// entry), set in a transaction of their own: README.md#one-process-many-calls says why an
// update() there can leave another call's transaction hanging.
import type { Database } from 'firebase-admin/database';

/** How often the transaction is tried when this process's own writes keep aborting it. */
const ATTEMPTS = 5;

/**
 * Sets `fields` (direct children; null removes one) of the node at `path` in one transaction.
 * A missing node is created with them, as an update would; a node left empty is removed.
 * A plain write of this process under the node (the directory's credit count beside a plan's
 * status) aborts the transaction with 'set' before anything is committed: it runs again.
 */
export async function setFields(
  db: Database,
  path: string,
  fields: Readonly<Record<string, unknown>>,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.ref(path).transaction(
        (current: unknown) => {
          const next: Record<string, unknown> =
            current !== null && typeof current === 'object' ? { ...current } : {};
          for (const [key, value] of Object.entries(fields)) {
            if (value === null || value === undefined) delete next[key];
            else next[key] = value;
          }
          return Object.keys(next).length === 0 ? null : next;
        },
        undefined,
        false,
      );
      return;
    } catch (error) {
      if (!(error instanceof Error && error.message === 'set') || attempt >= ATTEMPTS) throw error;
    }
  }
}
