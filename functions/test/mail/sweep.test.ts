// The outbox sweep: what is due goes (due retries, pending entries a trigger missed, senders that
// died holding a lease), what is not due or settled is left alone, and entries past 90 days are
// removed.
import { paths } from '@studio/core';
import { describe, expect, it } from 'vitest';
import { MAIL_RETENTION_MS } from '../../src/handlers/mail/retry.ts';
import { sweepOutbox } from '../../src/handlers/mail/sweep-outbox.ts';
import { enqueueMail } from '../../src/mail/index.ts';
import { MESSAGES } from './fixtures.ts';
import { entry, freshId, seedRecipient, useOutboxWorld } from './outbox-support.ts';

const world = useOutboxWorld();
const MINUTE = 60_000;

async function seedEntry(
  uid: string,
  now: number,
  fields: Record<string, unknown> = {},
): Promise<string> {
  const id = freshId();
  await enqueueMail(world.db, { id, uid, message: MESSAGES.welcome }, now);
  if (Object.keys(fields).length > 0) await world.db.ref(paths.mailOutboxEntry(id)).update(fields);
  return id;
}

describe('sweepOutbox', () => {
  it('sends what is due, leaves what is not, and removes entries older than 90 days', async () => {
    const now = Date.now();
    const uid = await seedRecipient(world.db);
    const missed = await seedEntry(uid, now - 10 * MINUTE);
    const dueRetry = await seedEntry(uid, now - 10 * MINUTE, {
      status: 'retrying',
      attempts: 2,
      nextAttemptAt: now - 1,
    });
    const laterRetry = await seedEntry(uid, now - 10 * MINUTE, {
      status: 'retrying',
      attempts: 1,
      nextAttemptAt: now + MINUTE,
    });
    const deadSender = await seedEntry(uid, now - 10 * MINUTE, {
      status: 'sending',
      lease: { until: now - 1 },
      nextAttemptAt: now - 1,
    });
    const liveSender = await seedEntry(uid, now - MINUTE, {
      status: 'sending',
      lease: { until: now + MINUTE },
      nextAttemptAt: now + MINUTE,
    });
    const old = await seedEntry(uid, now - MAIL_RETENTION_MS - 1, {
      status: 'sent',
      nextAttemptAt: null,
    });
    const recentSent = await seedEntry(uid, now - MAIL_RETENTION_MS + MINUTE, {
      status: 'sent',
      nextAttemptAt: null,
    });

    // Pages of two, so the walk has to go on past the first page.
    const tally = await sweepOutbox(world.deps(now), { pageSize: 2, concurrency: 2 });

    expect(tally).toEqual({ outcomes: { sent: 3 }, errors: 0, removed: 1 });
    for (const id of [missed, dueRetry, deadSender]) {
      expect((await entry(world.db, id))?.status, id).toBe('sent');
      expect(await world.mailsOf(id), id).toHaveLength(1);
    }
    expect((await entry(world.db, laterRetry))?.status).toBe('retrying');
    expect((await entry(world.db, liveSender))?.status).toBe('sending');
    expect(await world.mailsOf(laterRetry)).toHaveLength(0);
    expect(await world.mailsOf(liveSender)).toHaveLength(0);
    expect(await entry(world.db, old)).toBeNull();
    expect((await entry(world.db, recentSent))?.status).toBe('sent');

    // A second sweep finds nothing new to send.
    expect(await sweepOutbox(world.deps(now), { pageSize: 2, concurrency: 2 })).toEqual({
      outcomes: {},
      errors: 0,
      removed: 0,
    });
  });

  it('only removes old entries while mail is not configured', async () => {
    const now = Date.now();
    const uid = await seedRecipient(world.db);
    const waiting = await seedEntry(uid, now - MINUTE);
    const tally = await sweepOutbox(world.deps(now, null));
    expect(tally).toEqual({ outcomes: {}, errors: 0, removed: 0 });
    expect((await entry(world.db, waiting))?.status).toBe('pending');
  });
});
