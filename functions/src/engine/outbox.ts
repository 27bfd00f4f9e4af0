// The outbox machinery mail and push share (docs/architecture/background-jobs.md#mail-outbox,
// docs/architecture/push.md): one entry per event, changed only in transactions that see the
// parsed entry; a sweep that reads what is due through the `nextAttemptAt` index a page at a
// time, and removes entries past their retention through `createdAt`; exponential backoff with
// jitter. Each outbox keeps its own entry schema, statuses and sender.
import type { Database } from 'firebase-admin/database';
import { inPool } from './pages';
import { jobItemFailed } from './job-logs';

export type OutboxStep<E, R> = (entry: E | null) => { next: E; result: R } | { keep: R };

export class InvalidOutboxEntryError extends Error {
  override readonly name = 'InvalidOutboxEntryError';
  constructor(
    readonly path: string,
    readonly fields: readonly string[],
  ) {
    super(`${path} does not parse: ${fields.join(', ')}`);
  }
}

/**
 * Runs `step` on the entry at `path` until the server commits; the committed run's result. A
 * refusal (`keep`) writes the value back unchanged rather than aborting: the SDK first runs the
 * step on its local cache (often nothing), and the server's hash check must confirm what the
 * decision was made on (as engine/transact.ts does). `parse` throws on an entry that does not
 * parse (InvalidOutboxEntryError), which is rethrown after the transaction.
 */
export async function changeOutboxEntry<E, R>(
  db: Database,
  path: string,
  parse: (value: unknown) => E | null,
  step: OutboxStep<E, R>,
): Promise<R> {
  let last: { result: R } | { error: unknown } | undefined;
  await db.ref(path).transaction(
    (current: unknown) => {
      try {
        const decided = step(parse(current));
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
  if (last === undefined) throw new Error(`The transaction on ${path} never ran`);
  if ('error' in last) throw last.error;
  return last.result;
}

/** Writes `entry` at `path` only if nothing is there: `true` when written. */
export async function createOutboxEntry(
  db: Database,
  path: string,
  entry: object,
): Promise<boolean> {
  // The SDK's first run may see its empty cache and propose the entry; the server refuses it
  // when the id exists and the run on its value then aborts.
  const result = await db
    .ref(path)
    .transaction((current: unknown) => (current === null ? entry : undefined), undefined, false);
  return result.committed;
}

export interface Backoff {
  firstMs: number;
  longestMs: number;
  /** ± this fraction. */
  jitter: number;
}

/**
 * The wait before the next attempt: min(first × 2^attempts, longest) ± jitter, where `attempts`
 * is how many failed before this one and `random` is in [0, 1).
 */
export function backoffMs(backoff: Backoff, attempts: number, random: number): number {
  const base = Math.min(backoff.firstMs * 2 ** attempts, backoff.longestMs);
  return Math.round(base * (1 - backoff.jitter + 2 * backoff.jitter * random));
}

/** One line for `lastError`, bounded as the entry schemas require. */
export function describeFailure(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 500) || 'unknown error';
}

export interface SweepOptions {
  /** Entries read per query. */
  pageSize: number;
  /** Entries sent at once. */
  concurrency: number;
}

export interface SweepTally<O extends string> {
  /** Outcome per entry tried. */
  outcomes: Partial<Record<O, number>>;
  /** Entries whose send threw (logged; the next sweep tries again). */
  errors: number;
  removed: number;
  /** Entries tried. */
  tried: number;
}

/** Removes the entries under `root` created before `cutoff`, a page at a time. */
export async function removeOutboxEntriesBefore(
  db: Database,
  root: string,
  cutoff: number,
  pageSize: number,
): Promise<number> {
  let removed = 0;
  for (;;) {
    const page = await db
      .ref(root)
      .orderByChild('createdAt')
      .startAt(0)
      .endAt(cutoff)
      .limitToFirst(pageSize)
      .get();
    const gone: Record<string, null> = {};
    page.forEach((child) => {
      if (child.key !== null) gone[`${root}/${child.key}`] = null;
    });
    const count = Object.keys(gone).length;
    if (count === 0) return removed;
    await db.ref().update(gone);
    removed += count;
    if (count < pageSize) return removed;
  }
}

/**
 * Hands every entry under `root` whose `nextAttemptAt` is due at `now` to `send`, `concurrency` at
 * once, each once per sweep (one that stays due because its send threw is left to the next).
 */
export async function sendDueEntries<O extends string>(
  db: Database,
  root: string,
  now: number,
  options: SweepOptions,
  job: string,
  send: (id: string) => Promise<O>,
): Promise<Omit<SweepTally<O>, 'removed'>> {
  const tally = { outcomes: {} as Partial<Record<O, number>>, errors: 0, tried: 0 };
  const seen = new Set<string>();
  for (;;) {
    // Entries seen and still due come first again; ask for a page beyond them.
    const limit = options.pageSize + seen.size;
    const page = await db
      .ref(root)
      .orderByChild('nextAttemptAt')
      .startAt(0)
      .endAt(now)
      .limitToFirst(limit)
      .get();
    const due: string[] = [];
    page.forEach((child) => {
      if (child.key !== null && !seen.has(child.key)) due.push(child.key);
    });
    for (const id of due) seen.add(id);
    await inPool(due, options.concurrency, async (id) => {
      try {
        const outcome = await send(id);
        tally.outcomes[outcome] = (tally.outcomes[outcome] ?? 0) + 1;
      } catch (error) {
        tally.errors += 1;
        jobItemFailed({ job, target: id, error });
      }
    });
    if (due.length === 0 || page.numChildren() < limit) break;
  }
  tally.tried = seen.size;
  return tally;
}
