import { describe, expect, it } from 'vitest';
import type { SeatLayout, UserClass } from '@studio/core';
import { bringFriendState, guestCancelNote, guestSeatRows, heldGuests } from './guest-seats-state';

const HOUR = 3_600_000;
const START = Date.UTC(2026, 11, 2, 13, 0);
const RULES = { cancellationWindowHours: 12, waitlistCutoffMinutes: 60 };

const guests: UserClass['guests'] = {
  b: { name: 'Bea', spot: 's2', spotLabel: '2', status: 'booked', bookedAt: 20 },
  a: { name: 'Ana', spot: 's1', status: 'cancelled', bookedAt: 10 },
  c: { name: 'Caro', spot: 's3', spotLabel: '3', status: 'booked', bookedAt: 30 },
};

const room: SeatLayout = {
  name: 'Room',
  rows: 1,
  cols: 3,
  spots: {
    s1: { id: 's1', label: '1', row: 0, col: 0 },
    s2: { id: 's2', label: '2', row: 0, col: 1 },
    s3: { id: 's3', label: '3', row: 0, col: 2, disabled: true },
  },
};

describe('guest seats', () => {
  it('lists every guest seat oldest first; held ones may be cancelled while the class is open', () => {
    expect(guestSeatRows(guests, true).map((row) => [row.name, row.spot, row.canCancel])).toEqual([
      ['Ana', 's1', false],
      ['Bea', '2', true],
      ['Caro', '3', true],
    ]);
    expect(guestSeatRows(guests, false).some((row) => row.canCancel)).toBe(false);
    expect(heldGuests(guests).map(([id]) => id)).toEqual(['b', 'c']);
  });

  it.each([
    ['in time', START - 24 * HOUR, { kind: 'refund' }],
    ['late', START - 2 * HOUR, { kind: 'late', hours: 12 }],
  ] as const)('cancelling %s', (_, now, expected) => {
    expect(guestCancelNote(RULES, START, now)).toEqual(expected);
  });

  it('says the rule is unknown before the settings load', () => {
    expect(guestCancelNote(null, START, START)).toEqual({ kind: 'rules-unknown' });
  });

  it.each([
    ['a free spot and seats allowed', new Set(['s2']), 1, undefined, { offered: true }],
    ['no seat allowed', new Set<string>(), 0, undefined, { offered: false }],
    // s3 is out of service: with s1 and s2 taken nothing is free.
    ['every usable spot taken', new Set(['s1', 's2']), 2, undefined, { offered: false }],
    ['a picked free spot', new Set(['s2']), 1, 's1', { offered: true, chosen: 's1' }],
    ['a picked spot taken meanwhile', new Set(['s1']), 1, 's1', { offered: true }],
  ] as const)('bring a friend: %s', (_, taken, seatsAllowed, picked, expected) => {
    expect(
      bringFriendState({
        room,
        taken,
        seatsAllowed,
        ...(picked !== undefined ? { picked } : {}),
      }),
    ).toEqual(expected);
  });
});
