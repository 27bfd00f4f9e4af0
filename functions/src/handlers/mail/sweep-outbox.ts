/**
 * The outbox sweep (every 5 minutes, and every few seconds on the local stack, whose database
 * emulator runs no triggers): sends what is due — `retrying` entries past their backoff,
 * `pending` ones a trigger missed, `sending` ones whose sender died holding the lease — and
 * removes entries older than 90 days. Both walks are queries on an indexed child
 * (`nextAttemptAt`, `createdAt`; database.rules.json), a page at a time, through the engine's
 * outbox sweep (engine/outbox.ts), so a sweep reads what is due, not the whole outbox; settled
 * entries carry no `nextAttemptAt` and are never read.
 */
import { paths } from '@studio/core';
import type { MailDeps } from './deps';
import { mailNotConfigured, mailSweepDone } from './logs';
import { MAIL_RETENTION_MS } from './retry';
import { sendOutboxEntry, type SendOutcome } from './send-outbox-entry';
import {
  removeOutboxEntriesBefore,
  sendDueEntries,
  type SweepOptions,
  type SweepTally,
} from '../../engine';

export type { SweepOptions } from '../../engine';

export const SWEEP_OPTIONS: SweepOptions = { pageSize: 100, concurrency: 4 };

export async function sweepOutbox(
  deps: MailDeps,
  options: SweepOptions = SWEEP_OPTIONS,
): Promise<Omit<SweepTally<SendOutcome>, 'tried'>> {
  const started = Date.now();
  const removed = await removeOutboxEntriesBefore(
    deps.db,
    paths.mailOutbox(),
    deps.now() - MAIL_RETENTION_MS,
    options.pageSize,
  );
  if (deps.mailer === undefined) {
    mailNotConfigured();
    return { outcomes: {}, errors: 0, removed };
  }
  const sent = await sendDueEntries(
    deps.db,
    paths.mailOutbox(),
    deps.now(),
    options,
    'mail-sweep',
    (id) => sendOutboxEntry(deps, id),
  );
  // A quiet sweep says nothing (the local stack sweeps every few seconds).
  if (sent.tried > 0 || removed > 0)
    mailSweepDone({ tried: sent.tried, failed: sent.errors, removed, ms: Date.now() - started });
  return { outcomes: sent.outcomes, errors: sent.errors, removed };
}
