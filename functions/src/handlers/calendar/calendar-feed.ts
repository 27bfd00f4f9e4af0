import { createHash } from 'node:crypto';
import type { Database } from 'firebase-admin/database';
import {
  bookingsFeed,
  calendarFeedSchema,
  calendarFeedTokenRecordSchema,
  calendarFeedTokenSchema,
  formatMessage,
  isInCalendar,
  paths,
  studioSchema,
  userClassSchema,
  userSchema,
} from '@studio/core';
import type { BookedClassEvent, CalendarFeedEvent, Lang } from '@studio/core';
import { instancesFor } from '../../engine';
import { mailTexts } from '../../mail';
import { bookedClassFacts, newNameCache } from './class-facts';
import type { BookedClassFacts } from './class-facts';
import { calendarFeedServed, calendarFeedUnknown } from './logs';
import type { CalendarFeedDeps } from './rotate-calendar-feed';

/** Classes that started up to this long ago are still listed while they run. */
const LOOK_BACK_MS = 24 * 60 * 60 * 1000;

const FEED_NAMES: Record<Lang, string> = { en: '{studio}: my classes', es: '{studio}: mis clases' };

export interface FeedResponse {
  status: 200 | 404;
  headers: Record<string, string>;
  body: string;
}

const NOT_FOUND: FeedResponse = {
  status: 404,
  headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  body: 'Not found\n',
};

/** The token in a feed URL: `/calendar/{token}.ics` through Hosting, `/{token}.ics` directly. */
export function tokenFromPath(path: string): string | null {
  const match = /\/([^/]+)\.ics$/.exec(path);
  const parsed = calendarFeedTokenSchema.safeParse(match?.[1]);
  return parsed.success ? parsed.data : null;
}

/** The member a token belongs to, if it is their current one (revoked and replaced: none). */
async function feedOwner(db: Database, token: string) {
  const feed = calendarFeedSchema.safeParse((await db.ref(paths.calendarFeed(token)).get()).val());
  if (!feed.success) return null;
  const current = calendarFeedTokenRecordSchema.safeParse(
    (await db.ref(paths.calendarFeedToken(feed.data.uid)).get()).val(),
  );
  if (!current.success || current.data.token !== token) return null;
  return feed.data;
}

/**
 * The member's bookings that still hold a place in a class not over yet, with today's facts, from
 * every instance holding classes (each keeps the member's views of its classes).
 */
async function upcomingClasses(deps: CalendarFeedDeps, uid: string, now: number) {
  const { db } = deps;
  const cache = newNameCache();
  const found = await Promise.all(
    (await instancesFor(deps).all()).map(async (where) => {
      const views = await where
        .ref(paths.userClasses(uid))
        .orderByChild('startsAt')
        .startAt(now - LOOK_BACK_MS)
        .get();
      const booked: { bookingId: string; classId: string; spot: string }[] = [];
      views.forEach((child) => {
        const view = userClassSchema.safeParse(child.val());
        if (view.success && isInCalendar(view.data.status)) booked.push(view.data);
      });
      return Promise.all(booked.map((view) => bookedClassFacts(db, view, cache, where)));
    }),
  );
  return found
    .flat()
    .filter(
      (fact): fact is BookedClassFacts =>
        fact !== null && fact.startsAt + fact.durationMinutes * 60_000 > now,
    )
    .sort((a, b) => a.startsAt - b.startsAt);
}

function eventText(facts: BookedClassFacts, lang: Lang) {
  const texts = mailTexts[lang];
  const location = [facts.room, facts.branchName, facts.address].filter(Boolean).join(', ');
  const description = [
    facts.spotLabel ? formatMessage(texts.calendarSpot, { spot: facts.spotLabel }) : undefined,
    facts.coachName ? formatMessage(texts.calendarCoach, { coach: facts.coachName }) : undefined,
  ]
    .filter(Boolean)
    .join('\n');
  return { location, description };
}

/** A short digest of what a calendar shows of the event: it changes when the class does. */
function digestOf(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);
}

