import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../settings';
import { emptyRoster } from '../schemas/classes';
import type { Roster } from '../schemas/classes';
import {
  cancelRoster,
  closeQueue,
  confirmedBooking,
  endBooking,
  fullClassRefusal,
  joinQueue,
  leaveQueue,
  markAttendance,
  memberSeatsLeft,
  moveBooking,
  releaseSeat,
  reserveSeat,
  settledEnded,
  skipQueued,
  waitlistPosition,
  waitlistPositions,
  waitlistQueue,
  withBooking,
  withCancellationDone,
  withoutBooking,
  withoutWaitlistEntry,
  withWaitlistEntry,
} from './roster';
import type { SeatRequest } from './roster';
import { virtualLayout } from './spots';
import { HOUR, memberBooking, NOW, ok, START } from './test-fixtures';

const cls = { status: 'scheduled' as const, startsAt: START, capacity: 2 };

const seat = (roster: Roster, overrides: Partial<SeatRequest> = {}) =>
  reserveSeat(roster, {
    cls,
    layout: virtualLayout(2),
    settings: DEFAULT_SETTINGS,
    uid: 'u1',
    bookingId: 'b1',
    nowMs: NOW,
    via: 'member',
    ...overrides,
  });

describe('roster transforms', () => {
  it('books a spot and frees it on cancel, leaving the input untouched', () => {
    const empty = emptyRoster();
    const booked = withBooking(empty, memberBooking('u1', 'A'));
    expect(booked.spots).toEqual({ A: true });
    expect(Object.keys(booked.bookings)).toEqual(['u1']);
    expect(empty).toEqual(emptyRoster());
    const cancelled = withoutBooking(booked, 'u1');
    expect(cancelled.spots).toEqual({});
    expect(cancelled.bookings).toEqual({});
  });

  it('takes a promoted member off the waiting list', () => {
    const waiting = withWaitlistEntry(emptyRoster(), 'u2', 5);
    const promoted = withBooking(
      waiting,
      memberBooking('u2', 'B', { via: 'waitlist', promotedAt: 9 }),
    );
    expect(promoted.waitlist).toEqual({});
    expect(promoted.bookings.u2?.promotedAt).toBe(9);
  });

  it('keeps a strict FIFO queue by sequence number', () => {
    let roster = emptyRoster();
    // Same join time and uids out of alphabetical order: the sequence decides.
    roster = withWaitlistEntry(roster, 'zed', 100);
    roster = withWaitlistEntry(roster, 'amy', 100);
    roster = withWaitlistEntry(roster, 'bob', 50);
    expect(waitlistQueue(roster).map((entry) => entry.uid)).toEqual(['zed', 'amy', 'bob']);
    expect(waitlistPosition(roster, 'bob')).toBe(3);
    roster = withoutWaitlistEntry(roster, 'zed', 7);
    expect(roster.departed.zed).toEqual({ seq: 0, joinedAt: 100, status: 'left', at: 7 });
    expect(waitlistPosition(roster, 'bob')).toBe(2);
    expect(waitlistPositions(roster)).toEqual({ amy: 1, bob: 2 });
    expect(waitlistPosition(roster, 'zed')).toBeUndefined();
    expect(roster.waitlistSeq).toBe(3);
  });

  it('ignores a cancel for a member without a booking', () => {
    const roster = withBooking(emptyRoster(), memberBooking('u1', 'A'));
    expect(withoutBooking(roster, 'u9')).toBe(roster);
  });
});

