import { describe, expect, it } from 'vitest';
import { emptyRoster } from '../schemas/classes';
import type { Booking, Roster, StudioClass } from '../schemas/classes';
import { endBooking, withBooking, withWaitlistEntry, withoutWaitlistEntry } from './roster';
import { DEFAULT_SETTINGS } from '../settings';
import { rosterCounts, userClassView, userWaitlistView } from './views';

const START = Date.parse('2025-06-10T13:00:00Z');
const cls: StudioClass = {
  name: 'Ride',
  branch: 'b',
  date: '2025-06-10',
  hour: '07:00',
  startsAt: START,
  duration: 45,
  exercise: 'cycling',
  coach: 'carlos',
  capacity: 2,
  creditKind: 'regular',
  status: 'scheduled',
  bookedCount: 0,
  waitlistCount: 0,
};
const booking = (uid: string, extra: Partial<Booking> = {}): Booking => ({
  bookingId: `b-${uid}`,
  uid,
  spot: '1',
  creditId: 'c',
  bookedAt: 5,
  via: 'member',
  ...extra,
});

describe('userClassView', () => {
  const booked = { ...withBooking(emptyRoster(), booking('u1')), version: 3 };

  it('shows a booking as booked, with the roster version it came from', () => {
    expect(userClassView('k1', cls, booked, 'u1', 9)).toMatchObject({
      classId: 'k1',
      bookingId: 'b-u1',
      status: 'booked',
      spot: '1',
      name: 'Ride',
      rosterVersion: 3,
      updatedAt: 9,
    });
  });

  it('shows attendance once marked', () => {
    const marked: Roster = {
      ...booked,
      bookings: { u1: booking('u1', { attendance: 'no-show' }) },
    };
    expect(userClassView('k1', cls, marked, 'u1', 9)?.status).toBe('no-show');
  });

  it('shows the latest cancel when the member holds no booking, and nothing for strangers', () => {
    const ended = endBooking(booked, 'u1', {
      cls,
      settings: DEFAULT_SETTINGS,
      nowMs: START - 2 * 60 * 60 * 1000,
    });
    if (ended instanceof Error) throw ended;
    expect(userClassView('k1', cls, ended.roster, 'u1', 9)?.status).toBe('late-cancelled');
    expect(userClassView('k1', cls, ended.roster, 'u9', 9)).toBeNull();
  });
});

describe('userWaitlistView and counts', () => {
  it('shows the place while waiting and how the stay ended afterwards', () => {
    let roster = withWaitlistEntry(withWaitlistEntry(emptyRoster(), 'a', 1), 'b', 2);
    expect(userWaitlistView('k1', cls, roster, 'b', 9)).toMatchObject({
      status: 'waiting',
      position: 2,
      joinedAt: 2,
    });
    roster = withoutWaitlistEntry(roster, 'a', 4);
    expect(userWaitlistView('k1', cls, roster, 'b', 9)?.position).toBe(1);
    const left = userWaitlistView('k1', cls, roster, 'a', 9);
    expect(left).toMatchObject({ status: 'left', joinedAt: 1 });
    expect(left).not.toHaveProperty('position');
    expect(userWaitlistView('k1', cls, roster, 'z', 9)).toBeNull();
    expect(rosterCounts(roster)).toEqual({ bookedCount: 0, waitlistCount: 1 });
  });
});
