import { describe, expect, it } from 'vitest';
import { planStateOf, planStatusOf } from './plan-state';

describe('planStatusOf', () => {
  it.each([
    ['active', false, 'active'],
    ['trialing', undefined, 'active'],
    ['active', true, 'cancelling'],
    ['past_due', false, 'past-due'],
    ['past_due', true, 'past-due'],
    ['unpaid', false, 'ended'],
    ['canceled', true, 'ended'],
    ['incomplete_expired', false, 'ended'],
    // A frozen plan (Stripe's pause): still the member's, running again when the freeze ends.
    ['paused', false, 'active'],
  ] as const)('%s with cancelAtPeriodEnd %s is %s', (status, cancelAtPeriodEnd, expected) => {
    expect(planStatusOf({ status, cancelAtPeriodEnd })).toBe(expected);
  });
});

describe('planStateOf', () => {
  it('carries the period end as the date a cancelling plan stops', () => {
    expect(
      planStateOf(
        'sub_1',
        { status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: 1_800_000_000_000 },
        5,
      ),
    ).toEqual({
      subscriptionId: 'sub_1',
      status: 'cancelling',
      periodEnd: 1_800_000_000_000,
      updatedAt: 5,
    });
  });

  it('leaves the period end out when Stripe did not give one', () => {
    expect(planStateOf('sub_1', { status: 'canceled' }, 5)).toEqual({
      subscriptionId: 'sub_1',
      status: 'ended',
      updatedAt: 5,
    });
  });
});