/**
 * The member's feed for `token` (the `calendarFeed` HTTPS function, `/calendar/{token}.ics`):
 * their upcoming booked classes as RFC 5545 text, one event per booking under a stable UID (the
 * one the booking mail's attachment carries); cancelled bookings and classes the studio cancelled
 * are left out. Each event's SEQUENCE and LAST-MODIFIED come from `CalendarFeeds/{token}/events`:
 * when what the event shows changed since the feed last served it, SEQUENCE goes up by one, so
 * subscribed calendars replace their copy. Unknown, malformed and revoked tokens answer 404.
 */
export async function calendarFeed(
  deps: CalendarFeedDeps,
  token: string | null,
  appUrl: string,
): Promise<FeedResponse> {
  const { db, now: clock } = deps;
  const owner = token === null ? null : await feedOwner(db, token);
  if (token === null || owner === null) {
    calendarFeedUnknown();
    return NOT_FOUND;
  }
  const now = clock();
  const [classes, langValue, studioValue] = await Promise.all([
    upcomingClasses(deps, owner.uid, now),
    db.ref(paths.userField(owner.uid, 'Lang')).get(),
    db.ref(paths.studio()).get(),
  ]);
  const lang = userSchema.shape.Lang.safeParse(langValue.val()).data ?? 'en';
  const studio = studioSchema.safeParse(studioValue.val());
  const studioName = studio.success ? studio.data.name : 'Studio';

  const served = owner.events ?? {};
  const events: Record<string, CalendarFeedEvent> = {};
  const bookings: BookedClassEvent[] = classes.map((facts) => {
    const { location, description } = eventText(facts, lang);
    const digest = digestOf([
      facts.startsAt,
      facts.durationMinutes,
      facts.title,
      location,
      description,
    ]);
    const before = served[facts.bookingId];
    const event =
      before?.digest === digest
        ? before
        : { digest, sequence: before ? before.sequence + 1 : 0, modifiedAt: now };
    events[facts.bookingId] = event;
    return {
      bookingId: facts.bookingId,
      status: 'booked',
      startsAt: facts.startsAt,
      durationMinutes: facts.durationMinutes,
      title: facts.title,
      ...(location ? { location } : {}),
      ...(description ? { description } : {}),
      url: new URL(appUrl).href,
      sequence: event.sequence,
      lastModified: event.modifiedAt,
    };
  });
  const changed = Object.entries(events).filter(([id, event]) => served[id] !== event).length;
  const dropped = Object.keys(served).some((id) => !(id in events));
  if (changed > 0 || dropped) await rememberEvents(db, token, events);
  calendarFeedServed({ uid: owner.uid, events: bookings.length, changed });

  const body = bookingsFeed(bookings, {
    uidDomain: new URL(appUrl).hostname,
    productId: `-//${studioName}//Classes//${lang.toUpperCase()}`,
    stamp: now,
    name: formatMessage(FEED_NAMES[lang], { studio: studioName }),
  });
  return {
    status: 200,
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="classes.ics"',
      // Personal: no shared cache (Hosting's CDN) may keep it.
      'Cache-Control': 'private, max-age=300',
    },
    body,
  };
}

/**
 * Records what was served, only while the token still names a feed: a revoke racing this request
 * must not bring the node back.
 */
async function rememberEvents(
  db: Database,
  token: string,
  events: Record<string, CalendarFeedEvent>,
): Promise<void> {
  await db.ref(paths.calendarFeed(token)).transaction(
    (current: unknown) => {
      const feed = calendarFeedSchema.safeParse(current);
      if (!feed.success) return current;
      // A concurrent request may have bumped an event already: keep the higher SEQUENCE.
      const merged: Record<string, CalendarFeedEvent> = {};
      for (const [id, event] of Object.entries(events)) {
        const other = feed.data.events?.[id];
        merged[id] = other && other.sequence > event.sequence ? other : event;
      }
      return { ...feed.data, events: merged };
    },
    undefined,
    false,
  );
}
