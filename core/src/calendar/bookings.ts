/**
 * Class bookings as calendar events: the attachment of a booking mail and a member's feed.
 * Texts arrive already in the member's language; this module decides identity and inclusion.
 */
import type { UserClassStatus } from '../schemas/classes';
import { writeIcs, type IcsEvent } from './ics';

export interface BookedClassEvent {
  bookingId: string;
  status: UserClassStatus;
  startsAt: number;
  durationMinutes: number;
  /** What the member knows the class as. */
  title: string;
  /** Room and studio address, e.g. "Room A, Studio Centro, Av. Juárez 10". */
  location?: string;
  /** Spot and coach, in the member's language. */
  description?: string;
  url?: string;
  /** Changes since the first copy was sent (time moved, room changed, cancelled). */
  sequence?: number;
  /** When the booking's class last changed as the member sees it (LAST-MODIFIED). */
  lastModified?: number;
}

export interface CalendarOptions {
  /** Right-hand side of every UID, e.g. the studio's domain: `booking-{id}@{uidDomain}`. */
  uidDomain: string;
  productId: string;
  /** When the text is produced (DTSTAMP). */
  stamp: number;
}

/** The statuses whose class still takes place for the member (past ones included). */
const IN_CALENDAR: ReadonlySet<UserClassStatus> = new Set(['booked', 'attended', 'no-show']);

export function isInCalendar(status: UserClassStatus): boolean {
  return IN_CALENDAR.has(status);
}

/** One UID per booking: rebooking the same class is a new booking, hence a new event. */
export function bookingUid(bookingId: string, uidDomain: string): string {
  return `booking-${bookingId}@${uidDomain}`;
}

export function bookingEvent(booking: BookedClassEvent, uidDomain: string): IcsEvent {
  return {
    uid: bookingUid(booking.bookingId, uidDomain),
    sequence: booking.sequence ?? 0,
    status: isInCalendar(booking.status) ? 'CONFIRMED' : 'CANCELLED',
    startsAt: booking.startsAt,
    endsAt: booking.startsAt + booking.durationMinutes * 60_000,
    summary: booking.title,
    ...(booking.location ? { location: booking.location } : {}),
    ...(booking.description ? { description: booking.description } : {}),
    ...(booking.url ? { url: booking.url } : {}),
    ...(booking.lastModified === undefined ? {} : { lastModified: booking.lastModified }),
  };
}

/**
 * One booking as a file to attach to a mail. A cancelled booking yields `STATUS:CANCELLED` under
 * the same UID with a higher SEQUENCE, so a client that imported the first copy removes it.
 */
export function bookingIcs(booking: BookedClassEvent, options: CalendarOptions): string {
  return writeIcs({
    productId: options.productId,
    stamp: options.stamp,
    events: [bookingEvent(booking, options.uidDomain)],
  });
}

/** A member's feed: the classes they hold a place in; cancelled bookings are left out. */
export function bookingsFeed(
  bookings: readonly BookedClassEvent[],
  options: CalendarOptions & { name: string },
): string {
  return writeIcs({
    productId: options.productId,
    stamp: options.stamp,
    name: options.name,
    events: bookings
      .filter((booking) => isInCalendar(booking.status))
      .sort((a, b) => a.startsAt - b.startsAt)
      .map((booking) => bookingEvent(booking, options.uidDomain)),
  });
}
