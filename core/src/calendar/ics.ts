/**
 * iCalendar (RFC 5545) writer for class bookings: a single-event attachment for a booking mail
 * and a member's feed of booked classes. Pure and deterministic (the caller passes `stamp`), so
 * the same booking always yields the same text apart from DTSTAMP.
 *
 * Times are written in UTC (`…Z`): every calendar client converts them to the reader's zone, and
 * no VTIMEZONE block has to be kept in step with the studio zone's rules.
 */

export type IcsStatus = 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';

export interface IcsEvent {
  /** Globally unique and stable for the thing it describes, e.g. `booking-{id}@studio.example`. */
  uid: string;
  /** Bumped on every change a client should apply over its copy (time, room, cancellation). */
  sequence: number;
  status: IcsStatus;
  startsAt: number;
  endsAt: number;
  summary: string;
  location?: string;
  description?: string;
  url?: string;
  /** When the event last changed (LAST-MODIFIED), written with SEQUENCE by a feed. */
  lastModified?: number;
}

export interface IcsCalendar {
  /** PRODID: who wrote the file. */
  productId: string;
  /** DTSTAMP of every event: when this text was produced (epoch ms). */
  stamp: number;
  /** X-WR-CALNAME, the name clients show for a subscribed feed. */
  name?: string;
  events: readonly IcsEvent[];
}

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;
const encoder = new TextEncoder();

/** An instant as an RFC 5545 UTC DATE-TIME: `20261125T183000Z`. */
export function icsUtc(epochMs: number): string {
  if (!Number.isFinite(epochMs)) throw new RangeError(`Not an instant: ${epochMs}`);
  return new Date(epochMs)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, every line break as
 * `\n`, and other control characters (which TEXT may not hold) dropped.
 */
export function escapeIcsText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

/**
 * Folds one content line into lines of at most 75 octets (§3.1), continuation lines starting with
 * a space. Splits only between code points, so a multi-byte character is never cut in two.
 */
export function foldIcsLine(line: string): string {
  if (encoder.encode(line).length <= MAX_LINE_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The leading space of a continuation line counts towards its 75 octets.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

function eventLines(event: IcsEvent, stamp: number): string[] {
  if (!(event.endsAt > event.startsAt)) {
    throw new RangeError(`Event ${event.uid} ends before it starts`);
  }
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(event.uid)}`,
    `DTSTAMP:${icsUtc(stamp)}`,
    `DTSTART:${icsUtc(event.startsAt)}`,
    `DTEND:${icsUtc(event.endsAt)}`,
    `SEQUENCE:${Math.max(0, Math.trunc(event.sequence))}`,
    `STATUS:${event.status}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
  ];
  if (event.lastModified !== undefined) lines.push(`LAST-MODIFIED:${icsUtc(event.lastModified)}`);
  if (event.location) lines.push(`LOCATION:${escapeIcsText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeIcsText(event.description)}`);
  // A URI value is not TEXT: it is written as is, after refusing anything that could break a line.
  if (event.url && /^https?:\/\/[^\s]+$/.test(event.url)) lines.push(`URL:${event.url}`);
  lines.push('TRANSP:OPAQUE', 'END:VEVENT');
  return lines;
}

/**
 * The calendar as text: CRLF line ends, folded lines, `METHOD:PUBLISH` (a copy for the reader's
 * calendar, not an invitation to answer: no ORGANIZER, no ATTENDEE, no RSVP).
 */
export function writeIcs(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeIcsText(calendar.productId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  if (calendar.name) lines.push(`X-WR-CALNAME:${escapeIcsText(calendar.name)}`);
  for (const event of calendar.events) lines.push(...eventLines(event, calendar.stamp));
  lines.push('END:VCALENDAR');
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}
