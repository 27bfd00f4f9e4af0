/**
 * What the class sheet shows and offers, decided from what it knows: the class, the clock, the
 * member's own entries, the booking on its way and the live taken spots. Pure, so every
 * combination is a row in a table test (class-sheet-state.test.ts), as core's `canBook` is on
 * the server; the sheet only draws the answer.
 */
import type { ClassPhase, Settings } from '@studio/core';
import { cancellationDeadline, cancellationOutcome, classPhase } from '@studio/core';
import type { BookingState } from './stores/booking-store';

export interface ClassSheetInput {
  cls: {
    startsAt: number;
    duration: number;
    capacity: number;
    bookedCount: number;
    status?: 'scheduled' | 'cancelled';
  };
  now: number;
  signedIn: boolean;
  /** The member's own `UserClasses` entry for this class. */
  myClass?: { status: string; spot?: string; promotedAt?: number };
  /** The member's waiting-list entry. */
  waiting?: { position?: number };
  booking: BookingState;
  /** The live taken spots; undefined until the roster has answered. */
  taken: ReadonlySet<string> | undefined;
  /** The spot the member tapped on the map. */
  picked?: string;
  /** The first spot the member's client sees free. */
  firstFree?: string;
  rules: Pick<Settings, 'cancellationWindowHours' | 'waitlistCutoffMinutes'>;
}

/** What a line under the action says; the sheet words and formats it. */
export type Consequence =
  | { kind: 'book'; refundUntil: number }
  | { kind: 'book-late'; hours: number }
  | { kind: 'waitlist' }
  | { kind: 'cancel-refund' }
  | { kind: 'cancel-late'; hours: number };

export type SheetStatus =
  | { kind: 'cancelled' }
  | { kind: 'in-progress' }
  | { kind: 'ended' }
  | { kind: 'spots-left'; count: number }
  | { kind: 'full' };

export interface ClassSheetState {
  phase: ClassPhase;
  /** Still to come and bookable by a signed-in member. */
  open: boolean;
  status: SheetStatus;
  seatsLeft: number;
  booked: boolean;
  mySpot?: string;
  /** The seat shown held while the booking is on its way. */
  held?: string;
  holding: boolean;
  /** The tapped spot while it is still free. */
  chosen?: string;
  /** Spots may be tapped: the roster has answered and a booking is possible. */
  mapChoosable: boolean;
  canBookChosen: boolean;
  canBookFirstFree: boolean;
  canWait: boolean;
  canLeaveWaitlist: boolean;
  canCancel: boolean;
  /** Change spot and bring a friend, once the roster is known. */
  canManageSeat: boolean;
  /** After booking: "Add to calendar" and "Directions" lead. */
  showTripActions: boolean;
  signInToBook: boolean;
  consequence: Consequence | null;
}

/** Whether the member cancelling now gets the credit back (core's rule, as the server's). */
function cancelConsequence(input: ClassSheetInput): Consequence {
  const { cls, now, rules, myClass } = input;
  return cancellationOutcome(myClass ?? {}, cls.startsAt, now, rules) === 'refund'
    ? { kind: 'cancel-refund' }
    : { kind: 'cancel-late', hours: rules.cancellationWindowHours };
}

export function classSheetState(input: ClassSheetInput): ClassSheetState {
  const { cls, now, booking, taken, myClass, waiting, rules } = input;
  const phase = classPhase(cls, now);
  const held = booking.phase === 'held' ? booking.spot : undefined;
  const holding = booking.phase === 'held';
  // The server's answer counts as booked until the member's own entry has caught up with it.
  const confirmedSpot =
    booking.phase === 'confirmed' && booking.entryCaughtUp !== true ? booking.spot : undefined;
  const ownBooked = myClass?.status === 'booked';
  const booked = ownBooked || confirmedSpot !== undefined;
  const mySpot = ownBooked ? myClass.spot : confirmedSpot;
  const takenSet = taken ?? new Set<string>();
  const chosen =
    input.picked !== undefined && !takenSet.has(input.picked) ? input.picked : undefined;
  const heldExtra = held !== undefined && !takenSet.has(held) ? 1 : 0;
  const seatsLeft = Math.max(0, cls.capacity - (taken?.size ?? cls.bookedCount) - heldExtra);

  const open = input.signedIn && phase === 'upcoming';
  const free = open && !booked && !holding;
  const canChoose = free && seatsLeft > 0;
  const canWait = free && !waiting && seatsLeft === 0;

  const status: SheetStatus =
    phase === 'cancelled'
      ? { kind: 'cancelled' }
      : phase === 'in-progress'
        ? { kind: 'in-progress' }
        : phase === 'ended'
          ? { kind: 'ended' }
          : seatsLeft > 0
            ? { kind: 'spots-left', count: seatsLeft }
            : { kind: 'full' };

  const refundUntil = cancellationDeadline(cls.startsAt, rules);
  const consequence: Consequence | null = canChoose
    ? now > refundUntil
      ? { kind: 'book-late', hours: rules.cancellationWindowHours }
      : { kind: 'book', refundUntil }
    : canWait
      ? { kind: 'waitlist' }
      : open && booked && !holding
        ? cancelConsequence(input)
        : null;

  return {
    phase,
    open,
    status,
    seatsLeft,
    booked,
    ...(mySpot !== undefined ? { mySpot } : {}),
    ...(held !== undefined ? { held } : {}),
    holding,
    ...(chosen !== undefined ? { chosen } : {}),
    mapChoosable: canChoose && taken !== undefined,
    canBookChosen: canChoose && chosen !== undefined,
    canBookFirstFree: canChoose && input.firstFree !== undefined,
    canWait,
    canLeaveWaitlist: free && waiting !== undefined,
    canCancel: open && booked && !holding,
    canManageSeat: open && booked && !holding && mySpot !== undefined && taken !== undefined,
    showTripActions: booked && !holding && (phase === 'upcoming' || phase === 'in-progress'),
    signInToBook: !input.signedIn && phase === 'upcoming',
    consequence,
  };
}