describe('reserveSeat', () => {
  it('reserves the first free spot as a pending booking', () => {
    const { roster, booking: made } = ok(seat(emptyRoster()));
    expect(made).toEqual({
      bookingId: 'b1',
      uid: 'u1',
      spot: '1',
      bookedAt: NOW,
      via: 'member',
      pending: true,
    });
    expect(roster.spots).toEqual({ '1': true });
  });

  it('is idempotent for the same booking id', () => {
    const first = ok(seat(emptyRoster()));
    const again = ok(seat(first.roster));
    expect(again.roster).toBe(first.roster);
  });

  it.each<[string, Roster, Partial<SeatRequest>, string]>([
    [
      'cancelled class',
      { ...emptyRoster(), cancellation: { at: 1, reason: 'r', by: 'a', done: true } },
      {},
      'classCancelled',
    ],
    ['already booked', withBooking(emptyRoster(), memberBooking('u1', '1')), {}, 'alreadyBooked'],
    [
      'full',
      withBooking(withBooking(emptyRoster(), memberBooking('u2', '1')), memberBooking('u3', '2')),
      {},
      'classFull',
    ],
    [
      'seat owed to the queue',
      withWaitlistEntry(withBooking(emptyRoster(), memberBooking('u2', '1')), 'u9', 1),
      {},
      'classFull',
    ],
    [
      'full at the capacity an admin lowered, whatever the class said when read',
      { ...withBooking(emptyRoster(), memberBooking('u2', '1')), capacity: 1 },
      {},
      'classFull',
    ],
    ['promotion of someone not waiting', emptyRoster(), { via: 'waitlist' }, 'notWaiting'],
    [
      'taken spot',
      withBooking(emptyRoster(), memberBooking('u2', '1')),
      { spot: '1' },
      'spotTaken',
    ],
  ])('refuses: %s', (_, roster, overrides, messageKey) => {
    expect(seat(roster, overrides)).toMatchObject({ messageKey });
  });

  it('promotes the waiting member into the seat owed to the queue', () => {
    const queued = withWaitlistEntry(withBooking(emptyRoster(), memberBooking('u2', '1')), 'u1', 1);
    const { roster, booking: made } = ok(seat(queued, { via: 'waitlist' }));
    expect(made).toMatchObject({ via: 'waitlist', promotedAt: NOW, spot: '2' });
    expect(roster.waitlist).toEqual({});
    expect(roster.departed.u1?.status).toBe('promoted');
    const released = releaseSeat(roster, 'u1', 'b1', NOW + 1);
    expect(released.departed.u1).toMatchObject({ status: 'skipped', at: NOW + 1 });
  });

  it('counts the seats a member may take', () => {
    const queued = withWaitlistEntry(withBooking(emptyRoster(), memberBooking('u2', '1')), 'u9', 1);
    expect(memberSeatsLeft(cls, queued, NOW, DEFAULT_SETTINGS)).toBe(0);
    expect(memberSeatsLeft(cls, queued, START - HOUR, DEFAULT_SETTINGS)).toBe(1);
    const left = withoutWaitlistEntry(queued, 'u9', NOW);
    expect(memberSeatsLeft(cls, left, NOW, DEFAULT_SETTINGS)).toBe(1);
  });
});

describe('fullClassRefusal', () => {
  const full = withBooking(
    withBooking(emptyRoster(), memberBooking('u2', '1')),
    memberBooking('u3', '2'),
  );

  it('refuses a new member when every seat is taken, at the capacity an admin set', () => {
    expect(fullClassRefusal(cls, full, 'u1')).toMatchObject({ messageKey: 'classFull' });
    const lowered = { ...withBooking(emptyRoster(), memberBooking('u2', '1')), capacity: 1 };
    expect(fullClassRefusal(cls, lowered, 'u1')).toMatchObject({ messageKey: 'classFull' });
  });

  it('leaves a free seat, a cancelled class and a member already booked to reserveSeat', () => {
    expect(
      fullClassRefusal(cls, withBooking(emptyRoster(), memberBooking('u2', '1')), 'u1'),
    ).toBeNull();
    const cancelled = { ...full, cancellation: { at: 1, reason: 'r', by: 'a', done: true } };
    expect(fullClassRefusal(cls, cancelled, 'u1')).toBeNull();
    expect(fullClassRefusal(cls, full, 'u2')).toBeNull();
  });

  it('gives the answer reserveSeat gives, on a stored node before it is parsed', () => {
    const stored = { bookings: { u2: {}, u3: {} } };
    expect(fullClassRefusal(cls, stored, 'u1')).toMatchObject({ messageKey: 'classFull' });
    expect(seat(full)).toMatchObject({ messageKey: 'classFull' });
  });
});

