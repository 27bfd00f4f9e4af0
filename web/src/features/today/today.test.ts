import { describe, expect, it } from 'vitest';
import type { Coach, Exercise, Roster, StudioClass } from '@studio/core';
import { countOf, nextClassId, todayAlerts, todayClassRows, todaySummary } from './today';

const START = Date.UTC(2026, 10, 25, 13, 0); // 07:00 in Monterrey
const HOUR = 3_600_000;

function cls(hour: string, startsAt: number, extra: Partial<StudioClass> = {}): StudioClass {
  return {
    branch: 'centro',
    date: '2026-11-25',
    hour,
    startsAt,
    duration: 45,
    exercise: 'cycling',
    coach: 'ana',
    capacity: 20,
    creditKind: 'regular',
    status: 'scheduled',
    bookedCount: 10,
    waitlistCount: 0,
    ...extra,
  };
}

const booking = (uid: string, attendance?: 'attended' | 'no-show') => ({
  bookingId: `b-${uid}`,
  uid,
  spot: uid,
  bookedAt: 0,
  via: 'member' as const,
  ...(attendance ? { attendance } : {}),
});

const roster = (entries: ReturnType<typeof booking>[]): Roster =>
  ({ bookings: Object.fromEntries(entries.map((b) => [b.uid, b])) }) as unknown as Roster;

const coaches: Record<string, Coach> = { ana: { name: 'Ana Garza' } as Coach };
const exercises: Record<string, Exercise> = { cycling: { name: 'Cycling' } as Exercise };

describe('todayClassRows', () => {
  const classes = {
    late: cls('19:00', START + 12 * HOUR, { bookedCount: 20, waitlistCount: 3 }),
    early: cls('07:00', START),
    off: cls('12:00', START + 5 * HOUR, { status: 'cancelled' }),
  };

  it('orders by hour with phase, fill, check-ins and names', () => {
    const rows = todayClassRows(
      classes,
      { early: roster([booking('a', 'attended'), booking('b', 'no-show'), booking('c')]) },
      coaches,
      exercises,
      START + 10 * 60_000,
    );
    expect(rows.map((row) => [row.id, row.phase, row.fill, row.checkedIn, row.noShows])).toEqual([
      ['early', 'in-progress', 0.5, 1, 1],
      ['off', 'cancelled', 0.5, undefined, undefined],
      ['late', 'upcoming', 1, undefined, undefined],
    ]);
    expect(rows[0]).toMatchObject({ name: 'Cycling', coachName: 'Ana Garza', waiting: 0 });
  });

  it('sums the day without cancelled classes and points at the class under way', () => {
    const rows = todayClassRows(classes, {}, coaches, exercises, START + 10 * 60_000);
    expect(todaySummary(rows)).toEqual({
      classes: 2,
      booked: 30,
      capacity: 40,
      checkedIn: 0,
      waiting: 3,
    });
    expect(nextClassId(rows)).toBe('early');
    const evening = todayClassRows(classes, {}, coaches, exercises, START + 2 * HOUR);
    expect(nextClassId(evening)).toBe('late');
    expect(nextClassId(todayClassRows(classes, {}, coaches, exercises, START + 24 * HOUR))).toBe(
      undefined,
    );
  });

  it('names a class by its own title, else its class type, and ignores inherited keys', () => {
    const rows = todayClassRows(
      { x: cls('08:00', START, { name: 'Sunrise ride', coach: 'toString', exercise: 'valueOf' }) },
      {},
      coaches,
      exercises,
      START,
    );
    expect(rows[0]).toMatchObject({ name: 'Sunrise ride', coachName: '' });
  });
});

describe('alerts', () => {
  it.each([
    [undefined, 0, false],
    [null, 0, false],
    [{ a: {}, b: {} }, 2, false],
    [{ a: {}, b: {}, c: {} }, 3, true],
  ])('counts %j', (value, count, more) => {
    expect(countOf(value, 3)).toEqual({ count, more });
  });

  it('lists only what needs someone, mail first', () => {
    expect(todayAlerts({ count: 0, more: false }, undefined)).toEqual([]);
    expect(todayAlerts({ count: 2, more: false }, { count: 1, more: false })).toEqual([
      { kind: 'failed-mail', count: 2, more: false },
      { kind: 'past-due-plans', count: 1, more: false },
    ]);
  });
});
