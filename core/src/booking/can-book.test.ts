import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../settings';
import { emptyRoster } from '../schemas/classes';
import type { Roster, StudioClass } from '../schemas/classes';
import type { User } from '../schemas/user';
import type { SeatLayout } from '../schemas/catalog';
import {
  canBook,
  canCancel,
  canJoinWaitlist,
  canLeaveWaitlist,
  checkInError,
  rosterBookingError,
} from './can-book';
import { promotionAllowed } from './window';
import type { BookingRequest } from './can-book';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.parse('2025-06-10T13:00:00Z');
const NOW = START - DAY;

const cls: Pick<StudioClass, 'status' | 'startsAt' | 'capacity' | 'creditKind'> = {
  status: 'scheduled',
  startsAt: START,
  capacity: 2,
  creditKind: 'regular',
};
const layout: SeatLayout = {
  name: 'Room',
  rows: 1,
  cols: 3,
  spots: {
    A: { id: 'A', label: 'A', row: 0, col: 0 },
    B: { id: 'B', label: 'B', row: 0, col: 1 },
    C: { id: 'C', label: 'C', row: 0, col: 2 },
  },
};
const member: User = {
  Conditions: true,
  'credits-list': {
    later: { kind: 'regular', source: 'purchase', grantedAt: 0, expiresAt: START + 30 * DAY },
    sooner: { kind: 'regular', source: 'purchase', grantedAt: 0, expiresAt: START + DAY },
  },
};
const booking = (uid: string, spot: string) => ({
  bookingId: `b-${uid}`,
  uid,
  spot,
  creditId: 'x',
  bookedAt: 1,
  via: 'member' as const,
});
const oneBooked: Roster = {
  ...emptyRoster(),
  spots: { A: true },
  bookings: { u2: booking('u2', 'A') },
};
const full: Roster = {
  ...emptyRoster(),
  spots: { A: true, B: true },
  bookings: { u2: booking('u2', 'A'), u3: booking('u3', 'B') },
};

const request = (overrides: Partial<BookingRequest>): BookingRequest => ({
  cls,
  roster: emptyRoster(),
  layout,
  user: member,
  uid: 'u1',
  nowMs: NOW,
  settings: DEFAULT_SETTINGS,
  ...overrides,
});

describe('canBook', () => {
  it.each<[string, Partial<BookingRequest>, string, string]>([
    [
      'cancelled class',
      { cls: { ...cls, status: 'cancelled' } },
      'failed-precondition',
      'classCancelled',
    ],
    ['not open yet', { nowMs: START - 8 * DAY }, 'failed-precondition', 'bookingNotOpen'],
    ['started', { nowMs: START }, 'failed-precondition', 'classStarted'],
    ['already booked', { roster: oneBooked, uid: 'u2' }, 'failed-precondition', 'alreadyBooked'],
    ['no user node', { user: null }, 'failed-precondition', 'waiverNotAccepted'],
    [
      'waiver missing',
      { user: { ...member, Conditions: undefined } },
      'failed-precondition',
      'waiverNotAccepted',
    ],
    [
      'waiver false',
      { user: { ...member, Conditions: false } },
      'failed-precondition',
      'waiverNotAccepted',
    ],
    ['no credits', { user: { Conditions: true } }, 'failed-precondition', 'noUsableCredit'],
    [
      'wrong kind',
      { cls: { ...cls, creditKind: 'special' } },
      'failed-precondition',
      'noUsableCredit',
    ],
    [
      'credit lapses before class',
      {
        user: {
          Conditions: true,
          'credits-list': {
            c: { kind: 'regular', source: 'seed', grantedAt: 0, expiresAt: START - 1 },
          },
        },
      },
      'failed-precondition',
      'creditExpiresBeforeClass',
    ],
    ['full', { roster: full }, 'resource-exhausted', 'classFull'],
    ['spot taken', { roster: oneBooked, spot: 'A' }, 'already-exists', 'spotTaken'],
    ['unknown spot', { spot: 'Z' }, 'invalid-argument', 'spotUnknown'],
    [
      'roster cancelled by the studio',
      { roster: { ...emptyRoster(), cancellation: { at: 1, reason: 'x', by: 'a', done: false } } },
      'failed-precondition',
      'classCancelled',
    ],
    [
      'the free seat is owed to the waiting list',
      {
        roster: {
          ...oneBooked,
          waitlist: { u9: { uid: 'u9', joinedAt: 1, seq: 0 } },
          waitlistSeq: 1,
        },
      },
      'resource-exhausted',
      'classFull',
    ],
  ])('refuses: %s', (_, overrides, code, messageKey) => {
    expect(canBook(request(overrides))).toMatchObject({ code, messageKey });
  });

  it('lets a member take a seat the waiting list can no longer get after the cut-off', () => {
    const queued: Roster = {
      ...oneBooked,
      waitlist: { u9: { uid: 'u9', joinedAt: 1, seq: 0 } },
      waitlistSeq: 1,
    };
    expect(canBook(request({ roster: queued, nowMs: START - HOUR }))).toMatchObject({ spot: 'B' });
  });

  it('books the first free spot with the soonest-expiring credit', () => {
    expect(canBook(request({ roster: oneBooked }))).toMatchObject({
      spot: 'B',
      creditId: 'sooner',
    });
  });

  it('books the requested spot', () => {
    expect(canBook(request({ spot: 'C' }))).toMatchObject({ spot: 'C', creditId: 'sooner' });
  });

  it('books a capacity-only class on spots "1" … capacity', () => {
    expect(canBook(request({ layout: undefined }))).toMatchObject({ spot: '1' });
    expect(canBook(request({ layout: undefined, spot: '3' }))).toMatchObject({
      messageKey: 'spotUnknown',
    });
  });

  it('honours a capacity below the layout', () => {
    expect(canBook(request({ cls: { ...cls, capacity: 1 }, roster: oneBooked }))).toMatchObject({
      messageKey: 'classFull',
    });
  });
});

