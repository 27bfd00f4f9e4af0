import { describe, expect, it } from 'vitest';
import type { ClassSheetInput, ClassSheetState } from './class-sheet-state';
import { classSheetState } from './class-sheet-state';

const HOUR = 3_600_000;
const START = Date.UTC(2026, 11, 2, 13, 0);
const RULES = { cancellationWindowHours: 12, waitlistCutoffMinutes: 60 };

function input(change: Partial<ClassSheetInput> = {}): ClassSheetInput {
  return {
    cls: { startsAt: START, duration: 45, capacity: 3, bookedCount: 1, status: 'scheduled' },
    now: START - 48 * HOUR,
    signedIn: true,
    booking: { phase: 'idle' },
    taken: new Set(['1']),
    firstFree: '2',
    rules: RULES,
    ...change,
  };
}

/** The fields a row of the table states; the rest must hold their defaults. */
function pick(state: ClassSheetState, keys: readonly (keyof ClassSheetState)[]) {
  return Object.fromEntries(keys.map((key) => [key, state[key]]));
}

describe('classSheetState: what the class sheet offers', () => {
  it.each<[string, Partial<ClassSheetInput>, Partial<ClassSheetState>]>([
    [
      'a guest on a class to come is asked to sign in',
      { signedIn: false },
      { signInToBook: true, open: false, canBookFirstFree: false, consequence: null },
    ],
    [
      'a member with a free spot may book the first free one, refund until 12 h before',
      {},
      {
        canBookFirstFree: true,
        canBookChosen: false,
        mapChoosable: true,
        status: { kind: 'spots-left', count: 2 },
        consequence: { kind: 'book', refundUntil: START - 12 * HOUR },
      },
    ],
    [
      'a tapped free spot is offered by name',
      { picked: '3' },
      { chosen: '3', canBookChosen: true },
    ],
    [
      'a tapped spot someone took meanwhile is no longer chosen',
      { picked: '1' },
      { chosen: undefined, canBookChosen: false },
    ],
    [
      'no spot can be tapped before the roster answers',
      { taken: undefined },
      { mapChoosable: false, canBookFirstFree: true, status: { kind: 'spots-left', count: 2 } },
    ],
    [
      'inside the cancellation window booking says the credit will not come back',
      { now: START - 2 * HOUR },
      { consequence: { kind: 'book-late', hours: 12 } },
    ],
    [
      'a full class offers the waiting list',
      { taken: new Set(['1', '2', '3']), firstFree: undefined },
      {
        canWait: true,
        canBookFirstFree: false,
        status: { kind: 'full' },
        consequence: { kind: 'waitlist' },
      },
    ],
    [
      'a member already waiting may leave, not join again',
      { taken: new Set(['1', '2', '3']), waiting: { position: 2 } },
      { canWait: false, canLeaveWaitlist: true, consequence: null },
    ],
    [
      'booked in time: cancel returns the credit; trip actions lead',
      { myClass: { status: 'booked', spot: '2' } },
      {
        booked: true,
        mySpot: '2',
        canCancel: true,
        canManageSeat: true,
        showTripActions: true,
        canBookFirstFree: false,
        consequence: { kind: 'cancel-refund' },
      },
    ],
    [
      'booked, late: cancel forfeits',
      { myClass: { status: 'booked', spot: '2' }, now: START - HOUR },
      { canCancel: true, consequence: { kind: 'cancel-late', hours: 12 } },
    ],
    [
      'promoted from the waiting list inside the window: cancel still refunds until the cut-off',
      {
        myClass: { status: 'booked', spot: '2', promotedAt: START - 3 * HOUR },
        now: START - 2 * HOUR,
      },
      { consequence: { kind: 'cancel-refund' } },
    ],
    [
      'a tap on Book holds the seat and counts it off',
      { booking: { phase: 'held', spot: '2' } },
      {
        holding: true,
        held: '2',
        seatsLeft: 1,
        canBookFirstFree: false,
        canCancel: false,
        showTripActions: false,
        consequence: null,
      },
    ],
    [
      "the server's answer counts as booked before the member's entry arrives",
      { booking: { phase: 'confirmed', spot: '3' } },
      { booked: true, mySpot: '3', canCancel: true, showTripActions: true },
    ],
    [
      'once the entry caught up, a cancel made elsewhere is believed',
      {
        booking: { phase: 'confirmed', spot: '3', entryCaughtUp: true },
        myClass: { status: 'cancelled', spot: '3' },
      },
      { booked: false, canCancel: false, canBookFirstFree: true },
    ],
    [
      'a class under way is shown as such, never with spots left',
      { now: START + 10 * 60_000 },
      {
        status: { kind: 'in-progress' },
        open: false,
        canBookFirstFree: false,
        signInToBook: false,
        consequence: null,
      },
    ],
    [
      'a class over, booked, shows no action',
      { now: START + 2 * HOUR, myClass: { status: 'booked', spot: '2' } },
      { status: { kind: 'ended' }, canCancel: false, showTripActions: false },
    ],
    [
      'a cancelled class says so',
      { cls: { startsAt: START, duration: 45, capacity: 3, bookedCount: 0, status: 'cancelled' } },
      { status: { kind: 'cancelled' }, open: false, signInToBook: false },
    ],
  ])('%s', (_, change, expected) => {
    const state = classSheetState(input(change));
    expect(pick(state, Object.keys(expected) as (keyof ClassSheetState)[])).toEqual(expected);
  });
});
