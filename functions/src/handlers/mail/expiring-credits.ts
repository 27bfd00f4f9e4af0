import {
  formatDate,
  mailOutboxIds,
  paths,
  pushEventIds,
  readWallet,
  type CreditEntry,
} from '@studio/core';
import { forEachChild, jobItemFailed, readSettings } from '../../engine';
import { enqueueMail, type CreditBatch } from '../../mail';
import { enqueuePush } from '../../push';
import {
  SCHEDULED_MAIL_PAGES,
  type ScheduledMailDeps,
  type ScheduledMailResult,
} from './scheduled-deps';
import { scheduledMailRun } from './scheduled-logs';

const JOB = 'expiringCredits';
/** Credits that expire within this long are announced. */
export const EXPIRING_WITHIN_MS = 7 * 24 * 60 * 60 * 1000;

/** The member's usable credits expiring in `(now, now + 7 days]`, by kind and expiry. */
export function expiringBatches(
  credits: Readonly<Record<string, CreditEntry>>,
  now: number,
): CreditBatch[] {
  const batches = new Map<string, CreditBatch>();
  for (const credit of Object.values(credits)) {
    // A held credit (booking in flight, open dispute) cannot expire meanwhile.
    if (credit.hold !== undefined) continue;
    if (credit.expiresAt <= now || credit.expiresAt > now + EXPIRING_WITHIN_MS) continue;
    const key = `${credit.kind}|${credit.expiresAt}`;
    const batch = batches.get(key);
    if (batch) batch.count += 1;
    else batches.set(key, { kind: credit.kind, count: 1, expiresAt: credit.expiresAt });
  }
  return [...batches.values()].sort((a, b) => a.expiresAt - b.expiresAt);
}

/**
 * `expiringCredits` (daily): one `credits-expiring` mail per member whose credits expire within
 * 7 days, listing them. Keyed by the member and the studio-local date of the EARLIEST expiry
 * (`expiring-{uid}-{date}`): the daily runs of the same week find it written and add nothing, and
 * a member hears again only when a later batch becomes the next to expire. Members are read a
 * page at a time (`forEachChild`), each on its own.
 */
export async function sendExpiringCredits(deps: ScheduledMailDeps): Promise<ScheduledMailResult> {
  const { db } = deps;
  const now = deps.now();
  const { timeZone } = await readSettings(db);
  const result: ScheduledMailResult = { checked: 0, written: 0, failed: 0 };
  const tally = await forEachChild(
    db,
    paths.users(),
    SCHEDULED_MAIL_PAGES,
    async (uid, stored) => {
      result.checked += 1;
      const batches = expiringBatches(readWallet(stored, paths.user(uid)).credits, now);
      const first = batches[0];
      if (first === undefined) return;
      const outcome = await enqueueMail(
        db,
        {
          id: mailOutboxIds.expiring(uid, formatDate(first.expiresAt, timeZone)),
          uid,
          message: { kind: 'credits-expiring', credits: batches.slice(0, 100) },
        },
        deps.now(),
      );
      // And to the member's devices: the earliest batch, keyed the same way.
      const pushed = await enqueuePush(
        db,
        {
          event: pushEventIds.creditsExpiring(uid, formatDate(first.expiresAt, timeZone)),
          uid,
          message: { kind: 'credits-expiring', count: first.count, expiresAt: first.expiresAt },
        },
        deps.now(),
      );
      if (outcome === 'written') result.written += 1;
      if (outcome === 'failed' || pushed === 'failed') throw new Error('outbox write failed');
    },
    (uid, error) => jobItemFailed({ job: JOB, target: paths.user(uid), error }),
  );
  result.failed = tally.failed;
  scheduledMailRun({ job: JOB, ...result });
  return result;
}
