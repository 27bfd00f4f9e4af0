import { DomainError } from '../errors';
import { ownValue } from '../keys';
import type { SeatLayout, SeatSpot } from '../schemas/catalog';
import { takenSpotsSchema } from '../schemas/classes';
import type { Roster, StudioClass } from '../schemas/classes';

const VIRTUAL_COLUMNS = 10;

/**
 * A class without a seat layout still has named spots, "1" … capacity, so every booking holds
 * a spot and "no spot held twice" is one rule for all classes.
 */
export function virtualLayout(capacity: number): SeatLayout {
  const spots: Record<string, SeatSpot> = {};
  for (let n = 1; n <= capacity; n += 1) {
    const id = String(n);
    spots[id] = {
      id,
      label: id,
      row: Math.floor((n - 1) / VIRTUAL_COLUMNS),
      col: (n - 1) % VIRTUAL_COLUMNS,
    };
  }
  return {
    name: 'Capacity',
    rows: Math.max(1, Math.ceil(capacity / VIRTUAL_COLUMNS)),
    cols: Math.max(1, Math.min(capacity, VIRTUAL_COLUMNS)),
    spots,
  };
}

/** Bookable spots in reading order: row, then column, then id. */
export function usableSpots(layout: SeatLayout): SeatSpot[] {
  return Object.values(layout.spots)
    .filter((spot) => spot.disabled !== true)
    .sort((a, b) => a.row - b.row || a.col - b.col || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The most a class on this layout can hold. */
export function layoutCapacity(layout: SeatLayout): number {
  return usableSpots(layout).length;
}

export function firstFreeSpot(
  layout: SeatLayout,
  takenSpots: Iterable<string>,
): string | undefined {
  const taken = new Set(takenSpots);
  return usableSpots(layout).find((spot) => !taken.has(spot.id))?.id;
}

/** Seats left: capacity (which may be below the layout's spots) minus bookings. */
export function capacityLeft(cls: Pick<StudioClass, 'capacity'>, roster: Roster): number {
  return Math.max(0, rosterCapacity(cls, roster) - Object.keys(roster.bookings).length);
}

/** The capacity bookings are decided on: the roster's copy once an admin changed it. */
export function rosterCapacity(cls: Pick<StudioClass, 'capacity'>, roster: Roster): number {
  return roster.capacity ?? cls.capacity;
}

/**
 * The spot a booking gets: the requested one if it exists, is usable and is free (a spot the
 * same member already holds counts as free for them), else the first free one. `roster.spots`
 * says which spots are taken; `roster.bookings[uid].spot` whose they are.
 */
export function validateSpot(
  layout: SeatLayout,
  roster: Roster,
  spot?: string,
  uid?: string,
): string | DomainError {
  if (spot === undefined) {
    const free = firstFreeSpot(layout, Object.keys(roster.spots));
    return free ?? new DomainError('resource-exhausted', 'classFull');
  }
  // Own properties only: `toString` or `__proto__` must not find what every object inherits.
  const known = ownValue(layout.spots, spot);
  if (!known) return new DomainError('invalid-argument', 'spotUnknown', { spot });
  if (known.disabled === true)
    return new DomainError('failed-precondition', 'spotDisabled', { spot: known.label });
  const own = uid !== undefined && ownValue(roster.bookings, uid)?.spot === spot;
  if (ownValue(roster.spots, spot) === true && !own)
    return new DomainError('already-exists', 'spotTaken', { spot: known.label });
  return spot;
}

/** An admin's capacity change: not below the bookings made, not above the room. */
export function capacityChangeError(
  capacity: number,
  roster: Roster,
  layout: SeatLayout | undefined,
): DomainError | null {
  const booked = Object.keys(roster.bookings).length;
  if (capacity < booked)
    return new DomainError('failed-precondition', 'capacityBelowBookings', { booked });
  if (layout && capacity > layoutCapacity(layout))
    return new DomainError('invalid-argument', 'capacityOverLayout', {
      spots: layoutCapacity(layout),
    });
  return null;
}

/**
 * The spots taken, from the public `ClassRoster/{classId}/spots` as a listener delivers it
 * (an object, or an array for spots "1"…); anything unreadable counts as none.
 */
export function takenSpots(stored: unknown): string[] {
  const parsed = takenSpotsSchema.safeParse(stored ?? {});
  return parsed.success ? Object.keys(parsed.data) : [];
}
