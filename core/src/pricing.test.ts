import { describe, expect, it } from 'vitest';
import type { Coupon } from './schemas/catalog';
import {
  applyCoupon,
  formatMoney,
  lineTotal,
  majorToCents,
  normalizePromocode,
  subscriptionPricePair,
} from './pricing';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const coupon = (fields: Partial<Coupon>): Coupon => ({
  code: 'TEST',
  active: true,
  redeemed: 0,
  percentOff: 10,
  ...fields,
});

describe('applyCoupon', () => {
  it.each<[string, number, Partial<Coupon>, number, number, { amount: number; discount: number }]>([
    ['10 % off', 5000, {}, 0, 0, { amount: 4500, discount: 500 }],
    ['rounds a percentage to the cent', 999, {}, 0, 0, { amount: 899, discount: 100 }],
    ['100 % off', 5000, { percentOff: 100 }, 0, 0, { amount: 0, discount: 5000 }],
    [
      'fixed amount',
      5000,
      { percentOff: undefined, amountOff: 1200 },
      0,
      0,
      { amount: 3800, discount: 1200 },
    ],
    [
      'fixed amount above the price',
      500,
      { percentOff: undefined, amountOff: 1200 },
      0,
      0,
      { amount: 0, discount: 500 },
    ],
    ['on the first valid instant', 5000, { validFrom: NOW }, 0, 0, { amount: 4500, discount: 500 }],
    ['on the last valid instant', 5000, { validUntil: NOW }, 0, 0, { amount: 4500, discount: 500 }],
    ['one redemption left', 5000, { maxRedemptions: 3 }, 2, 0, { amount: 4500, discount: 500 }],
    ['member under their limit', 5000, { maxPerMember: 2 }, 9, 1, { amount: 4500, discount: 500 }],
  ])('%s', (_, amount, fields, total, mine, expected) => {
    expect(applyCoupon(amount, coupon(fields), NOW, total, mine, 'credits')).toEqual(expected);
  });

  it.each<[string, Partial<Coupon>, number, number, string]>([
    ['inactive', { active: false }, 0, 0, 'couponInactive'],
    ['not yet valid', { validFrom: NOW + 1 }, 0, 0, 'couponNotYetValid'],
    ['expired', { validUntil: NOW - 1 }, 0, 0, 'couponExpired'],
    ['used up', { maxRedemptions: 3 }, 3, 0, 'couponUsedUp'],
    ['member limit', { maxPerMember: 1 }, 1, 1, 'couponPerMemberLimit'],
    ['other purchase kind', { appliesTo: ['subscription'] }, 0, 0, 'couponNotApplicable'],
  ])('refuses: %s', (_, fields, total, mine, messageKey) => {
    expect(applyCoupon(5000, coupon(fields), NOW, total, mine, 'credits')).toMatchObject({
      code: 'failed-precondition',
      messageKey,
    });
  });

  it('applies to every kind when appliesTo is empty or missing', () => {
    expect(applyCoupon(100, coupon({ appliesTo: [] }), NOW, 0, 0, 'cart')).toEqual({
      amount: 90,
      discount: 10,
    });
    expect(applyCoupon(100, coupon({}), NOW, 0, 0, 'subscription')).toEqual({
      amount: 90,
      discount: 10,
    });
  });
});

describe('price helpers', () => {
  it.each([
    ['', undefined],
    ['null', undefined],
    ['0', undefined],
    [' none ', undefined],
    [undefined, undefined],
    ['welcome10', 'WELCOME10'],
  ])('normalizePromocode(%j) → %j', (param, code) => {
    expect(normalizePromocode(param)).toBe(code);
  });

  it('converts the spec major-unit prices to cents without float drift', () => {
    expect(majorToCents(19.99)).toBe(1999);
    expect(majorToCents(0.29)).toBe(29);
  });

  it('reads SuscriptionPrices as discounted then regular', () => {
    expect(
      subscriptionPricePair([
        { key: 'a', Precio: 39 },
        { key: 'b', Precio: 49 },
      ]),
    ).toEqual({ discounted: 39, regular: 49 });
    expect(subscriptionPricePair([{ key: 'a', Precio: 39 }])).toEqual({
      discounted: 39,
      regular: 39,
    });
    expect(subscriptionPricePair([])).toBeUndefined();
  });

  it('totals lines and formats money', () => {
    expect(
      lineTotal([
        { unitAmount: 1500, quantity: 2 },
        { unitAmount: 99, quantity: 1 },
      ]),
    ).toBe(3099);
    expect(formatMoney(4999, 'USD')).toBe('$49.99');
  });
});
