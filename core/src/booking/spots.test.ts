import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import type { SeatLayout } from '../schemas/catalog';
import { emptyRoster } from '../schemas/classes';
import type { Roster } from '../schemas/classes';
import {
  capacityChangeError,
  takenSpots,
  capacityLeft,
  firstFreeSpot,
  layoutCapacity,
  usableSpots,
  validateSpot,
  virtualLayout,
} from './spots';

// Two rows; B1 is disabled; ids deliberately not in grid order.
const layout: SeatLayout = {
  name: 'Studio A',
  rows: 2,
  cols: 2,
  spots: {
    A2: { id: 'A2', label: 'A2', row: 0, col: 1 },
    A1: { id: 'A1', label: 'A1', row: 0, col: 0 },
    B1: { id: 'B1', label: 'B1', row: 1, col: 0, disabled: true },
    B2: { id: 'B2', label: 'B2', row: 1, col: 1 },
  },
};

/** spot → uid of who holds it; stored as spot → true with the uid on the booking. */
const rosterWith = (holders: Record<string, string>): Roster => ({
  ...emptyRoster(),
  spots: Object.fromEntries(Object.keys(holders).map((spot) => [spot, true as const])),
  bookings: Object.fromEntries(
    Object.entries(holders).map(([spot, uid]) => [
      uid,
      {
        bookingId: `b-${uid}`,
        uid,
        spot,
        creditId: `c-${uid}`,
        bookedAt: 1,
        via: 'member' as const,
      },
    ]),
  ),
});

describe('spots', () => {
  it('orders usable spots by row then column, skipping disabled ones', () => {
    expect(usableSpots(layout).map((spot) => spot.id)).toEqual(['A1', 'A2', 'B2']);
    expect(layoutCapacity(layout)).toBe(3);
  });

  it.each<[string[], string | undefined]>([
    [[], 'A1'],
    [['A1'], 'A2'],
    [['A1', 'A2'], 'B2'],
    [['A1', 'A2', 'B2'], undefined],
  ])('with %j taken the first free spot is %s', (taken, expected) => {
    expect(firstFreeSpot(layout, taken)).toBe(expected);
  });

  it.each<
    [
      string,
      Record<string, string>,
      string | undefined,
      string | undefined,
      string | [string, string],
    ]
  >([
    ['requested free spot', {}, 'B2', undefined, 'B2'],
    ['no request: first free', { A1: 'u9' }, undefined, undefined, 'A2'],
    [
      'no request, all taken',
      { A1: 'u1', A2: 'u2', B2: 'u3' },
      undefined,
      undefined,
      ['resource-exhausted', 'classFull'],
    ],
    ['taken spot', { A1: 'u9' }, 'A1', undefined, ['already-exists', 'spotTaken']],
    ['own spot', { A1: 'u1' }, 'A1', 'u1', 'A1'],
    ['unknown spot', {}, 'Z9', undefined, ['invalid-argument', 'spotUnknown']],
    ['disabled spot', {}, 'B1', undefined, ['failed-precondition', 'spotDisabled']],
    // Names every object inherits are not spots of the layout.
    ...['toString', 'valueOf', 'constructor', '__proto__', 'hasOwnProperty'].map(
      (name): [string, Record<string, string>, string, undefined, [string, string]] => [
        `inherited name ${name}`,
        {},
        name,
        undefined,
        ['invalid-argument', 'spotUnknown'],
      ],
    ),
  ])('%s', (_, spots, spot, uid, expected) => {
    const result = validateSpot(layout, rosterWith(spots), spot, uid);
    if (typeof expected === 'string') expect(result).toBe(expected);
    else expect(result).toMatchObject({ code: expected[0], messageKey: expected[1] });
  });

  it('counts seats left against capacity, not the layout', () => {
    expect(capacityLeft({ capacity: 2 }, rosterWith({ A1: 'u1' }))).toBe(1);
    expect(capacityLeft({ capacity: 1 }, rosterWith({ A1: 'u1', A2: 'u2' }))).toBe(0);
  });

  it('numbers the spots of a class without a layout 1 … capacity', () => {
    const virtual = virtualLayout(12);
    expect(usableSpots(virtual).map((spot) => spot.id)).toEqual(
      Array.from({ length: 12 }, (_, i) => String(i + 1)),
    );
    expect([virtual.rows, virtual.cols]).toEqual([2, 10]);
    expect(firstFreeSpot(virtual, ['1', '2'])).toBe('3');
  });

  it.each<[number, Record<string, string>, SeatLayout | undefined, string | null]>([
    [3, { A1: 'u1' }, layout, null],
    [1, { A1: 'u1', A2: 'u2' }, layout, 'capacityBelowBookings'],
    [4, {}, layout, 'capacityOverLayout'],
    [40, {}, undefined, null],
  ])('capacity %i with %j → %s', (capacity, spots, room, key) => {
    const error = capacityChangeError(capacity, rosterWith(spots), room);
    if (key === null) {
      expect(error).toBeNull();
    } else {
      expect(error).toBeInstanceOf(DomainError);
      expect(error?.messageKey).toBe(key);
    }
  });

  it.each<[unknown, string[]]>([
    [{ A1: true, B2: true }, ['A1', 'B2']],
    [
      [null, true, true],
      ['1', '2'],
    ],
    [null, []],
    ['garbage', []],
  ])('reads the public taken spots %j as %j', (stored, expected) => {
    expect(takenSpots(stored)).toEqual(expected);
  });
});
