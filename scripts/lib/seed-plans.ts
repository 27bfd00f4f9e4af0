// The demo studio's membership plans (docs/architecture/plans.md): one of each kind, among them
// "Unlimited, one class a day", and a first-week intro offer. Their Stripe product and price are
// made at the first checkout (ensurePlanPrice), so the seed needs no Stripe. Every plan parses
// with core's schema; the seed writes them with the rest of the catalogue.
import { paths, planSchema } from '@studio/core';
import type { Plan } from '@studio/core';

/** The plan ids the journeys and the screenshots name. */
export const DEMO_PLAN_IDS = {
  daily: 'unlimited-daily',
  twoAWeek: 'two-a-week',
  credits: 'eight-credits',
  intro: 'first-week',
} as const;

export function demoPlans(): Record<string, Plan> {
  const plans: Record<string, unknown> = {
    [DEMO_PLAN_IDS.daily]: {
      kind: 'unlimited',
      name: 'Unlimited, one class a day',
      description: 'Every class type, any day you like.',
      interval: 'month',
      price: 12900,
      currency: 'USD',
      dailyCap: 1,
      lateCancel: { kind: 'fee', amount: 1000 },
      noShow: { kind: 'block', days: 3 },
      active: true,
      order: 1,
    },
    [DEMO_PLAN_IDS.twoAWeek]: {
      kind: 'limited',
      name: 'Two classes a week',
      description: 'A steady habit: two classes every week, Monday to Sunday.',
      interval: 'month',
      price: 7900,
      currency: 'USD',
      limit: { count: 2, per: 'week' },
      commitment: { periods: 6, earlyEndFee: 4000 },
      lateCancel: { kind: 'block', days: 2 },
      active: true,
      order: 2,
    },
    [DEMO_PLAN_IDS.credits]: {
      kind: 'credits',
      name: 'Eight credits a month',
      description: 'Eight class credits every month, valid 30 days each.',
      interval: 'month',
      price: 9900,
      currency: 'USD',
      credits: 8,
      active: true,
      order: 3,
    },
    [DEMO_PLAN_IDS.intro]: {
      kind: 'unlimited',
      name: 'First week unlimited',
      description: 'New here? Try every class for a week.',
      interval: 'week',
      price: 4900,
      introPrice: 2900,
      introOffer: true,
      currency: 'USD',
      active: true,
      order: 0,
    },
  };
  return Object.fromEntries(
    Object.entries(plans).map(([planId, plan]) => [planId, planSchema.parse(plan)]),
  );
}

/**
 * The catalogue's plans as seed updates (the whole `Plans` node), and no memberships, intro
 * claims, bulk freezes or queued fees left from before (the demo members start without a plan).
 */
export function demoPlanUpdates(): Record<string, unknown> {
  return {
    [paths.plans()]: JSON.parse(JSON.stringify(demoPlans())) as unknown,
    [paths.memberships()]: null,
    [paths.bulkFreezes()]: null,
    [paths.planFeeQueue()]: null,
    [paths.introClaims()]: null,
  };
}
