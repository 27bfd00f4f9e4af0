// The two public HTTP functions, which answer without a sign-in: `calendarFeed` (a secret token in
// the path is the key) and `mailUnsubscribe` (an HMAC in the link names the member and the mail
// kind). Each is served as deployed, behind a small HTTP server as Hosting's rewrite reaches it,
// against the database emulator, and sent what a stranger or another member would try: forged,
// malformed and guessed tokens, hostile query strings, a replayed or revoked link, another
// member's link with the member changed, and every method. Each must get a clear refusal and
// leave the whole database as it was; the one accepted change (an unsubscribe POST) writes only
// that member's preference, and replaying it changes nothing more.
import './support/quiet-logs.ts';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '@studio/core';
import * as deployed from '../../functions/src/index.ts';
import { adminDatabase } from '../../functions/src/admin.ts';
import { unsubscribeUrl } from '../../functions/src/mail/unsubscribe.ts';
import {
  DAY,
  member,
  seedClass,
  seedMember,
  seedStudio,
} from '../../functions/test/booking/fixtures.ts';
import { startFunctionsBed, type FunctionsBed } from './support/functions-bed.ts';

const SECRET = 'proof-unsubscribe-secret-0123456789';
const ENDPOINT = 'https://us-central1-demo-studio.cloudfunctions.net/mailUnsubscribe';
const KIND = 'booking-confirmed';

let bed: FunctionsBed;
let server: Server;
let origin: string;
const ids = { alice: '', bob: '', aliceToken: '', bobToken: '', oldToken: '' };