describe('confirm and release', () => {
  const reserved = ok(seat(emptyRoster()));

  it('confirms the pending booking with its credit, once', () => {
    const confirmed = confirmedBooking(reserved.booking, 'b1', 'c9');
    expect(confirmed).toEqual({ ...reserved.booking, pending: undefined, creditId: 'c9' });
    expect(confirmed).not.toHaveProperty('pending');
    expect(confirmedBooking(confirmed, 'b1', 'c9')).toBeNull();
    expect(confirmedBooking(reserved.booking, 'other', 'c9')).toBeNull();
    expect(confirmedBooking(null, 'b1', 'c9')).toBeNull();
  });

  it('releases only that pending booking', () => {
    expect(releaseSeat(reserved.roster, 'u1', 'b1', NOW).bookings).toEqual({});
    expect(releaseSeat(reserved.roster, 'u1', 'other', NOW)).toBe(reserved.roster);
    const confirmed = withBooking(emptyRoster(), memberBooking('u1', '1', { bookingId: 'b1' }));
    expect(releaseSeat(confirmed, 'u1', 'b1', NOW)).toBe(confirmed);
  });
});

describe('endBooking', () => {
  const booked = withBooking(emptyRoster(), memberBooking('u1', '1'));
  const request = { cls, settings: DEFAULT_SETTINGS, nowMs: NOW };

  it('frees the seat and records the cancel, unsettled', () => {
    const { roster, ended } = ok(endBooking(booked, 'u1', request));
    expect(roster.bookings).toEqual({});
    expect(roster.spots).toEqual({});
    expect(ended).toMatchObject({ bookingId: 'b-u1', outcome: 'refund', settled: false });
    expect(roster.ended['b-u1']).toEqual(ended);
    expect(settledEnded(ended)).toMatchObject({ settled: true });
    expect(settledEnded({ ...ended, settled: true })).toBeNull();
  });

  it('says late inside the cancellation window', () => {
    expect(ok(endBooking(booked, 'u1', { ...request, nowMs: START - HOUR })).ended.outcome).toBe(
      'late',
    );
  });

  it.each([
    ['no booking', 'u9', NOW, 'noBooking'],
    ['started', 'u1', START, 'classStarted'],
  ])('refuses: %s', (_, uid, nowMs, messageKey) => {
    expect(endBooking(booked, uid, { ...request, nowMs })).toMatchObject({ messageKey });
  });
});

describe('cancelRoster', () => {
  it('ends every booking, empties the queue and remembers who waited, once', () => {
    let roster = withBooking(emptyRoster(), memberBooking('u1', '1'));
    roster = withWaitlistEntry(roster, 'u5', 2);
    const first = cancelRoster(roster, { nowMs: NOW, reason: 'Coach ill', by: 'admin' });
    expect(first.ended).toEqual([expect.objectContaining({ outcome: 'class-cancelled' })]);
    expect(first.waiting.map((entry) => entry.uid)).toEqual(['u5']);
    expect(first.roster).toMatchObject({
      bookings: {},
      spots: {},
      waitlist: {},
      departed: { u5: { status: 'removed', seq: 0 } },
      cancellation: { reason: 'Coach ill', done: false },
    });
    const second = cancelRoster(first.roster, { nowMs: NOW, reason: 'again', by: 'admin' });
    expect(second.roster).toBe(first.roster);
    expect(second.ended).toEqual([]);
    expect(withCancellationDone(first.roster).cancellation?.done).toBe(true);
  });
});

