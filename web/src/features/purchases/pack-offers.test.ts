import { describe, expect, it } from 'vitest';
import type { Package } from '@studio/core';
import { packOffers, usableUntil } from './pack-offers';

function pack(credits: number, price: number, extra: Partial<Package> = {}): Package {
  return {
    kind: 'credits',
    name: `${credits} classes`,
    credits,
    price,
    currency: 'USD',
    validityDays: 30,
    active: true,
    ...extra,
  };
}

describe('packOffers', () => {
  it('sorts by size, never as text, and marks the lowest price per class', () => {
    const offers = packOffers(
      { ten: pack(10, 12000), five: pack(5, 6500), twenty: pack(20, 22000), one: pack(1, 1500) },
      'credits',
    );
    expect(offers.map((offer) => [offer.pkg.credits, offer.perClass, offer.bestValue])).toEqual([
      [1, 1500, false],
      [5, 1300, false],
      [10, 1200, false],
      [20, 1100, true],
    ]);
  });

  it('leaves out packs not on sale or of another kind', () => {
    const offers = packOffers(
      {
        a: pack(5, 6500),
        off: pack(10, 9000, { active: false }),
        event: pack(2, 4000, { kind: 'spcredits' }),
      },
      'credits',
    );
    expect(offers.map((offer) => offer.id)).toEqual(['a']);
  });

  it.each([
    ['a single pack', { a: pack(5, 6500) }],
    ['a tie', { a: pack(5, 6000), b: pack(10, 12000) }],
    ['two currencies', { a: pack(5, 6500), b: pack(10, 9000, { currency: 'MXN' }) }],
  ])('marks no best value with %s', (_, packages) => {
    expect(packOffers(packages, 'credits').some((offer) => offer.bestValue)).toBe(false);
  });
});

describe('usableUntil', () => {
  it.each([
    ['2026-11-25', 30, '2026-12-24'],
    ['2026-12-20', 30, '2027-01-18'],
    ['2026-11-25', 1, '2026-11-25'],
  ])('%s + %i days → last day %s', (today, days, expected) => {
    expect(usableUntil(today, days)).toBe(expected);
  });
});
