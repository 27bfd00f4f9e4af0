/**
 * Guest seats ("bring a friend") as pure state: the member's guest seats in one class, oldest
 * first, which may still be cancelled and what cancelling costs, and whether another may be
 * added and on which spot. The components only word and draw it (guest-seats-state.test.ts).
 */
import type { SeatLayout, Settings, UserClass, UserClassStatus } from '@studio/core';
import { cancellationOutcome, usableSpots } from '@studio/core';

type Guests = NonNullable<UserClass['guests']>;
export type Guest = Guests[string];

export interface GuestSeatRow {
  id: string;
  name: string;
  /** The spot as the room names it. */
  spot: string;
  status: UserClassStatus;
  canCancel: boolean;
}

/** Every guest seat of the class, oldest first; held ones may be cancelled while it is open. */
export function guestSeatRows(guests: UserClass['guests'], cancellable: boolean): GuestSeatRow[] {
  return Object.entries(guests ?? {})
    .sort(([idA, a], [idB, b]) => a.bookedAt - b.bookedAt || (idA < idB ? -1 : 1))
    .map(([id, guest]) => ({
      id,
      name: guest.name,
      spot: guest.spotLabel ?? guest.spot,
      status: guest.status,
      canCancel: cancellable && guest.status === 'booked',
    }));
}

/** The guest seats still held, oldest first. */
export function heldGuests(guests: UserClass['guests']): [string, Guest][] {
  return Object.entries(guests ?? {})
    .filter(([, guest]) => guest.status === 'booked')
    .sort(([, a], [, b]) => a.bookedAt - b.bookedAt);
}

/** What cancelling a guest seat now does: the member's own booking's rule. */
export function guestCancelNote(
  rules: Pick<Settings, 'cancellationWindowHours' | 'waitlistCutoffMinutes'> | null,
  startsAt: number,
  now: number,
): { kind: 'rules-unknown' } | { kind: 'refund' } | { kind: 'late'; hours: number } {
  if (!rules) return { kind: 'rules-unknown' };
  return cancellationOutcome({}, startsAt, now, rules) === 'refund'
    ? { kind: 'refund' }
    : { kind: 'late', hours: rules.cancellationWindowHours };
}

export interface BringFriendState {
  /** "Bring a friend" is offered: a spot is free and the member is under the limit. */
  offered: boolean;
  /** The spot picked for the guest, while still free. */
  chosen?: string;
}

export function bringFriendState(input: {
  room: SeatLayout;
  taken: ReadonlySet<string>;
  seatsAllowed: number;
  picked?: string;
}): BringFriendState {
  const anyFree = usableSpots(input.room).some((spot) => !input.taken.has(spot.id));
  const chosen =
    input.picked !== undefined && !input.taken.has(input.picked) ? input.picked : undefined;
  return {
    offered: anyFree && input.seatsAllowed > 0,
    ...(chosen !== undefined ? { chosen } : {}),
  };
}
