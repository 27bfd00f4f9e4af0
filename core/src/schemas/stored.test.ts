import { describe, expect, it } from 'vitest';
import { keySchema, rtdbList } from './common';
import { z } from 'zod';
import { couponSchema, packageSchema, seatLayoutSchema, suscriptionPricesSchema } from './catalog';
import { bookingSchema, classSchema, emptyRoster, rosterSchema, userClassSchema } from './classes';
import { ledgerEntrySchema, notificationSchema } from './ledger';
import { paymentSchema } from './payments';
import { dateServiceSchema, userSchema } from './user';

describe('stored shapes', () => {
  it('parses a spec-shaped user and keeps its spellings', () => {
    const user = userSchema.parse({
      Name: 'Ana',
      Email: 'ana@demo.studio',
      Img: 'https://x/y.png',
      Admin: 'Coach',
      Conditions: true,
      LastSeen: '2025-06-01 07:00:00',
      Credits: 2,
      'credits-list': {
        c1: { kind: 'regular', source: 'purchase', grantedAt: 1, expiresAt: 2 },
        c2: {
          kind: 'special',
          source: 'adjust',
          grantedAt: 1,
          expiresAt: 2,
          hold: { classId: 'k', at: 1 },
        },
      },
      activeSuscription: false,
      unknownLegacyField: 1,
    });
    expect(user.Admin).toBe('Coach');
    expect(Object.keys(user['credits-list'] ?? {})).toEqual(['c1', 'c2']);
    expect(user).not.toHaveProperty('unknownLegacyField');
  });

  it.each([true, false, 'Coach', 'fs'])('accepts Admin %j', (flag) => {
    expect(userSchema.safeParse({ Admin: flag }).success).toBe(true);
  });

  it.each(['admin', 'true', 1])('rejects Admin %j', (flag) => {
    expect(userSchema.safeParse({ Admin: flag }).success).toBe(false);
  });

  it('accepts an empty user (every spec field is optional)', () => {
    expect(userSchema.parse({})).toEqual({});
  });

  it('parses DateService', () => {
    expect(dateServiceSchema.parse({ User: 'u1', Ts: 1717246800000, IP: '10.0.0.1' }).Ts).toBe(
      1717246800000,
    );
  });

  it('reads RTDB lists given as arrays, arrays with holes, or objects', () => {
    const list = rtdbList(z.string());
    expect(list.parse(['a', 'b'])).toEqual(['a', 'b']);
    expect(list.parse(['a', null, 'c'])).toEqual(['a', 'c']);
    expect(list.parse({ 0: 'a', 2: 'c', 10: 'k' })).toEqual(['a', 'c', 'k']);
  });

  it('reads SuscriptionPrices in order', () => {
    expect(
      suscriptionPricesSchema.parse([
        { key: 'discount', Precio: 39 },
        { key: 'regular', Precio: 49 },
      ]),
    ).toEqual([
      { key: 'discount', Precio: 39 },
      { key: 'regular', Precio: 49 },
    ]);
  });

  it('reads a missing roster as empty', () => {
    const empty = emptyRoster();
    expect(empty).toEqual({
      spots: {},
      bookings: {},
      waitlist: {},
      waitlistSeq: 0,
      departed: {},
      ended: {},
      version: 0,
    });
    expect(rosterSchema.parse(null)).toEqual(empty);
    expect(rosterSchema.parse(undefined)).toEqual(empty);
  });

  it('keeps who holds a spot out of the public spots map', () => {
    expect(rosterSchema.safeParse({ spots: { A1: 'uid-1' } }).success).toBe(false);
    expect(rosterSchema.parse({ spots: { A1: true } }).spots).toEqual({ A1: true });
  });

  it('fills class defaults', () => {
    const cls = classSchema.parse({
      branch: 'b1',
      date: '2025-06-02',
      hour: '07:00',
      startsAt: 1,
      duration: 50,
      exercise: 'e1',
      coach: 'k1',
      capacity: 10,
    });
    expect(cls).toMatchObject({ creditKind: 'regular', status: 'scheduled', bookedCount: 0 });
  });

  it('requires exactly one of percentOff and amountOff on a coupon', () => {
    expect(couponSchema.safeParse({ code: 'A', percentOff: 10 }).success).toBe(true);
    expect(couponSchema.safeParse({ code: 'A', amountOff: 500 }).success).toBe(true);
    expect(couponSchema.safeParse({ code: 'A' }).success).toBe(false);
    expect(couponSchema.safeParse({ code: 'A', percentOff: 10, amountOff: 5 }).success).toBe(false);
    expect(couponSchema.safeParse({ code: 'A', percentOff: 101 }).success).toBe(false);
  });

  it('keeps package prices in integer cents', () => {
    const pack = {
      kind: 'credits',
      name: '10 classes',
      credits: 10,
      price: 1500,
      validityDays: 60,
    };
    expect(packageSchema.parse(pack)).toMatchObject({ currency: 'USD', active: true });
    expect(packageSchema.safeParse({ ...pack, price: 15.5 }).success).toBe(false);
  });

  it('checks seat layouts: key equals id, inside the grid, one spot per cell', () => {
    const spot = (id: string, row: number, col: number) => ({ id, label: id, row, col });
    expect(
      seatLayoutSchema.safeParse({
        name: 'Room',
        rows: 1,
        cols: 2,
        spots: { A: spot('A', 0, 0), B: spot('B', 0, 1) },
      }).success,
    ).toBe(true);
    expect(
      seatLayoutSchema.safeParse({ name: 'Room', rows: 1, cols: 2, spots: { A: spot('B', 0, 0) } })
        .success,
    ).toBe(false);
    expect(
      seatLayoutSchema.safeParse({ name: 'Room', rows: 1, cols: 2, spots: { A: spot('A', 1, 0) } })
        .success,
    ).toBe(false);
    expect(
      seatLayoutSchema.safeParse({
        name: 'Room',
        rows: 1,
        cols: 2,
        spots: { A: spot('A', 0, 0), B: spot('B', 0, 0) },
      }).success,
    ).toBe(false);
  });

  it('checks a room: spot kinds, and features inside the grid clear of spots', () => {
    const room = (features: Record<string, unknown>, spots = {}) =>
      seatLayoutSchema.safeParse({ name: 'Room', rows: 3, cols: 4, spots, features }).success;
    const bike = { id: 'A', label: '1', row: 1, col: 0, kind: 'bike' };
    expect(room({ front: { kind: 'mirror', row: 0, col: 0, width: 4 } }, { A: bike })).toBe(true);
    expect(
      room({ p: { kind: 'podium', row: 0, col: 1 }, d: { kind: 'door', row: 2, col: 3 } }),
    ).toBe(true);
    // Off the grid, over a spot, over another feature, an unknown kind.
    expect(room({ front: { kind: 'mirror', row: 0, col: 1, width: 4 } })).toBe(false);
    expect(room({ p: { kind: 'podium', row: 1, col: 0 } }, { A: bike })).toBe(false);
    expect(
      room({
        a: { kind: 'screen', row: 0, col: 0, width: 2 },
        b: { kind: 'door', row: 0, col: 1 },
      }),
    ).toBe(false);
    expect(room({ p: { kind: 'piano', row: 0, col: 0 } })).toBe(false);
    expect(room({}, { A: { ...bike, kind: 'trampoline' } })).toBe(false);
  });

  it('validates bookings, ledger entries, notifications and payments', () => {
    expect(
      bookingSchema.parse({ bookingId: 'b', uid: 'u', spot: '1', creditId: 'c', bookedAt: 1 }).via,
    ).toBe('member');
    expect(
      ledgerEntrySchema.safeParse({
        type: 'use',
        kind: 'regular',
        delta: -1,
        reason: 'Booked',
        at: 1,
        by: 'u1',
      }).success,
    ).toBe(true);
    expect(
      ledgerEntrySchema.safeParse({
        type: 'spend',
        kind: 'regular',
        delta: -1,
        reason: 'x',
        at: 1,
        by: 'u1',
      }).success,
    ).toBe(false);
    expect(
      notificationSchema.safeParse({ type: 'promoted', messageKey: 'notifPromoted', at: 1 })
        .success,
    ).toBe(true);
    expect(
      notificationSchema.safeParse({ type: 'promoted', messageKey: 'noSuchKey', at: 1 }).success,
    ).toBe(false);
    expect(
      paymentSchema.parse({
        uid: 'u1',
        kind: 'credits',
        items: [{ type: 'package', id: 'p1', name: '10 classes', quantity: 1, unitAmount: 1500 }],
        subtotal: 1500,
        amount: 1350,
        discount: 150,
        coupon: 'welcome10',
        status: 'paid',
        createdAt: 1,
      }).coupon,
    ).toBe('WELCOME10');
  });

  it('parses a My Classes entry with the spot label and class title, and one written before them', () => {
    const before = {
      classId: 'c1',
      bookingId: 'b1',
      date: '2025-06-11',
      hour: '07:00',
      startsAt: 1,
      exercise: 'cycling',
      spot: 's7',
      creditKind: 'regular',
      status: 'booked',
      bookedAt: 1,
      rosterVersion: 2,
    };
    expect(userClassSchema.parse(before)).not.toHaveProperty('spotLabel');
    expect(userClassSchema.parse({ ...before, spotLabel: '7', title: 'Cycling' })).toMatchObject({
      spot: 's7',
      spotLabel: '7',
      title: 'Cycling',
    });
    expect(userClassSchema.safeParse({ ...before, spotLabel: '' }).success).toBe(false);
  });

  it.each([
    ['abc', true],
    ['-Nq_1', true],
    ['', false],
    ['a.b', false],
    ['a/b', false],
    ['a$b', false],
    ['x'.repeat(128), true],
    ['x'.repeat(129), false],
    // Names every object answers: as keys they would find inherited properties.
    ['__proto__', false],
    ['constructor', false],
    ['prototype', false],
    ['toString', false],
    ['valueOf', false],
    ['hasOwnProperty', false],
    ['__defineGetter__', false],
    ['Constructor', true],
    ['proto', true],
  ])('keySchema %j → %s', (key, ok) => {
    expect(keySchema.safeParse(key).success).toBe(ok);
  });
});
