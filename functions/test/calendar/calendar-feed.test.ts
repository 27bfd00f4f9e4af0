// The personal calendar feed through the deployed functions: `rotateCalendarFeed` run
// as Cloud Functions runs an onCall, and `calendarFeed` behind a small HTTP server as Hosting's
// rewrite reaches it, against the database emulator. Bookings, edits and cancellations go through
// the real booking handlers; every feed is parsed with ical.js.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS, paths } from '@studio/core';
import { assignSubstitute, calendarFeed, rotateCalendarFeed } from '../../src/index';
import { bookClass } from '../../src/handlers/booking/book-class';
import { cancelBooking } from '../../src/handlers/booking/cancel-booking';
import { cancelClass } from '../../src/handlers/classes/cancel-class';
import { updateClass } from '../../src/handlers/classes/update-class';
import { dump } from '../support/backend';
import { callableRequest, rejectionOf } from '../support/callable';
import type { Caller } from '../support/callable';
import {
  BRANCH,
  DAY,
  HOUR,
  OTHER_COACH,
  desk,
  member,
  seedClass,
  seedMember,
  useStudioBackend,
} from '../booking/fixtures';

const backend = useStudioBackend();
// Handlers get the default instance (backend.db is the test's view of every instance).
const deps = () => ({ db: backend.main, now: Date.now });

let server: Server;
let origin: string;

beforeAll(async () => {
  const app = express();
  app.use((req, res) => {
    void calendarFeed(req as Parameters<typeof calendarFeed>[0], res);
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await backend.db
    .ref(paths.branch(BRANCH))
    .update({ name: 'Centro', address: 'Av. Juárez 10, Monterrey' });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const rotate = (caller: Caller | null, data: unknown) =>
  rotateCalendarFeed.run(callableRequest(data, caller)) as Promise<{ token: string | null }>;

async function fetchFeed(token: string, method = 'GET') {
  return fetch(`${origin}/calendar/${token}.ics`, { method });
}

interface FeedEvent {
  uid: string;
  summary: string;
  location: string;
  description: string;
  start: number;
  sequence: number;
  lastModified: number | null;
}

async function feedEvents(token: string): Promise<FeedEvent[]> {
  const response = await fetchFeed(token);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(await response.text()) as unknown[]);
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const modified = component.getFirstPropertyValue('last-modified') as ICAL.Time | null;
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      description: event.description,
      start: event.startDate.toJSDate().getTime(),
      sequence: event.sequence,
      lastModified: modified ? modified.toJSDate().getTime() : null,
    };
  });
}

describe('rotateCalendarFeed', () => {
  it('refuses a guest and bad input, writing nothing', async () => {
    const before = await dump(backend.db);
    expect((await rejectionOf(rotate(null, {}))).code).toBe('unauthenticated');
    const uid = 'feed-bad-input';
    for (const data of [{ revoke: 'yes' }, { token: 'x'.repeat(43) }, null, 'rotate']) {
      expect((await rejectionOf(rotate(member(uid), data))).code).toBe('invalid-argument');
    }
    expect(await dump(backend.db)).toEqual(before);
  });

  it('gives a new secret token, which replaces the old one, and revokes it', async () => {
    const uid = await seedMember(backend.db);
    const first = await rotate(member(uid), {});
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await fetchFeed(first.token!)).status).toBe(200);

    const second = await rotate(member(uid), {});
    expect(second.token).not.toBe(first.token);
    expect((await fetchFeed(first.token!)).status).toBe(404);
    expect((await fetchFeed(second.token!)).status).toBe(200);
    expect((await backend.db.ref(paths.calendarFeedToken(uid)).get()).val()).toMatchObject({
      token: second.token,
    });

    expect(await rotate(member(uid), { revoke: true })).toEqual({ token: null });
    expect((await fetchFeed(second.token!)).status).toBe(404);
    expect((await backend.db.ref(paths.calendarFeedToken(uid)).get()).exists()).toBe(false);
    expect((await backend.db.ref(paths.calendarFeed(second.token!)).get()).exists()).toBe(false);
  });
});

describe('rotateCalendarFeed limit', () => {
  it(`refuses rotation number ${RATE_LIMITS.feed.max + 1} in ten minutes, writing nothing`, async () => {
    const uid = await seedMember(backend.db);
    for (let i = 0; i < RATE_LIMITS.feed.max; i += 1) await rotate(member(uid), {});
    const before = await dump(backend.db);
    const error = await rejectionOf(rotate(member(uid), {}));
    expect(error.code).toBe('resource-exhausted');
    expect(error.details).toMatchObject({ messageKey: 'tooManyAttempts' });
    expect(await dump(backend.db)).toEqual(before);
  });
});

