import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { DEFAULT_SETTINGS } from '../settings';
import { emptyRoster } from '../schemas/classes';
import type { Roster } from '../schemas/classes';
import { canCancel, canBookGuest, guestLimit, rosterGuestError } from './can-book';
import {
  endBooking,
  guestSeatKey,
  releaseSeat,
  reserveGuestSeat,
  rosterKey,
  withBooking,
} from './roster';
import type { GuestSeatRequest } from './roster';
import { virtualLayout } from './spots';
import { userClassView } from './views';
import { bookingInvariantViolations } from './invariants';
import { HOUR, memberBooking, NOW, ok, START } from './test-fixtures';

const cls = {
  status: 'scheduled' as const,
  startsAt: START,
  capacity: 3,
  creditKind: 'regular' as const,
};
const viewCls = {
  ...cls,
  date: '2025-06-10',
  hour: '08:00',
  exercise: 'spin',
  branch: 'b',
  coach: 'k',
};

const guestSeat = (roster: Roster, overrides: Partial<GuestSeatRequest> = {}) =>
  reserveGuestSeat(roster, {
    cls,
    layout: virtualLayout(3),
    settings: DEFAULT_SETTINGS,
    uid: 'u1',
    bookingId: 'g1',
    requestId: 'r1',
    guestName: 'Ana',
    limit: 1,
    nowMs: NOW,
    ...overrides,
  });

function refusal(value: unknown): string | undefined {
  return value instanceof DomainError ? `${value.code}/${value.messageKey}` : undefined;
}

const booked = () => withBooking(emptyRoster(), memberBooking('u1', '1'));

