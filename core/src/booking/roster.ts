/**
 * Pure roster transforms for the one-node transaction (design §4). Each returns a new roster
 * and leaves its input untouched, so a retried transaction starts from fresh data.
 */
import type { Booking, Roster, WaitlistEntry } from '../schemas/classes';

/** The waiting list in FIFO order: by `seq`, then join time, then uid. */
export function waitlistQueue(roster: Roster): WaitlistEntry[] {
  return Object.values(roster.waitlist).sort(
    (a, b) =>
      a.seq - b.seq || a.joinedAt - b.joinedAt || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0),
  );
}

/** 1-based place in the queue, or undefined when not waiting. */
export function waitlistPosition(roster: Roster, uid: string): number | undefined {
  const index = waitlistQueue(roster).findIndex((entry) => entry.uid === uid);
  return index < 0 ? undefined : index + 1;
}

/** Adds the booking and its spot; a promoted member also leaves the waiting list. */
export function withBooking(roster: Roster, booking: Booking): Roster {
  const { [booking.uid]: _promoted, ...waitlist } = roster.waitlist;
  return {
    ...roster,
    spots: { ...roster.spots, [booking.spot]: booking.uid },
    bookings: { ...roster.bookings, [booking.uid]: booking },
    waitlist,
  };
}

/** Removes the member's booking and frees its spot. */
export function withoutBooking(roster: Roster, uid: string): Roster {
  const booking = roster.bookings[uid];
  if (!booking) return roster;
  const { [uid]: _booking, ...bookings } = roster.bookings;
  const spots = Object.fromEntries(
    Object.entries(roster.spots).filter(([, holder]) => holder !== uid),
  );
  return { ...roster, spots, bookings };
}

/** Moves the member's booking to another spot (validated by `validateSpot` first). */
export function withSpotChange(roster: Roster, uid: string, spot: string): Roster {
  const booking = roster.bookings[uid];
  if (!booking) return roster;
  const spots = Object.fromEntries(
    Object.entries(roster.spots).filter(([, holder]) => holder !== uid),
  );
  return {
    ...roster,
    spots: { ...spots, [spot]: uid },
    bookings: { ...roster.bookings, [uid]: { ...booking, spot } },
  };
}

/** Appends to the queue with the next sequence number. */
export function withWaitlistEntry(
  roster: Roster,
  uid: string,
  joinedAt: number,
  name?: string,
): Roster {
  const entry: WaitlistEntry = { uid, joinedAt, seq: roster.waitlistSeq };
  if (name !== undefined) entry.name = name;
  return {
    ...roster,
    waitlist: { ...roster.waitlist, [uid]: entry },
    waitlistSeq: roster.waitlistSeq + 1,
  };
}

export function withoutWaitlistEntry(roster: Roster, uid: string): Roster {
  const { [uid]: _entry, ...waitlist } = roster.waitlist;
  return { ...roster, waitlist };
}
