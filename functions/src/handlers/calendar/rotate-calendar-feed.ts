import { randomBytes } from 'node:crypto';
import type { Database } from 'firebase-admin/database';
import { NO_RATE_LIMITS } from '../../engine';
import type { Instances, RateLimiter } from '../../engine';
import { calendarFeedTokenRecordSchema, paths } from '@studio/core';
import type { CalendarFeed, CalendarFeedTokenRecord } from '@studio/core';

export interface CalendarFeedDeps {
  /** The default instance. */
  db: Database;
  now: () => number;
  /** The instances holding classes and their views (default: those `db`'s project names). */
  instances?: Instances;
  limits?: RateLimiter;
}

/** 32 random bytes, URL-safe: the feed URL is the only key to the member's bookings. */
export function newFeedToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * `rotateCalendarFeed`: gives the member a new secret feed token, or none (`revoke`). The old
 * token stops working in the same multi-path update that writes the new one, so there is never a
 * moment with two live URLs; the feed also checks the member's current token, so a token left
 * behind by any failure still answers 404.
 */
export async function rotateCalendarFeed(
  { db, now, limits = NO_RATE_LIMITS }: CalendarFeedDeps,
  uid: string,
  { revoke }: { revoke: boolean },
): Promise<{ token: string | null }> {
  await limits.take(uid, 'feed');
  const stored = calendarFeedTokenRecordSchema.safeParse(
    (await db.ref(paths.calendarFeedToken(uid)).get()).val(),
  );
  const updates: Record<string, unknown> = {};
  if (stored.success) updates[paths.calendarFeed(stored.data.token)] = null;
  if (revoke) {
    updates[paths.calendarFeedToken(uid)] = null;
    await db.ref().update(updates);
    return { token: null };
  }
  const next = newFeedToken();
  const at = now();
  const feed: CalendarFeed = { uid, createdAt: at };
  const record: CalendarFeedTokenRecord = { token: next, createdAt: at };
  updates[paths.calendarFeed(next)] = feed;
  updates[paths.calendarFeedToken(uid)] = record;
  await db.ref().update(updates);
  return { token: next };
}
