import { describe, expect, it } from 'vitest';
import { emptyRoster } from '../schemas/classes';
import type { Booking } from '../schemas/classes';
import {
  waitlistPosition,
  waitlistQueue,
  withBooking,
  withoutBooking,
  withoutWaitlistEntry,
  withSpotChange,
  withWaitlistEntry,
} from './roster';

const booking = (uid: string, spot: string, extra: Partial<Booking> = {}): Booking => ({
  uid,
  spot,
  creditId: `c-${uid}`,
  bookedAt: 1,
  via: 'member',
  ...extra,
});

describe('roster transforms', () => {
  it('books a spot and frees it on cancel, leaving the input untouched', () => {
    const empty = emptyRoster();
    const booked = withBooking(empty, booking('u1', 'A'));
    expect(booked.spots).toEqual({ A: 'u1' });
    expect(Object.keys(booked.bookings)).toEqual(['u1']);
    expect(empty).toEqual(emptyRoster());
    const cancelled = withoutBooking(booked, 'u1');
    expect(cancelled.spots).toEqual({});
    expect(cancelled.bookings).toEqual({});
  });

  it('takes a promoted member off the waiting list', () => {
    const waiting = withWaitlistEntry(emptyRoster(), 'u2', 5);
    const promoted = withBooking(waiting, booking('u2', 'B', { via: 'waitlist', promotedAt: 9 }));
    expect(promoted.waitlist).toEqual({});
    expect(promoted.bookings.u2?.promotedAt).toBe(9);
  });

  it('moves a booking to another spot', () => {
    const moved = withSpotChange(withBooking(emptyRoster(), booking('u1', 'A')), 'u1', 'C');
    expect(moved.spots).toEqual({ C: 'u1' });
    expect(moved.bookings.u1?.spot).toBe('C');
  });

  it('keeps a strict FIFO queue by sequence number', () => {
    let roster = emptyRoster();
    // Same join time and uids out of alphabetical order: the sequence decides.
    roster = withWaitlistEntry(roster, 'zed', 100);
    roster = withWaitlistEntry(roster, 'amy', 100);
    roster = withWaitlistEntry(roster, 'bob', 50);
    expect(waitlistQueue(roster).map((entry) => entry.uid)).toEqual(['zed', 'amy', 'bob']);
    expect(waitlistPosition(roster, 'bob')).toBe(3);
    roster = withoutWaitlistEntry(roster, 'zed');
    expect(waitlistPosition(roster, 'bob')).toBe(2);
    expect(waitlistPosition(roster, 'zed')).toBeUndefined();
    expect(roster.waitlistSeq).toBe(3);
  });

  it('ignores a cancel or move for a member without a booking', () => {
    const roster = withBooking(emptyRoster(), booking('u1', 'A'));
    expect(withoutBooking(roster, 'u9')).toBe(roster);
    expect(withSpotChange(roster, 'u9', 'B')).toBe(roster);
  });
});
