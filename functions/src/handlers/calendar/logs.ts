// The calendar domain's log events, one named function each, with a stable
// `event` field for Cloud Logging queries. Tokens are secrets: never logged.
import { logger } from 'firebase-functions/logger';

export function calendarFeedRotated(fields: { uid: string; revoked: boolean }): void {
  logger.info('Calendar feed rotated', { event: 'calendar_feed_rotated', ...fields });
}

export function calendarFeedServed(fields: { uid: string; events: number; changed: number }): void {
  logger.info('Calendar feed served', { event: 'calendar_feed_served', ...fields });
}

/** A request named no feed (unknown, revoked or malformed token): answered 404. */
export function calendarFeedUnknown(): void {
  logger.info('Calendar feed not found', { event: 'calendar_feed_unknown' });
}

/** A feed request whose reads failed: answered 503, so calendar apps keep their copy. */
export function calendarFeedFailed(error: unknown): void {
  logger.error('Calendar feed not answered', {
    event: 'calendar_feed_failed',
    error: String(error),
  });
}
