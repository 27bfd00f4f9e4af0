// The plan catalogue the plan tests sell (functions/test/plans and the plans' payment chaos):
// inputs to `savePlan`, without the test bed, so any suite can import them.
import type { PlanInput } from '@studio/core';

export const DAILY: PlanInput = {
  kind: 'unlimited',
  name: 'Unlimited, one class a day',
  interval: 'month',
  price: 9900,
  currency: 'USD',
  dailyCap: 1,
  lateCancel: { kind: 'fee', amount: 1000 },
  noShow: { kind: 'block', days: 3 },
  active: true,
};

export const TWO_A_WEEK: PlanInput = {
  kind: 'limited',
  name: 'Two classes a week',
  interval: 'month',
  price: 6000,
  currency: 'USD',
  limit: { count: 2, per: 'week' },
  active: true,
};

export const INTRO_WEEK: PlanInput = {
  kind: 'unlimited',
  name: 'First week unlimited',
  interval: 'week',
  price: 4900,
  introPrice: 2900,
  introOffer: true,
  currency: 'USD',
  active: true,
};
