import { describe, expect, it } from 'vitest';
import type { Package } from '../schemas/catalog';
import { cashAmountRefusal, cashPaymentId, dropInPackage } from './sales';

const pack = (change: Partial<Package>): Package => ({
  kind: 'single',
  name: 'Single class',
  credits: 1,
  price: 1500,
  currency: 'USD',
  validityDays: 30,
  active: true,
  ...change,
});

describe('desk sales', () => {
  it('names the payment by the request, so a repeat finds it', () => {
    expect(cashPaymentId('r1')).toBe('cash-r1');
  });

  it('takes exactly the price in cash, and says what it should be', () => {
    const item = { name: '5 classes', price: 6500, currency: 'USD' };
    expect(cashAmountRefusal(6500, item)).toBeNull();
    expect(cashAmountRefusal(6000, item)).toMatchObject({
      messageKey: 'cashAmountMismatch',
      params: { amount: '$60', name: '5 classes', price: '$65' },
    });
  });

  it.each([
    ['none on sale', {}, 'regular', null],
    ['a pack is not a drop-in', { p: pack({ kind: 'credits', credits: 5 }) }, 'regular', null],
    ['an inactive one', { s: pack({ active: false }) }, 'regular', null],
    ['another credit kind', { s: pack({}) }, 'special', null],
    ['the first by order', { b: pack({ order: 2 }), a: pack({ order: 1 }) }, 'regular', 'a'],
  ] as const)('drop-in price: %s', (_label, packages, kind, expected) => {
    expect(dropInPackage(packages, kind)?.packageId ?? null).toBe(expected);
  });
});
