import { describe, expect, it } from 'vitest';
import { classSchema, emptyRoster, paymentSchema, userClassSchema } from '../schemas/index';
import { toEpoch } from '../time';
import {
  classFigures,
  creditLiability,
  memberEvents,
  paymentRevenue,
  spellChurned,
  subscriptionSpells,
} from './figures';

const DAY = 24 * 60 * 60 * 1000;
const studioClass = classSchema.parse({
  branch: 'centro',
  date: '2026-03-10',
  hour: '07:00',
  startsAt: toEpoch('2026-03-10', '07:00'),
  duration: 50,
  exercise: 'yoga',
  coach: 'ana',
  capacity: 10,
});
const booking = (uid: string, attendance?: 'attended' | 'no-show') => ({
  bookingId: `b-${uid}`,
  uid,
  spot: '1',
  bookedAt: 1,
  via: 'member' as const,
  ...(attendance ? { attendance } : {}),
});

describe('classFigures', () => {
  const roster = {
    ...emptyRoster(),
    bookings: { a: booking('a', 'attended'), b: booking('b', 'no-show'), c: booking('c') },
    ended: {
      'b-d': { ...booking('d'), endedAt: 2, outcome: 'late' as const, settled: true },
      'b-e': { ...booking('e'), endedAt: 2, outcome: 'refund' as const, settled: true },
    },
    waitlist: { f: { uid: 'f', joinedAt: 1, seq: 0 } },
    departed: {
      g: { seq: 1, joinedAt: 1, status: 'closed' as const, at: 3 },
      h: { seq: 2, joinedAt: 1, status: 'left' as const, at: 3 },
    },
    capacity: 8,
  };

  it('counts seats, marks, cancels and the queue of a class that took place', () => {
    expect(classFigures(studioClass, roster)).toEqual({
      held: 1,
      cancelled: 0,
      capacity: 8,
      booked: 3,
      attended: 1,
      noShow: 1,
      lateCancels: 1,
      cancels: 1,
      waitlisted: 3,
      turnedAway: 2,
    });
  });

  it('counts a cancelled class as cancelled, with no seats, bookings or people turned away', () => {
    const figures = classFigures({ ...studioClass, status: 'cancelled' }, roster);
    expect(figures).toMatchObject({ held: 0, cancelled: 1, capacity: 0, booked: 0, turnedAway: 0 });
    expect(figures.lateCancels).toBe(1);
  });
});

describe('paymentRevenue', () => {
  const payment = paymentSchema.parse({
    uid: 'a',
    kind: 'credits',
    items: [{ type: 'package', id: 'p5', name: '5', quantity: 1, unitAmount: 1000 }],
    subtotal: 1000,
    discount: 100,
    amount: 900,
    coupon: 'welcome10',
    status: 'refunded',
    createdAt: toEpoch('2026-03-10', '23:30'),
    paidAt: toEpoch('2026-03-11', '00:10'),
  });

  it('counts a payment on the studio-local day it was paid, with what was refunded', () => {
    expect(paymentRevenue(payment)).toEqual({
      day: '2026-03-11',
      kind: 'credits',
      coupon: 'WELCOME10',
      figures: { payments: 1, gross: 900, discount: 100, refunded: 900 },
    });
  });

  it('counts nothing for a payment that took no money', () => {
    expect(paymentRevenue({ ...payment, status: 'failed' })).toBeUndefined();
    expect(paymentRevenue({ ...payment, status: 'pending' })).toBeUndefined();
  });
});

describe('memberEvents', () => {
  const entry = (date: string, status: string) =>
    userClassSchema.parse({
      classId: `c-${date}`,
      bookingId: `b-${date}`,
      date,
      hour: '07:00',
      startsAt: toEpoch(date, '07:00'),
      spot: '1',
      creditKind: 'regular',
      status,
      bookedAt: 1,
      rosterVersion: 1,
    });
  const now = toEpoch('2026-06-01', '12:00');

  it('finds the first visit, its conversion and each lapse after 30 quiet days', () => {
    const events = memberEvents(
      [
        entry('2026-01-05', 'attended'),
        entry('2026-01-02', 'no-show'),
        entry('2026-01-20', 'booked'),
        entry('2026-03-01', 'attended'),
        entry('2026-03-02', 'late-cancelled'),
      ],
      now,
    );
    expect(events.visitDays).toEqual(['2026-01-05', '2026-01-20', '2026-03-01']);
    expect(events.firstVisit).toEqual({ day: '2026-01-05', converted: true });
    expect(events.lapses).toEqual(['2026-02-19', '2026-03-31']);
  });

  it('does not count classes still to come or a second visit after 30 days as conversion', () => {
    const events = memberEvents(
      [
        entry('2026-04-01', 'attended'),
        entry('2026-05-15', 'attended'),
        entry('2026-07-01', 'booked'),
      ],
      now,
    );
    expect(events.visitDays).toEqual(['2026-04-01', '2026-05-15']);
    expect(events.firstVisit).toEqual({ day: '2026-04-01', converted: false });
  });
});

describe('subscriptionSpells', () => {
  const grant = (start: number) => ({
    uid: 'a',
    invoiceId: `in_${start}`,
    credits: 30,
    grantedAt: start,
    periodStart: start,
    periodEnd: start + 30 * DAY,
  });

  it('joins back-to-back periods into one run and starts a new run after a gap', () => {
    const t = toEpoch('2026-01-01', '09:00');
    const spells = subscriptionSpells([grant(t + 30 * DAY), grant(t), grant(t + 80 * DAY)]);
    expect(spells).toEqual([
      { start: t, end: t + 60 * DAY },
      { start: t + 80 * DAY, end: t + 110 * DAY },
    ]);
    expect(spellChurned(spells[0]!, t + 62 * DAY)).toBe(false);
    expect(spellChurned(spells[0]!, t + 63 * DAY)).toBe(true);
  });
});

describe('creditLiability', () => {
  it('counts usable credits per kind and those expiring within 7 and 30 days', () => {
    const now = 1_000 * DAY;
    const credit = (kind: 'regular' | 'special', days: number, dispute = false) => ({
      kind,
      source: 'purchase' as const,
      grantedAt: 0,
      expiresAt: now + days * DAY,
      ...(dispute ? { hold: { disputeId: 'dp', at: 1 } } : {}),
    });
    expect(
      creditLiability(
        {
          a: credit('regular', -1),
          b: credit('regular', 3),
          c: credit('regular', 20),
          d: credit('regular', 90),
          e: credit('special', 90, true),
          f: credit('special', 10),
        },
        now,
      ),
    ).toEqual({
      regular: { outstanding: 3, expiring7: 1, expiring30: 2 },
      special: { outstanding: 1, expiring7: 0, expiring30: 1 },
    });
  });
});
