import { describe, expect, it } from 'vitest';
import { membershipSchema, planInputSchema, planSchema } from './plans';

const unlimited = { kind: 'unlimited', name: 'Unlimited', interval: 'month', price: 9900 };

describe('plan schema', () => {
  it.each([
    ['an unlimited plan', unlimited, true],
    ['a daily cap on an unlimited plan', { ...unlimited, dailyCap: 1 }, true],
    ['credits per period on a credits plan', { ...unlimited, kind: 'credits', credits: 8 }, true],
    ['a credits plan without credits', { ...unlimited, kind: 'credits' }, false],
    ['a weekly limit', { ...unlimited, kind: 'limited', limit: { count: 2, per: 'week' } }, true],
    ['a limited plan without its limit', { ...unlimited, kind: 'limited' }, false],
    ['a limit on an unlimited plan', { ...unlimited, limit: { count: 2, per: 'week' } }, false],
    ['a daily cap on a limited plan', { ...unlimited, kind: 'limited', dailyCap: 1 }, false],
    ['credits on an unlimited plan', { ...unlimited, credits: 8 }, false],
    ['an unknown kind', { ...unlimited, kind: 'forever' }, false],
    ['a daily billing', { ...unlimited, interval: 'day' }, false],
    ['a free plan', { ...unlimited, price: 0 }, false],
    ['an intro price below the price', { ...unlimited, introPrice: 2900 }, true],
    ['an intro price at the price', { ...unlimited, introPrice: 9900 }, false],
    [
      'a commitment with an early-end fee',
      { ...unlimited, commitment: { periods: 12, earlyEndFee: 5000 } },
      true,
    ],
    ['a commitment of no periods', { ...unlimited, commitment: { periods: 0 } }, false],
    ['a late-cancel fee', { ...unlimited, lateCancel: { kind: 'fee', amount: 1000 } }, true],
    ['a no-show block', { ...unlimited, noShow: { kind: 'block', days: 3 } }, true],
    ['a fee of nothing', { ...unlimited, lateCancel: { kind: 'fee', amount: 0 } }, false],
    [
      'coverage by class type and branch',
      { ...unlimited, covers: { exercises: ['yoga'], branches: ['centro'] } },
      true,
    ],
    ['a coverage key that climbs', { ...unlimited, covers: { exercises: ['../x'] } }, false],
  ])('%s → %s', (_, value, ok) => {
    expect(planInputSchema.safeParse(value).success).toBe(ok);
    expect(planSchema.safeParse(value).success).toBe(ok);
  });

  it('keeps Stripe ids off what an admin sends, and on what is stored', () => {
    const stored = { ...unlimited, stripePriceId: 'price_1' };
    expect(planInputSchema.safeParse(stored).success).toBe(false);
    expect(planSchema.safeParse(stored).success).toBe(true);
  });

  it('reads a membership with its terms and freezes', () => {
    const membership = membershipSchema.parse({
      id: 'sub_1',
      uid: 'alice',
      planId: 'unlimited',
      terms: { kind: 'unlimited', name: 'Unlimited', interval: 'month', dailyCap: 1 },
      source: 'stripe',
      status: 'active',
      startedAt: 1,
      freezes: { f1: { from: 10, until: 20, by: 'member', requestedAt: 5 } },
      updatedAt: 2,
    });
    expect(membership.freezes?.['f1']?.until).toBe(20);
    expect(membership.terms.dailyCap).toBe(1);
  });
});