describe('queue transitions', () => {
  const full = withBooking(
    withBooking(emptyRoster(), memberBooking('u2', '1')),
    memberBooking('u3', '2'),
  );
  const request = { cls, settings: DEFAULT_SETTINGS, uid: 'u1', nowMs: NOW };

  it('joins a full class at the end of the queue', () => {
    const joined = ok(joinQueue(full, request));
    expect(joined.position).toBe(1);
    expect(ok(joinQueue(joined.roster, { ...request, uid: 'u4' })).position).toBe(2);
  });

  it.each<[string, Roster, string, string]>([
    ['class has room', emptyRoster(), 'u1', 'notFull'],
    ['already booked', full, 'u2', 'alreadyBooked'],
    ['already waiting', withWaitlistEntry(full, 'u1', 1), 'u1', 'alreadyWaiting'],
  ])('refuses to join: %s', (_, roster, uid, messageKey) => {
    expect(joinQueue(roster, { ...request, uid })).toMatchObject({ messageKey });
  });

  it('leaves, skips only the same entry, and closes', () => {
    const queued = withWaitlistEntry(withWaitlistEntry(full, 'u1', 1), 'u4', 2);
    expect(leaveQueue(queued, 'u9', NOW)).toMatchObject({ messageKey: 'notWaiting' });
    const left = ok(leaveQueue(queued, 'u1', NOW)).roster;
    expect(left.waitlist).not.toHaveProperty('u1');
    expect(left.departed.u1?.status).toBe('left');
    const entry = queued.waitlist.u1;
    if (!entry) throw new Error('fixture');
    expect(skipQueued(queued, entry, NOW).departed.u1?.status).toBe('skipped');
    expect(skipQueued(queued, { ...entry, seq: 99 }, NOW)).toBe(queued);
    const closed = closeQueue(queued, NOW);
    expect(closed.removed.map((removed) => removed.uid)).toEqual(['u1', 'u4']);
    expect(closed.roster.waitlist).toEqual({});
    expect(closed.roster.departed.u4?.status).toBe('closed');
    expect(closeQueue(full, NOW).roster).toBe(full);
    const rejoined = ok(joinQueue(left, { ...request, uid: 'u1' })).roster;
    expect(rejoined.departed).not.toHaveProperty('u1');
  });
});

describe('markAttendance', () => {
  it('marks a confirmed booking and refuses a pending one', () => {
    const roster = withBooking(emptyRoster(), memberBooking('u1', '1'));
    const marked = ok(markAttendance(roster, 'u1', { status: 'attended', by: 'coach', nowMs: 5 }));
    expect(marked.booking).toMatchObject({ attendance: 'attended', checkedInBy: 'coach' });
    const pending = withBooking(emptyRoster(), memberBooking('u1', '1', { pending: true }));
    expect(markAttendance(pending, 'u1', { status: 'no-show', by: 'c', nowMs: 5 })).toMatchObject({
      messageKey: 'noBooking',
    });
  });
});

describe('moveBooking', () => {
  const booked = withBooking(
    withBooking(emptyRoster(), memberBooking('u1', '1')),
    memberBooking('u2', '2'),
  );
  const move = (roster: Roster, uid: string, spot: string, nowMs = NOW) =>
    moveBooking(roster, uid, { cls, layout: virtualLayout(3), spot, nowMs });

  it('frees the old spot and takes the new one, keeping the booking otherwise', () => {
    const moved = ok(move(booked, 'u1', '3'));
    expect(moved.roster.spots).toEqual({ '2': true, '3': true });
    expect(moved.booking).toEqual({ ...memberBooking('u1', '1'), spot: '3' });
    expect(moved.roster.bookings.u2).toEqual(memberBooking('u2', '2'));
  });

  it('changes nothing for the spot already held', () => {
    expect(ok(move(booked, 'u1', '1')).roster).toBe(booked);
  });

  it.each([
    ['a taken spot', 'u1', '2', NOW, 'spotTaken'],
    ['an unknown spot', 'u1', '9', NOW, 'spotUnknown'],
    ['no booking', 'u3', '3', NOW, 'noBooking'],
    ['a started class', 'u1', '3', START, 'classStarted'],
  ])('refuses %s', (_label, uid, spot, nowMs, key) => {
    expect(move(booked, uid, spot, nowMs)).toMatchObject({ messageKey: key });
  });

  it('refuses a cancelled class', () => {
    const cancelled = cancelRoster(booked, { nowMs: NOW, reason: 'x', by: 'a' }).roster;
    expect(move(cancelled, 'u1', '3')).toMatchObject({ messageKey: 'classCancelled' });
  });
});