describe('calendarFeed', () => {
  it('answers 404 for unknown and malformed tokens, and 405 for writes', async () => {
    expect((await fetchFeed('A'.repeat(43))).status).toBe(404);
    expect((await fetchFeed('short')).status).toBe(404);
    expect((await fetch(`${origin}/calendar/nothing`)).status).toBe(404);
    expect((await fetchFeed('A'.repeat(43), 'POST')).status).toBe(405);
  });

  it('answers 404 for a token the member no longer holds, even if its index was left behind', async () => {
    const uid = await seedMember(backend.db);
    const { token } = await rotate(member(uid), {});
    await backend.db.ref(paths.calendarFeedToken(uid)).update({ token: 'B'.repeat(43) });
    expect((await fetchFeed(token!)).status).toBe(404);
  });

  it('lists upcoming booked classes with spot, room, coach and address; not cancelled ones', async () => {
    const t0 = Math.floor(Date.now() / HOUR) * HOUR;
    const uid = await seedMember(backend.db, { credits: 3, name: 'Ana' });
    const [kept, dropped, studioCancelled] = await Promise.all([
      seedClass(backend.db, { startsAt: t0 + 3 * DAY, name: 'Morning ride' }),
      seedClass(backend.db, { startsAt: t0 + 4 * DAY, name: 'Evening ride' }),
      seedClass(backend.db, { startsAt: t0 + 5 * DAY, name: 'Late ride' }),
    ]);
    const booked = await bookClass(deps(), { uid, classId: kept, spot: 'A2' });
    await bookClass(deps(), { uid, classId: dropped, spot: 'A1' });
    await bookClass(deps(), { uid, classId: studioCancelled, spot: 'A1' });
    await cancelBooking(deps(), { uid, classId: dropped });
    await cancelClass(deps(), { by: 'admin-1', classId: studioCancelled, reason: 'Coach is ill' });

    const { token } = await rotate(member(uid), {});
    const events = await feedEvents(token!);
    expect(events).toHaveLength(1);
    const [event] = events;
    const view = (await backend.db.ref(paths.userClass(uid, kept)).get()).val() as {
      bookingId: string;
    };
    expect(event).toMatchObject({
      summary: 'Morning ride',
      location: 'Row, Centro, Av. Juárez 10, Monterrey',
      description: 'Spot A2\nCoach: Carlos',
      start: t0 + 3 * DAY,
      sequence: 0,
    });
    expect(event!.uid).toBe(`booking-${view.bookingId}@127.0.0.1`);
    expect(booked.spot).toBe('A2');
  });

  it('follows a changed class under the same UID with a higher SEQUENCE, in the member language', async () => {
    const t0 = Math.floor(Date.now() / HOUR) * HOUR;
    const uid = await seedMember(backend.db, { credits: 1 });
    await backend.db.ref(paths.userField(uid, 'Lang')).set('es');
    const classId = await seedClass(backend.db, { startsAt: t0 + 2 * DAY });
    await bookClass(deps(), { uid, classId, spot: 'A1' });
    const { token } = await rotate(member(uid), {});

    const [before] = await feedEvents(token!);
    expect(before).toMatchObject({ sequence: 0, description: 'Lugar A1\nCoach: Carlos' });
    // Served again unchanged: same SEQUENCE and LAST-MODIFIED.
    expect((await feedEvents(token!))[0]).toEqual(before);

    const cls = (await backend.db.ref(paths.class(classId)).get()).val() as { hour: string };
    const later = `${String(Number(cls.hour.slice(0, 2)) === 23 ? 22 : Number(cls.hour.slice(0, 2)) + 1).padStart(2, '0')}:${cls.hour.slice(3)}`;
    await updateClass(deps(), { by: 'admin-1', input: { classId, hour: later } });
    const [after] = await feedEvents(token!);
    expect(after!.uid).toBe(before!.uid);
    expect(after!.sequence).toBe(1);
    expect(Math.abs(after!.start - before!.start)).toBe(HOUR);
    expect(after!.lastModified).toBeGreaterThanOrEqual(before!.lastModified!);
  });

  it('names the substitute who takes a booked class, and its own coach again when given back', async () => {
    const t0 = Math.floor(Date.now() / HOUR) * HOUR;
    const uid = await seedMember(backend.db, { credits: 1 });
    const classId = await seedClass(backend.db, { startsAt: t0 + 2 * DAY });
    await bookClass(deps(), { uid, classId, spot: 'A1' });
    const { token } = await rotate(member(uid), {});
    const [before] = await feedEvents(token!);
    expect(before).toMatchObject({ description: 'Spot A1\nCoach: Carlos' });

    await assignSubstitute.run(callableRequest({ classId, coachId: OTHER_COACH }, desk) as never);
    const [covered] = await feedEvents(token!);
    expect(covered).toMatchObject({ uid: before!.uid, description: 'Spot A1\nCoach: Lucía' });

    await assignSubstitute.run(callableRequest({ classId, coachId: null }, desk) as never);
    expect((await feedEvents(token!))[0]).toMatchObject({ description: 'Spot A1\nCoach: Carlos' });
  });

  it('leaves out classes that are over', async () => {
    const t0 = Math.floor(Date.now() / HOUR) * HOUR;
    const uid = await seedMember(backend.db, { credits: 1 });
    const classId = await seedClass(backend.db, { startsAt: t0 + DAY });
    await bookClass(deps(), { uid, classId, spot: 'A1' });
    await backend.db.ref(paths.class(classId)).update({ startsAt: t0 - 2 * HOUR });
    const { token } = await rotate(member(uid), {});
    expect(await feedEvents(token!)).toEqual([]);
  });
});
