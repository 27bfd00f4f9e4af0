import { describe, expect, it } from 'vitest';
import { bookingInvariantViolations } from './invariants';

const NOW = Date.parse('2025-06-09T13:00:00Z');
const START = NOW + 24 * 3_600_000;
const credit = { kind: 'regular', source: 'seed', grantedAt: 0, expiresAt: START + 9e8 };

/** One class, one member booked with credit c1 (of two), everything consistent. */
function consistent() {
  return {
    Classes: {
      k1: {
        branch: 'b',
        date: '2025-06-10',
        hour: '07:00',
        startsAt: START,
        duration: 45,
        exercise: 'e',
        coach: 'c',
        capacity: 2,
        bookedCount: 1,
        waitlistCount: 1,
      },
    },
    ClassRoster: {
      k1: {
        spots: { '1': true },
        bookings: {
          u1: {
            bookingId: 'b1',
            uid: 'u1',
            spot: '1',
            creditId: 'c1',
            bookedAt: NOW,
            via: 'member',
          },
        },
        waitlist: { u2: { uid: 'u2', joinedAt: NOW, seq: 0 } },
        waitlistSeq: 1,
        version: 2,
      },
    },
    Users: {
      u1: {
        Conditions: true,
        Credits: 1,
        'credits-list': { c2: credit },
        'booking-credits': {
          b1: { classId: 'k1', state: 'used', creditId: 'c1', credit, at: NOW, startsAt: START },
        },
      },
      u2: { Conditions: true, Credits: 0 },
    },
    CreditLedger: {
      u1: {
        g: { type: 'grant', kind: 'regular', delta: 2, reason: 'x', at: 0, by: 'system' },
        'use-b1': { type: 'use', kind: 'regular', delta: -1, reason: 'x', at: NOW, by: 'u1' },
      },
    },
    UserClasses: {
      u1: {
        k1: {
          classId: 'k1',
          bookingId: 'b1',
          date: '2025-06-10',
          hour: '07:00',
          startsAt: START,
          spot: '1',
          creditKind: 'regular',
          status: 'booked',
          bookedAt: NOW,
          rosterVersion: 2,
        },
      },
    },
    UserWaitlist: {
      u2: {
        k1: {
          classId: 'k1',
          date: '2025-06-10',
          hour: '07:00',
          startsAt: START,
          joinedAt: NOW,
          status: 'waiting',
          position: 1,
          rosterVersion: 2,
        },
      },
    },
  };
}

type Json = Record<string, unknown>;
const check = (data: unknown, quiescent = true) =>
  bookingInvariantViolations(data, { nowMs: NOW, quiescent });

/** Sets (or with undefined, deletes) the value at a slash path. */
function edit(data: Json, path: string, value: unknown): void {
  const keys = path.split('/');
  const last = keys.pop() as string;
  let node = data;
  for (const key of keys) node = node[key] as Json;
  if (value === undefined) delete node[last];
  else node[last] = value;
}

const second = {
  bookingId: 'b2',
  uid: 'u2',
  spot: '1',
  creditId: 'x',
  bookedAt: NOW,
  via: 'member',
};

describe('bookingInvariantViolations', () => {
  it('finds nothing wrong in consistent data', () => {
    expect(check(consistent())).toEqual([]);
  });

  it.each<[string, [string, unknown][], RegExp]>([
    [
      'a spot held twice',
      [['ClassRoster/k1/bookings/u3', { ...second, uid: 'u3' }]],
      /spot is held by two/,
    ],
    [
      'a class over capacity',
      [
        ['Classes/k1/capacity', 1],
        ['ClassRoster/k1/bookings/u3', { ...second, uid: 'u3', spot: '2' }],
        ['ClassRoster/k1/spots/2', true],
      ],
      /over capacity/,
    ],
    [
      'spots that do not match the bookings',
      [['ClassRoster/k1/spots', { '2': true }]],
      /spots taken/,
    ],
    [
      'a credit created from nothing',
      [['Users/u1/credits-list/c3', credit]],
      /ledger says 1 regular, list holds 2/,
    ],
    ['a stale Credits count', [['Users/u1/Credits', 5]], /Credits 5/],
    ['a used credit still held', [['Users/u1/credits-list', { c1: credit }]], /still held/],
    [
      'a booking without its used credit',
      [['Users/u1/booking-credits/b1/state', 'void']],
      /without its used credit/,
    ],
    [
      'a used credit that backs no seat',
      [
        ['ClassRoster/k1/bookings', undefined],
        ['ClassRoster/k1/spots', undefined],
      ],
      /holds no seat/,
    ],
    ['a missing ledger entry', [['CreditLedger/u1/use-b1', undefined]], /ledger says/],
    ['a stale class count', [['Classes/k1/bookedCount', 0]], /counts 0\/1/],
    [
      'a view that shows a cancel as booked',
      [['UserClasses/u1/k1/status', 'cancelled']],
      /does not show booking/,
    ],
    ['a wrong waiting-list place', [['UserWaitlist/u2/k1/position', 2]], /position 1/],
  ])('reports %s', (_label, edits, message) => {
    const data: Json = consistent();
    for (const [path, value] of edits) edit(data, path, value);
    expect(check(data).join('\n')).toMatch(message);
  });

  it('allows pending work in flight, but not at rest', () => {
    const data: Json = consistent();
    edit(data, 'ClassRoster/k1/bookings/u1/pending', true);
    edit(data, 'ClassRoster/k1/bookings/u1/creditId', undefined);
    expect(check(data, false)).toEqual([]);
    expect(check(data, true).join('\n')).toMatch(/still pending/);
  });
});
