import { z } from 'zod';
import { epochMsSchema, keySchema } from './common';

/**
 * A member's personal calendar feed: a secret token in the feed's URL
 * (`/calendar/{token}.ics`), created and replaced by `rotateCalendarFeed`, revoked by it too.
 * `CalendarFeeds/{token}` finds the member for a request (functions only);
 * `CalendarFeedTokens/{uid}` is the member's current token, which only that member reads.
 */
export const CALENDAR_FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;
export const calendarFeedTokenSchema = z.string().regex(CALENDAR_FEED_TOKEN_PATTERN);

/**
 * What the feed last served for one booking: a digest of the event's facts, and the SEQUENCE and
 * LAST-MODIFIED it carried. When the class changes (time, room, coach…) the digest differs and
 * the feed serves the event again with SEQUENCE + 1, so subscribed calendars replace their copy.
 */
export const calendarFeedEventSchema = z.object({
  digest: z.string().max(100),
  sequence: z.number().int().min(0),
  modifiedAt: epochMsSchema,
});
export type CalendarFeedEvent = z.infer<typeof calendarFeedEventSchema>;

/** `CalendarFeeds/{token}`: the member, and the events the feed last served (bookingId → …). */
export const calendarFeedSchema = z.object({
  uid: keySchema,
  createdAt: epochMsSchema,
  events: z.record(keySchema, calendarFeedEventSchema).optional(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** `CalendarFeedTokens/{uid}`. */
export const calendarFeedTokenRecordSchema = z.object({
  token: calendarFeedTokenSchema,
  createdAt: epochMsSchema,
});
export type CalendarFeedTokenRecord = z.infer<typeof calendarFeedTokenRecordSchema>;
