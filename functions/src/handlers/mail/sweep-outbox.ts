/**
 * The outbox sweep (every 5 minutes, and every few seconds on the local stack, whose database
 * emulator runs no triggers): sends what is due — `retrying` entries past their backoff,
 * `pending` ones a trigger missed, `sending` ones whose sender died holding the lease — and
 * removes entries older than 90 days. Both walks are queries on an indexed child
 * (`nextAttemptAt`, `createdAt`; database.rules.json), a page at a time, so a sweep reads what
 * is due, not the whole outbox; settled entries carry no `nextAttemptAt` and are never read.
 */
import { paths } from '@studio/core';
import type { MailDeps } from './deps';
import { mailNotConfigured, mailSweepDone } from './logs';
import { MAIL_RETENTION_MS } from './retry';
import { sendOutboxEntry, type SendOutcome } from './send-outbox-entry';
import { inPool, jobItemFailed } from '../../engine';

export interface SweepOptions {
  /** Entries read per query. */
  pageSize: number;
  /** Entries sent at once. */
  concurrency: number;
}

export const SWEEP_OPTIONS: SweepOptions = { pageSize: 100, concurrency: 4 };

export interface SweepTally {
  /** Outcome per entry tried. */
  outcomes: Partial<Record<SendOutcome, number>>;
  /** Entries whose send threw (logged; the next sweep tries again). */
  errors: number;
  removed: number;
}

async function removeOld(deps: MailDeps, pageSize: number): Promise<number> {
  const cutoff = deps.now() - MAIL_RETENTION_MS;
  let removed = 0;
  for (;;) {
    const page = await deps.db
      .ref(paths.mailOutbox())
      .orderByChild('createdAt')
      .startAt(0)
      .endAt(cutoff)
      .limitToFirst(pageSize)
      .get();
    const gone: Record<string, null> = {};
    page.forEach((child) => {
      if (child.key !== null) gone[paths.mailOutboxEntry(child.key)] = null;
    });
    const count = Object.keys(gone).length;
    if (count === 0) return removed;
    await deps.db.ref().update(gone);
    removed += count;
    if (count < pageSize) return removed;
  }
}

export async function sweepOutbox(
  deps: MailDeps,
  options: SweepOptions = SWEEP_OPTIONS,
): Promise<SweepTally> {
  const started = Date.now();
  const tally: SweepTally = {
    outcomes: {},
    errors: 0,
    removed: await removeOld(deps, options.pageSize),
  };
  if (deps.mailer === undefined) {
    mailNotConfigured();
    return tally;
  }
  const now = deps.now();
  // Each entry once per sweep: one that stays due (its send threw) is left to the next sweep.
  const seen = new Set<string>();
  for (;;) {
    // Entries seen and still due come first again; ask for a page beyond them.
    const limit = options.pageSize + seen.size;
    const page = await deps.db
      .ref(paths.mailOutbox())
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
        const outcome = await sendOutboxEntry(deps, id);
        tally.outcomes[outcome] = (tally.outcomes[outcome] ?? 0) + 1;
      } catch (error) {
        tally.errors += 1;
        jobItemFailed({ job: 'mail-sweep', target: id, error });
      }
    });
    if (due.length === 0 || page.numChildren() < limit) break;
  }
  // A quiet sweep says nothing (the local stack sweeps every few seconds).
  if (seen.size > 0 || tally.removed > 0)
    mailSweepDone({
      tried: seen.size,
      failed: tally.errors,
      removed: tally.removed,
      ms: Date.now() - started,
    });
  return tally;
}
