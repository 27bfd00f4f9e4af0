// The catalogue the plans components' tests show (a plan of each sold kind and a retired one),
// and the `watchPlans` that hands it over.
import type { Plan } from '@studio/core';
import type { Unsubscribe } from '../../lib/realtime';

export const PLANS: Record<string, Plan> = {
  daily: {
    kind: 'unlimited',
    name: 'Unlimited, one class a day',
    interval: 'month',
    price: 12900,
    currency: 'USD',
    dailyCap: 1,
    active: true,
    order: 1,
  },
  two: {
    kind: 'limited',
    name: 'Two classes a week',
    interval: 'month',
    price: 7900,
    currency: 'USD',
    limit: { count: 2, per: 'week' },
    active: true,
  },
  old: {
    kind: 'unlimited',
    name: 'Retired plan',
    interval: 'month',
    price: 9900,
    currency: 'USD',
    active: false,
  },
};

/** A plans api that serves `plans` at once. */
export function plansApi(plans: Record<string, Plan> = PLANS): {
  watchPlans: (onChange: (plans: Record<string, Plan>) => void) => Unsubscribe;
} {
  return {
    watchPlans: (onChange) => {
      onChange(plans);
      return () => undefined;
    },
  };
}