beforeAll(async () => {
  bed = await startFunctionsBed();
  process.env['MAIL_UNSUBSCRIBE_SECRET'] = SECRET;
  const app = express();
  // As Hosting's rewrites reach them: `/calendar/{token}.ics` and the unsubscribe function.
  app.use('/calendar', (req, res) => {
    void deployed.calendarFeed(req as Parameters<typeof deployed.calendarFeed>[0], res);
  });
  app.use('/mailUnsubscribe', (req, res) => {
    void deployed.mailUnsubscribe(req as Parameters<typeof deployed.mailUnsubscribe>[0], res);
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const db = adminDatabase();
  await seedStudio(db);
  const classId = await seedClass(db, { startsAt: Date.now() + DAY, name: 'Morning ride' });
  const otherClassId = await seedClass(db, { startsAt: Date.now() + 2 * DAY, name: 'Bob only' });
  ids.alice = await seedMember(db, { credits: 2, name: 'Alice' });
  ids.bob = await seedMember(db, { credits: 2, name: 'Bob' });
  for (const [uid, cls] of [
    [ids.alice, classId],
    [ids.bob, otherClassId],
  ] as const) {
    const booked = await bed.call('bookClass', member(uid), { classId: cls });
    if (!booked.ok) throw booked.error;
  }
  const token = async (uid: string) => {
    const rotated = await bed.call('rotateCalendarFeed', member(uid), {});
    if (!rotated.ok) throw rotated.error;
    return (rotated.result as { token: string }).token;
  };
  // Alice's first feed URL, replaced by a second: the first one must stop working.
  ids.oldToken = await token(ids.alice);
  ids.aliceToken = await token(ids.alice);
  ids.bobToken = await token(ids.bob);
  // A feed's first serve records what each event showed (its SEQUENCE, for calendars to update
  // their copy); served again with nothing changed, it writes nothing.
  for (const feed of [ids.aliceToken, ids.bobToken]) {
    const first = await fetch(`${origin}/calendar/${feed}.ics`);
    if (first.status !== 200) throw new Error(`feed answered ${first.status}`);
  }
}, 240_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await bed?.stop();
}, 60_000);

/** Sends `path` (with its query string as given, unencoded) and checks nothing was written. */
async function unchanged(
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: string; headers: Headers }> {
  const before = await bed.dump();
  const response = await fetch(`${origin}${path}`, { redirect: 'manual', ...init });
  const body = await response.text();
  expect(await bed.dump()).toEqual(before);
  return { status: response.status, body, headers: response.headers };
}

// ---------------------------------------------------------------------------------------------
// calendarFeed

const BAD_FEED_PATHS: Record<string, string> = {
  'no token': '/calendar/.ics',
  'a short token': '/calendar/abc.ics',
  'a well-formed token nobody holds': `/calendar/${'A'.repeat(43)}.ics`,
  'a token of 44 characters': `/calendar/${'A'.repeat(44)}.ics`,
  'a token with a dot': `/calendar/${'A'.repeat(42)}..ics`,
  'a path through the database': '/calendar/..%2F..%2FUsers.ics',
  'a NUL byte': `/calendar/${'A'.repeat(42)}%00.ics`,
  'a prototype name': '/calendar/__proto__.ics',
  constructor: '/calendar/constructor.ics',
  markup: '/calendar/%3Cscript%3Ealert(1)%3C%2Fscript%3E.ics',
  'no .ics': `/calendar/${'A'.repeat(43)}`,
  '10,000 characters': `/calendar/${'A'.repeat(10_000)}.ics`,
};

describe('calendarFeed: what a stranger tries', () => {
  it.each(Object.entries(BAD_FEED_PATHS))('%s: 404 and nothing written', async (_label, path) => {
    const answer = await unchanged(path);
    expect(answer.status).toBe(404);
    expect(answer.body).toBe('Not found\n');
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('a replaced token (the member rotated their URL): 404, nothing written', async () => {
    expect((await unchanged(`/calendar/${ids.oldToken}.ics`)).status).toBe(404);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('%s: 405, nothing written', async (method) => {
    const answer = await unchanged(`/calendar/${ids.aliceToken}.ics`, { method, body: '{}' });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, HEAD');
  });

  it("a member's feed lists only their classes, whatever the query string says", async () => {
    const plain = await unchanged(`/calendar/${ids.aliceToken}.ics`);
    expect(plain.status).toBe(200);
    expect(plain.body).toContain('SUMMARY:Morning ride');
    expect(plain.body).not.toContain('Bob only');
    const hostileQueries = [
      `?uid=${ids.bob}`,
      `?token=${ids.bobToken}`,
      '?__proto__[admin]=1&constructor[prototype][x]=1',
      `?x=${'%3Cscript%3E'.repeat(500)}`,
      `?uid=${ids.bob}&uid=${ids.alice}&limit=-1`,
    ];
    for (const query of hostileQueries) {
      const answer = await unchanged(`/calendar/${ids.aliceToken}.ics${query}`);
      expect(answer.status, query).toBe(200);
      expect(answer.body, query).toContain('SUMMARY:Morning ride');
      expect(answer.body, query).not.toContain('Bob only');
      expect(answer.body, query).not.toMatch(/<script/i);
    }
  });

  it("another member's token gives that member's feed only: the token is the whole key", async () => {
    const answer = await unchanged(`/calendar/${ids.bobToken}.ics?uid=${ids.alice}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('SUMMARY:Bob only');
    expect(answer.body).not.toContain('Morning ride');
  });
});

// ---------------------------------------------------------------------------------------------
// mailUnsubscribe

/** The query string of a genuine link for `uid` and `kind`. */
function linkQuery(uid: string, kind = KIND, secret = SECRET): URLSearchParams {
  return new URL(unsubscribeUrl(ENDPOINT, { uid, kind: kind as typeof KIND }, secret)).searchParams;
}

/**
 * The token with its 6th character changed. Not the last: base64url's last character of a 32-byte
 * value carries 2 unused bits, so some changes there decode to the same bytes.
 */
function oneCharacterOff(token: string): string {
  return `${token.slice(0, 5)}${token[5] === 'A' ? 'Q' : 'A'}${token.slice(6)}`;
}

function withParam(query: URLSearchParams, name: string, value: string): string {
  const changed = new URLSearchParams(query);
  changed.set(name, value);
  return changed.toString();
}

describe('mailUnsubscribe: what a stranger or another member tries', () => {
  const refusals = (): Record<string, string> => {
    const alice = linkQuery(ids.alice);
    const bobLink = linkQuery(ids.bob);
    return {
      'no query at all': '',
      'no token': `uid=${ids.alice}&kind=${KIND}`,
      'an empty token': withParam(alice, 'token', ''),
      'a token cut short': withParam(alice, 'token', alice.get('token')!.slice(0, 20)),
      'a token one character off': withParam(alice, 'token', oneCharacterOff(alice.get('token')!)),
      'a link signed with another secret': linkQuery(ids.alice, KIND, 'x'.repeat(32)).toString(),
      "another member's link with the member changed": withParam(bobLink, 'uid', ids.alice),
      "a member's link with the kind changed": withParam(alice, 'kind', 'class-reminder'),
      'a kind that does not exist': withParam(alice, 'kind', 'everything'),
      'a prototype name as the kind': withParam(alice, 'kind', '__proto__'),
      'a prototype name as the member': withParam(alice, 'uid', '__proto__'),
      'a path as the member': withParam(alice, 'uid', `${ids.alice}/mail-preferences`),
      'markup as the member': withParam(alice, 'uid', '<script>alert(1)</script>'),
      'a 5,000-character token': withParam(alice, 'token', 'A'.repeat(5_000)),
      'a genuine link for a member who does not exist': linkQuery('nobody-here').toString(),
    };
  };

  it.each(
    [
      'no query at all',
      'no token',
      'an empty token',
      'a token cut short',
      'a token one character off',
      'a link signed with another secret',
      "another member's link with the member changed",
      "a member's link with the kind changed",
      'a kind that does not exist',
      'a prototype name as the kind',
      'a prototype name as the member',
      'a path as the member',
      'markup as the member',
      'a 5,000-character token',
      'a genuine link for a member who does not exist',
    ].flatMap((label) => [
      [label, 'GET'],
      [label, 'POST'],
    ]),
  )('%s (%s): 400, a page saying so, nothing written', async (label, method) => {
    const query = refusals()[label]!;
    const answer = await unchanged(`/mailUnsubscribe?${query}`, { method });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('<h1');
    expect(answer.body).not.toMatch(/<script/i);
    expect(answer.body).not.toContain(ids.alice);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('a 100,000-character link: refused before the function runs (431), nothing written', async () => {
    const query = withParam(linkQuery(ids.alice), 'token', 'A'.repeat(100_000));
    expect((await unchanged(`/mailUnsubscribe?${query}`, { method: 'POST' })).status).toBe(431);
  });

  it.each(['PUT', 'DELETE', 'PATCH'])('%s with a genuine link: 405, nothing written', async (m) => {
    const answer = await unchanged(`/mailUnsubscribe?${linkQuery(ids.alice).toString()}`, {
      method: m,
    });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, POST');
  });

  it('a genuine link: GET (a link scanner) writes nothing; POST writes only that preference; a replay changes nothing more', async () => {
    const query = linkQuery(ids.bob).toString();
    const get = await unchanged(`/mailUnsubscribe?${query}`);
    expect(get.status).toBe(200);
    expect(get.body).toContain('<form method="post">');

    const before = (await bed.dump()) as Record<string, Record<string, Record<string, unknown>>>;
    const post = await fetch(`${origin}/mailUnsubscribe?${query}`, { method: 'POST' });
    expect(post.status).toBe(200);
    const after = (await bed.dump()) as Record<string, Record<string, Record<string, unknown>>>;
    expect((await adminDatabase().ref(paths.mailPreference(ids.bob, KIND)).get()).val()).toBe(
      false,
    );
    // Everything else as it was: only Bob's preference for this kind changed.
    const bobBefore = structuredClone(before['Users']![ids.bob]!);
    bobBefore['mail-preferences'] = {
      ...(bobBefore['mail-preferences'] ?? {}),
      [KIND]: false,
    };
    expect(after['Users']![ids.bob]).toEqual(bobBefore);
    expect({ ...after, Users: { ...after['Users'], [ids.bob]: null } }).toEqual({
      ...before,
      Users: { ...before['Users'], [ids.bob]: null },
    });

    // The same POST again (a mail client retrying, or someone replaying the link).
    const replay = await unchanged(`/mailUnsubscribe?${query}`, { method: 'POST' });
    expect(replay.status).toBe(200);
  });
});