describe('rosterBookingError', () => {
  const base = { cls, roster: emptyRoster(), uid: 'u1', nowMs: NOW, settings: DEFAULT_SETTINGS };

  it('finds nothing against a bookable class with free seats', () => {
    expect(rosterBookingError(base)).toBeNull();
  });

  it.each([
    ['full', { roster: full }, 'resource-exhausted', 'classFull'],
    ['already booked', { roster: oneBooked, uid: 'u2' }, 'failed-precondition', 'alreadyBooked'],
    ['not open yet', { nowMs: START - 8 * DAY }, 'failed-precondition', 'bookingNotOpen'],
  ])('refuses on the roster alone: %s', (_, overrides, code, messageKey) => {
    expect(rosterBookingError({ ...base, ...overrides })).toMatchObject({ code, messageKey });
  });

  it('answers "full" before anything about the member (no waiver, no credit)', () => {
    const stranger: User = { Conditions: false };
    expect(canBook(request({ roster: full, user: stranger }))).toMatchObject({
      code: 'resource-exhausted',
      messageKey: 'classFull',
    });
    expect(canBook(request({ roster: full, user: null }))).toMatchObject({
      messageKey: 'classFull',
    });
    expect(canBook(request({ user: stranger }))).toMatchObject({ messageKey: 'waiverNotAccepted' });
  });
});

describe('canJoinWaitlist', () => {
  const base = { cls, roster: full, uid: 'u1', nowMs: NOW, settings: DEFAULT_SETTINGS };
  const waiting: Roster = {
    ...full,
    waitlist: { u4: { uid: 'u4', joinedAt: 1, seq: 0 } },
    waitlistSeq: 1,
  };

  it.each<[string, Partial<typeof base>, string]>([
    ['class has room', { roster: oneBooked }, 'notFull'],
    ['already booked', { uid: 'u2' }, 'alreadyBooked'],
    ['already waiting', { roster: waiting, uid: 'u4' }, 'alreadyWaiting'],
    ['past the cut-off', { nowMs: START - HOUR }, 'waitlistClosed'],
    ['not open yet', { nowMs: START - 8 * DAY }, 'bookingNotOpen'],
    ['cancelled', { cls: { ...cls, status: 'cancelled' } }, 'classCancelled'],
  ])('refuses: %s', (_, overrides, messageKey) => {
    expect(canJoinWaitlist({ ...base, ...overrides })).toMatchObject({
      code: 'failed-precondition',
      messageKey,
    });
  });

  it('lets a member queue while the only free seat is owed to the queue', () => {
    const owed: Roster = {
      ...oneBooked,
      waitlist: { u4: { uid: 'u4', joinedAt: 1, seq: 0 } },
      waitlistSeq: 1,
    };
    expect(canJoinWaitlist({ ...base, roster: owed })).toEqual({ position: 2 });
  });

  it('gives the next position', () => {
    expect(canJoinWaitlist(base)).toEqual({ position: 1 });
    expect(canJoinWaitlist({ ...base, roster: waiting })).toEqual({ position: 2 });
  });

  it('allows promotion only while the waiting list is open', () => {
    expect(promotionAllowed(cls, START - 2 * HOUR, DEFAULT_SETTINGS)).toBe(true);
    expect(promotionAllowed(cls, START - HOUR, DEFAULT_SETTINGS)).toBe(false);
    expect(promotionAllowed({ ...cls, status: 'cancelled' }, NOW, DEFAULT_SETTINGS)).toBe(false);
  });

  it('lets only waiting members leave', () => {
    expect(canLeaveWaitlist(waiting, 'u4')).toMatchObject({ uid: 'u4' });
    expect(canLeaveWaitlist(waiting, 'u1')).toMatchObject({
      code: 'not-found',
      messageKey: 'notWaiting',
    });
  });
});

describe('canCancel', () => {
  const base = { cls, roster: oneBooked, uid: 'u2', nowMs: NOW, settings: DEFAULT_SETTINGS };

  it.each<[string, Partial<typeof base>, string, string]>([
    ['no booking', { uid: 'u1' }, 'not-found', 'noBooking'],
    [
      'class cancelled',
      { cls: { ...cls, status: 'cancelled' } },
      'failed-precondition',
      'classCancelled',
    ],
    ['class started', { nowMs: START }, 'failed-precondition', 'classStarted'],
  ])('refuses: %s', (_, overrides, code, messageKey) => {
    expect(canCancel({ ...base, ...overrides })).toMatchObject({ code, messageKey });
  });

  it.each([
    ['in time', NOW, 'refund'],
    ['late', START - 2 * HOUR, 'late'],
  ])('cancels %s → %s', (_, nowMs, outcome) => {
    expect(canCancel({ ...base, nowMs })).toMatchObject({ outcome, booking: { uid: 'u2' } });
  });
});

describe('checkInError', () => {
  it.each<[string, number, string, string | null]>([
    ['too early', START - 2 * HOUR, 'u2', 'checkInTooEarly'],
    ['not booked', START, 'u1', 'noBooking'],
    ['booked, class running', START, 'u2', null],
  ])('%s → %s', (_, nowMs, uid, key) => {
    const error = checkInError(cls, oneBooked, uid, nowMs, DEFAULT_SETTINGS);
    expect(error?.messageKey ?? null).toBe(key);
  });
});
