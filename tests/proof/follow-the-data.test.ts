// Follow the data: what a member may write (a name, an e-mail, a phone, a photo, a spot or a key)
// set to hostile values, then followed to every place in-process code shows, sends or uses it:
// the studio's mail (every kind, subject, text, HTML and headers), the calendar feed, CSV
// exports, the admins' directory row, the pictures the app draws and the lookups by key. The
// Chromium journeys (tests/support/journey.ts) run the screens under the Content-Security-Policy.
import ICAL from 'ical.js';
import {
  csvLine,
  directoryProfile,
  foldSearchText,
  imageStoreOf,
  isValidKey,
  MEMBER_TEXT_MAX,
  ownValue,
  PROTOTYPE_KEYS,
  storageUrl,
  studioImage,
  writeIcs,
} from '@studio/core';
import { describe, expect, it } from 'vitest';
import { MAIL_KINDS, renderMail } from '../../functions/src/mail/index.ts';
import { MESSAGES, context } from '../../functions/test/mail/fixtures.ts';

/** Text a member may type into a free-text field, each as the review tried it. */
const HOSTILE_TEXT: Record<string, string> = {
  markup: '<img src=x onerror=alert(1)><script>alert("x")</script>',
  bait: 'Your card was declined - re-enter it at https://evil.example/pay',
  'someone else': 'Alice Smith alice@victim.example',
  'header break': 'Eve\r\nBcc: all@evil.example',
  'right-to-left override': 'Ana \u202Egnp.exe\u202C',
  '2,000 characters': 'x'.repeat(2000),
  formula: '=HYPERLINK("https://evil.example","Click")',
  'prototype name': '__proto__',
};

const NAMES = Object.entries(HOSTILE_TEXT);

describe("a member's name in the studio's mail", () => {
  it.each(NAMES)('%s: never in a subject or header, plain and short in the body', (_, name) => {
    for (const kind of MAIL_KINDS) {
      const mail = renderMail(structuredClone(MESSAGES[kind]), context('en', name));
      const headers = [mail.subject, ...Object.values(mail.headers), mail.to.email];
      for (const header of headers) {
        expect(header, kind).not.toMatch(/[\r\n]/);
        expect(header, kind).not.toContain(name.slice(0, 12));
      }
      expect(mail.to).toEqual({ email: 'maria@example.com' });
      for (const body of [mail.text, mail.html]) {
        expect(body, kind).not.toContain('evil.example');
        expect(body, kind).not.toContain('victim.example');
        expect(body, kind).not.toContain('\u202E');
        expect(body, kind).not.toContain('x'.repeat(MEMBER_TEXT_MAX + 1));
      }
      // Markup arrives as text (escaped), never as an element.
      expect(mail.html, kind).not.toMatch(/<script|<img src=x/i);
    }
  });
});

describe('the calendar feed', () => {
  it.each(NAMES)('%s as a class text stays one property of one event', (_, text) => {
    const ics = writeIcs({
      productId: '-//Studio//Calendar//EN',
      name: text,
      stamp: Date.UTC(2026, 11, 1),
      events: [
        {
          uid: 'booking-1@studio',
          startsAt: Date.UTC(2026, 11, 2, 14),
          endsAt: Date.UTC(2026, 11, 2, 15),
          sequence: 0,
          status: 'CONFIRMED',
          summary: text,
          location: text,
          description: text,
        },
      ],
    });
    const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
    const [event, ...others] = calendar.getAllSubcomponents('vevent');
    expect(others).toEqual([]);
    // TEXT carries line breaks as \n (RFC 5545), escaped: never a line of its own.
    expect(event?.getFirstPropertyValue('summary')).toBe(text.replace(/\r\n/g, '\n'));
    expect(event?.getAllProperties().map((property) => property.name)).toEqual([
      'uid',
      'dtstamp',
      'dtstart',
      'dtend',
      'sequence',
      'status',
      'summary',
      'location',
      'description',
      'transp',
    ]);
    expect(ics.split('\r\n').filter((line) => /^BCC|^ATTENDEE/i.test(line))).toEqual([]);
  });
});

describe('CSV exports', () => {
  it.each(NAMES)('%s stays one field of one row, and a formula is shown, not run', (_, text) => {
    const line = csvLine(['m1', text, 20], [false, true, false]);
    const fields = parseCsvLine(line);
    expect(fields).toHaveLength(3);
    expect(fields[1]).toBe(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
  });
});

describe("the admins' directory row", () => {
  it.each(NAMES)('%s: the search keys are derived from the profile, never free text', (_, name) => {
    const row = directoryProfile({ Name: name, Email: 'mallory@example.com', Phone: '+52 81 1' });
    expect(row.name).toBe(name.trim());
    expect(row.nameKey).toBe(foldSearchText(name.trim()));
    expect(row.emailKey).toBe('mallory@example.com');
    expect(row.phoneKey).toBe('52811');
  });
});

describe('pictures a member names', () => {
  const store = imageStoreOf('studio.firebasestorage.app');
  const own = storageUrl({
    origin: 'https://firebasestorage.googleapis.com',
    bucket: 'studio.firebasestorage.app',
    path: 'members/m1/avatar/abcdef/192.webp',
    token: 't',
  });

  it.each([
    'https://tracker.example/pixel.png',
    'http://firebasestorage.googleapis.com/v0/b/studio.firebasestorage.app/o/x?alt=media',
    own.replace('studio.firebasestorage.app', 'attacker.appspot.com'),
    'data:image/svg+xml;base64,PHN2Zz4=',
    'javascript:alert(1)',
    ...Object.values(HOSTILE_TEXT),
  ])('%s is never drawn', (value) => {
    expect(studioImage(value, store, 'photo')).toBeUndefined();
  });

  it("draws the member's own upload in the studio's bucket", () => {
    expect(studioImage(own, store, 'photo')).toBe(own);
  });
});

describe('member input used as a key or a lookup', () => {
  const spots: Record<string, { label: string }> = { a1: { label: 'A1' } };

  it.each([...PROTOTYPE_KEYS])('%s is refused as a key and finds nothing', (key) => {
    expect(isValidKey(key)).toBe(false);
    expect(ownValue(spots, key)).toBeUndefined();
  });
});

/** One RFC 4180 line back into its fields (what a spreadsheet reads). */
function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  const text = line.replace(/\r\n$/, '');
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted && char === '"' && text[index + 1] === '"') {
      field += '"';
      index += 1;
    } else if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}