describe('guest seats', () => {
  it('keys a guest seat apart from its member, who pays for it, and counts it as a seat', () => {
    const { roster, booking } = ok(guestSeat(booked()));
    expect(rosterKey(booking)).toBe(guestSeatKey('g1'));
    expect(roster.bookings[guestSeatKey('g1')]).toMatchObject({
      uid: 'u1',
      guestName: 'Ana',
      pending: true,
      spot: '2',
    });
    expect(roster.bookings.u1?.bookingId).toBe('b-u1');
    expect(roster.spots).toEqual({ 1: true, 2: true });
  });

  it('needs the member’s own paid booking first', () => {
    expect(refusal(guestSeat(emptyRoster()))).toBe('failed-precondition/guestNeedsOwnBooking');
    const pending = withBooking(emptyRoster(), memberBooking('u1', '1', { pending: true }));
    expect(refusal(guestSeat(pending))).toBe('failed-precondition/guestNeedsOwnBooking');
  });

  it('refuses past the limit, and when the studio takes no guests', () => {
    const one = ok(guestSeat(booked())).roster;
    expect(refusal(guestSeat(one, { bookingId: 'g2', requestId: 'r2' }))).toBe(
      'failed-precondition/guestLimitReached',
    );
    expect(ok(guestSeat(one, { bookingId: 'g2', requestId: 'r2', limit: 2 })).booking.spot).toBe(
      '3',
    );
    expect(refusal(guestSeat(booked(), { limit: 0 }))).toBe('failed-precondition/guestBookingsOff');
  });

  it('finds the seat an earlier call with the same request id booked', () => {
    const first = ok(guestSeat(booked()));
    const again = ok(guestSeat(first.roster, { bookingId: 'g9' }));
    expect(again.roster).toBe(first.roster);
    expect(again.booking.bookingId).toBe('g1');
  });

  it('refuses a full class and a taken spot like any booking', () => {
    const full = withBooking(
      withBooking(booked(), memberBooking('u2', '2')),
      memberBooking('u3', '3'),
    );
    expect(refusal(guestSeat(full, { limit: 2 }))).toBe('resource-exhausted/classFull');
    const twoTaken = withBooking(booked(), memberBooking('u2', '2'));
    expect(refusal(guestSeat(twoTaken, { spot: '2' }))).toBe('already-exists/spotTaken');
  });

  it('takes the studio’s limit unless the class sets its own, and none when turned off', () => {
    expect(guestLimit({}, DEFAULT_SETTINGS)).toBe(1);
    expect(guestLimit({ guestsPerMember: 3 }, DEFAULT_SETTINGS)).toBe(3);
    expect(
      guestLimit({ guestsPerMember: 3 }, { ...DEFAULT_SETTINGS, guestBookingsEnabled: false }),
    ).toBe(0);
  });

  it('checks class state before anything else, and the credit after the roster', () => {
    const request = {
      cls,
      roster: booked(),
      uid: 'u1',
      nowMs: START + 1,
      settings: DEFAULT_SETTINGS,
    };
    expect(refusal(rosterGuestError(request))).toBe('failed-precondition/classStarted');
    const noCredit = canBookGuest({
      ...request,
      nowMs: NOW,
      user: { Conditions: true },
      guestName: 'Ana',
    });
    expect(refusal(noCredit)).toBe('failed-precondition/noUsableCredit');
  });

  it('is cancelled by its member only, with the window of any booking', () => {
    const roster = ok(guestSeat(booked())).roster;
    const settings = DEFAULT_SETTINGS;
    const inTime = canCancel({
      cls,
      roster,
      uid: 'u1',
      guestBookingId: 'g1',
      nowMs: NOW,
      settings,
    });
    expect(ok(inTime)).toMatchObject({ key: guestSeatKey('g1'), outcome: 'refund' });
    const late = canCancel({
      cls,
      roster,
      uid: 'u1',
      guestBookingId: 'g1',
      nowMs: START - HOUR,
      settings,
    });
    expect(ok(late).outcome).toBe('late');
    const stranger = canCancel({
      cls,
      roster,
      uid: 'u2',
      guestBookingId: 'g1',
      nowMs: NOW,
      settings,
    });
    expect(refusal(stranger)).toBe('not-found/noGuestBooking');
  });

  it('leaves the guest seat when the member cancels their own booking', () => {
    const roster = ok(guestSeat(booked())).roster;
    const { roster: after, ended } = ok(
      endBooking(roster, 'u1', { cls, settings: DEFAULT_SETTINGS, nowMs: NOW }),
    );
    expect(ended.guestName).toBeUndefined();
    expect(after.bookings[guestSeatKey('g1')]?.guestName).toBe('Ana');
  });

  it('gives back an unpaid guest seat without touching the member’s booking', () => {
    const roster = ok(guestSeat(booked())).roster;
    const released = releaseSeat(roster, guestSeatKey('g1'), 'g1', NOW);
    expect(Object.keys(released.bookings)).toEqual(['u1']);
    expect(released.spots).toEqual({ 1: true });
  });

  it('shows guest seats on the member’s entry, a pending one only while it is paid for', () => {
    const pending = ok(guestSeat(booked())).roster;
    expect(userClassView('c1', viewCls, pending, 'u1', NOW)?.guests).toBeUndefined();
    expect(userClassView('c1', viewCls, pending, 'u1', NOW, 'g1')?.guests).toEqual({
      g1: { name: 'Ana', spot: '2', status: 'booked', bookedAt: NOW },
    });
    const { roster: cancelled } = ok(
      endBooking(pending, guestSeatKey('g1'), { cls, settings: DEFAULT_SETTINGS, nowMs: NOW }),
    );
    const view = userClassView('c1', viewCls, cancelled, 'u1', NOW);
    expect(view?.status).toBe('booked');
    expect(view?.bookingId).toBe('b-u1');
    expect(view?.guests?.g1?.status).toBe('cancelled');
  });

  it('passes the roster invariants with a guest seat keyed apart', () => {
    const roster = ok(guestSeat(booked())).roster;
    const confirmed = {
      ...roster,
      bookings: {
        ...roster.bookings,
        [guestSeatKey('g1')]: { ...roster.bookings[guestSeatKey('g1')]!, creditId: 'c2' },
      },
    };
    delete confirmed.bookings[guestSeatKey('g1')]!.pending;
    const misfiled = {
      ...confirmed,
      bookings: { ...confirmed.bookings, u9: confirmed.bookings[guestSeatKey('g1')]! },
    };
    const violations = (value: Roster) =>
      bookingInvariantViolations(
        {
          Classes: { c1: { ...viewCls, duration: 45 } },
          ClassRoster: { c1: value },
        },
        { quiescent: false, nowMs: NOW },
      ).filter((line) => line.includes('mismatch'));
    expect(violations(confirmed)).toEqual([]);
    expect(violations(misfiled)).toEqual(['ClassRoster/c1/bookings/u9: uid mismatch']);
  });
});
