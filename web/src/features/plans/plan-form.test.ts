import { describe, expect, it } from 'vitest';
import { EMPTY_PLAN_FORM, formOf, planFromForm } from './plan-form';

describe('the plan editor', () => {
  it.each([
    [
      'an unlimited plan with a daily cap and a late fee',
      { ...EMPTY_PLAN_FORM, name: 'Daily', price: '129', dailyCap: '1', lateFee: '10' },
      { kind: 'unlimited', price: 12900, dailyCap: 1, lateCancel: { kind: 'fee', amount: 1000 } },
    ],
    [
      'a limited plan keeps its limit and drops the daily cap',
      { ...EMPTY_PLAN_FORM, kind: 'limited' as const, name: 'Two', price: '79.50', dailyCap: '1' },
      { kind: 'limited', price: 7950, limit: { count: 2, per: 'week' } },
    ],
    [
      'a credits plan with a commitment and an early-end fee',
      {
        ...EMPTY_PLAN_FORM,
        kind: 'credits' as const,
        name: 'Eight',
        price: '99',
        commitment: '6',
        earlyEndFee: '40',
      },
      { kind: 'credits', credits: 8, commitment: { periods: 6, earlyEndFee: 4000 } },
    ],
  ])('%s', (_, form, expected) => {
    const result = planFromForm(form, 'USD');
    expect(result.ok && result.plan).toMatchObject(expected);
  });

  it.each([
    ['no name', { ...EMPTY_PLAN_FORM, price: '10' }, 'name'],
    ['a price in words', { ...EMPTY_PLAN_FORM, name: 'X', price: 'ten' }, 'price'],
    [
      'an intro price above the price',
      { ...EMPTY_PLAN_FORM, name: 'X', price: '10', introPrice: '20' },
      'introPrice',
    ],
    [
      'a weekly limit of nothing',
      { ...EMPTY_PLAN_FORM, kind: 'limited' as const, name: 'X', price: '10', limitCount: '0' },
      'limitCount',
    ],
    [
      'an early-end fee in words',
      { ...EMPTY_PLAN_FORM, name: 'X', price: '10', commitment: '6', earlyEndFee: 'lots' },
      'earlyEndFee',
    ],
  ])('refuses %s and names the field', (_, form, field) => {
    const result = planFromForm(form, 'USD');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.fields).toContain(field);
  });

  it('reads a stored plan back, a booked new price shown', () => {
    const form = formOf({
      kind: 'unlimited',
      name: 'Daily',
      interval: 'month',
      price: 12900,
      currency: 'USD',
      active: true,
      priceChange: { price: 13900, from: 1, announcedAt: 0 },
    });
    expect(form).toMatchObject({ price: '139', name: 'Daily', kind: 'unlimited' });
  });
});
