import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bookingIcs, bookingsFeed, bookingUid, type BookedClassEvent } from './bookings';
import { escapeIcsText, foldIcsLine, icsUtc, writeIcs } from './ics';

const STAMP = Date.UTC(2026, 10, 20, 12, 0, 0);
const OPTIONS = { uidDomain: 'studio.example', productId: '-//Studio//Bookings//EN', stamp: STAMP };

const booking: BookedClassEvent = {
  bookingId: 'b1',
  status: 'booked',
  startsAt: Date.UTC(2026, 10, 25, 14, 30),
  durationMinutes: 50,
  title: 'Spin 50',
  location: 'Room A, Studio Centro, Av. Juárez 10',
  description: 'Spot 7\nCoach: Ana',
};

function parse(text: string): ICAL.Component {
  // ical.js types its jCal output as `any`; a VCALENDAR parses to one component array.
  return new ICAL.Component(ICAL.parse(text) as unknown[]);
}

function onlyEvent(text: string): ICAL.Event {
  const events = parse(text).getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  return new ICAL.Event(events[0]);
}

describe('writeIcs', () => {
  it('writes a calendar a real parser reads, with every field of the booking', () => {
    const text = bookingIcs(booking, OPTIONS);
    const calendar = parse(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Studio//Bookings//EN');
    const event = onlyEvent(text);
    expect(event.uid).toBe('booking-b1@studio.example');
    expect(event.summary).toBe('Spin 50');
    expect(event.location).toBe('Room A, Studio Centro, Av. Juárez 10');
    expect(event.description).toBe('Spot 7\nCoach: Ana');
    expect(event.startDate.toJSDate().getTime()).toBe(booking.startsAt);
    expect(event.endDate.toJSDate().getTime()).toBe(booking.startsAt + 50 * 60_000);
    expect(event.startDate.zone.tzid).toBe('UTC');
    expect(event.sequence).toBe(0);
    const vevent = event.component;
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(vevent.getFirstProperty('dtstamp')?.getFirstValue()?.toString()).toBe(
      '2026-11-20T12:00:00Z',
    );
    expect(vevent.getFirstProperty('attendee')).toBeNull();
    expect(vevent.getFirstProperty('organizer')).toBeNull();
  });

  it('ends every line with CRLF and has no bare LF', () => {
    const text = bookingIcs(booking, OPTIONS);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('escapes backslashes, semicolons, commas and line breaks so they read back unchanged', () => {
    const hostile = 'Yoga; Pilates, "Core" \\ Stretch\r\nline two\rline three\u0007';
    const text = bookingIcs({ ...booking, title: hostile, description: hostile }, OPTIONS);
    expect(text).toContain(
      'SUMMARY:Yoga\\; Pilates\\, "Core" \\\\ Stretch\\nline two\\nline three',
    );
    const event = onlyEvent(text);
    const expected = 'Yoga; Pilates, "Core" \\ Stretch\nline two\nline three';
    expect(event.summary).toBe(expected);
    expect(event.description).toBe(expected);
    // No property was injected through a line break.
    expect(event.component.getAllProperties('status')).toHaveLength(1);
  });

  it('folds long lines at 75 octets without cutting a multi-byte character', () => {
    const long = 'Clase de ñandú 🧘‍♀️ con café ☕ y más '.repeat(8);
    const text = bookingIcs(
      { ...booking, description: long, title: '東京ヨガ'.repeat(30) },
      OPTIONS,
    );
    const lines = text.split('\r\n').slice(0, -1);
    for (const line of lines) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
      // A cut character would show up as a replacement character after decoding.
      expect(line).not.toContain('\uFFFD');
    }
    expect(lines.filter((line) => line.startsWith(' ')).length).toBeGreaterThan(4);
    const event = onlyEvent(text);
    expect(event.description).toBe(long);
    expect(event.summary).toBe('東京ヨガ'.repeat(30));
  });

  it('leaves a short line alone and folds exactly at the limit', () => {
    expect(foldIcsLine('a'.repeat(75))).toBe('a'.repeat(75));
    expect(foldIcsLine('a'.repeat(76))).toBe(`${'a'.repeat(75)}\r\n a`);
    expect(foldIcsLine(`${'a'.repeat(74)}é`)).toBe(`${'a'.repeat(74)}\r\n é`);
  });

  it('writes instants in UTC and refuses an event that ends before it starts', () => {
    expect(icsUtc(Date.UTC(2026, 0, 2, 3, 4, 5))).toBe('20260102T030405Z');
    expect(() =>
      writeIcs({
        productId: 'x',
        stamp: STAMP,
        events: [
          { uid: 'u', sequence: 0, status: 'CONFIRMED', startsAt: 10, endsAt: 10, summary: 's' },
        ],
      }),
    ).toThrow(RangeError);
    expect(escapeIcsText('a,b;c\\d')).toBe('a\\,b\\;c\\\\d');
  });

  it('marks a cancelled booking CANCELLED under the same UID with a higher SEQUENCE', () => {
    const event = onlyEvent(bookingIcs({ ...booking, status: 'cancelled', sequence: 1 }, OPTIONS));
    expect(event.uid).toBe(bookingUid('b1', 'studio.example'));
    expect(event.sequence).toBe(1);
    expect(event.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  });
});

describe('LAST-MODIFIED', () => {
  it('is written in UTC when the event says when it last changed, and left out otherwise', () => {
    const modified = Date.UTC(2026, 10, 21, 9, 15, 0);
    const text = bookingIcs({ ...booking, sequence: 2, lastModified: modified }, OPTIONS);
    const event = parse(text).getFirstSubcomponent('vevent');
    const value = event?.getFirstPropertyValue('last-modified') as ICAL.Time;
    expect(value.toJSDate().getTime()).toBe(modified);
    expect(event?.getFirstPropertyValue('sequence')).toBe(2);
    expect(bookingIcs(booking, OPTIONS)).not.toContain('LAST-MODIFIED');
  });
});

describe('bookingsFeed', () => {
  it('lists the classes the member holds a place in, in time order, and leaves cancelled ones out', () => {
    const feed = bookingsFeed(
      [
        { ...booking, bookingId: 'later', startsAt: booking.startsAt + 86_400_000 },
        { ...booking, bookingId: 'gone', status: 'cancelled' },
        { ...booking, bookingId: 'late', status: 'late-cancelled' },
        { ...booking, bookingId: 'studio', status: 'class-cancelled' },
        { ...booking, bookingId: 'b1' },
        {
          ...booking,
          bookingId: 'past',
          status: 'attended',
          startsAt: booking.startsAt - 86_400_000,
        },
      ],
      { ...OPTIONS, name: 'My classes at Studio' },
    );
    const calendar = parse(feed);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('My classes at Studio');
    const uids = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent).uid);
    expect(uids).toEqual([
      'booking-past@studio.example',
      'booking-b1@studio.example',
      'booking-later@studio.example',
    ]);
    expect(feed).not.toContain('booking-gone');
  });

  it('is a valid empty calendar when nothing is booked', () => {
    const calendar = parse(bookingsFeed([], { ...OPTIONS, name: 'Mine' }));
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(0);
  });
});
