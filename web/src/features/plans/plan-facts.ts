// What a plan gives and costs, as lines of text a person reads before buying (pure: the keys and
// their values; the components translate). The policy lines are shown at purchase and on the
// profile, so a late-cancel fee is never a surprise (docs/architecture/plans.md).
import type { MessageParams, Plan, PlanPenalty, PlanTerms } from '@studio/core';
import type { PlansKey } from './plans-messages';

export interface Line {
  key: PlansKey;
  params?: MessageParams;
}

/** How much of the studio the plan gives. */
export function allowanceLine(terms: PlanTerms): Line {
  switch (terms.kind) {
    case 'unlimited':
      return terms.dailyCap === undefined
        ? { key: 'allowanceUnlimited' }
        : { key: 'allowanceDaily', params: { count: terms.dailyCap } };
    case 'limited':
      return {
        key: 'allowanceLimited',
        params: { count: terms.limit?.count ?? 0, per: terms.limit?.per ?? 'week' },
      };
    case 'credits':
      return {
        key: 'allowanceCredits',
        params: { count: terms.credits ?? 0, interval: terms.interval },
      };
  }
}

function penaltyLine(
  penalty: PlanPenalty,
  which: 'late' | 'noShow',
  money: (cents: number) => string,
): Line {
  if (penalty.kind === 'fee')
    return {
      key: which === 'late' ? 'lateFee' : 'noShowFee',
      params: { fee: money(penalty.amount) },
    };
  return { key: which === 'late' ? 'lateBlock' : 'noShowBlock', params: { days: penalty.days } };
}

/** The plan's rules in full: commitment, late-cancel and no-show policy, coverage, guests. */
export function policyLines(terms: PlanTerms, money: (cents: number) => string): Line[] {
  const lines: Line[] = [];
  if (terms.commitment !== undefined) {
    lines.push({
      key: 'commitment',
      params: { count: terms.commitment.periods, interval: terms.interval },
    });
    if (terms.commitment.earlyEndFee !== undefined)
      lines.push({ key: 'commitmentFee', params: { fee: money(terms.commitment.earlyEndFee) } });
  }
  if (terms.lateCancel !== undefined) lines.push(penaltyLine(terms.lateCancel, 'late', money));
  if (terms.noShow !== undefined) lines.push(penaltyLine(terms.noShow, 'noShow', money));
  const covers = terms.covers;
  if ((covers?.exercises?.length ?? 0) > 0 || (covers?.branches?.length ?? 0) > 0)
    lines.push({ key: 'coversSome' });
  if (terms.guestSeats === true) lines.push({ key: 'guestsIncluded' });
  return lines;
}

/** The price lines: the regular price per period, and the first period's intro price. */
export function priceLines(plan: Plan, money: (cents: number) => string): Line[] {
  const lines: Line[] = [
    { key: 'pricePer', params: { price: money(plan.price), interval: plan.interval } },
  ];
  if (plan.introPrice !== undefined)
    lines.unshift({
      key: 'introPrice',
      params: { price: money(plan.introPrice), interval: plan.interval },
    });
  return lines;
}

/** Every plan in the studio's order (then by price): the admins' catalogue. */
export function plansInOrder(plans: Readonly<Record<string, Plan>>): [string, Plan][] {
  return Object.entries(plans).sort(
    ([, a], [, b]) => (a.order ?? 1000) - (b.order ?? 1000) || a.price - b.price,
  );
}

/** The plans on sale, in the studio's order (then by price). */
export function plansOnSale(plans: Readonly<Record<string, Plan>>): [string, Plan][] {
  return plansInOrder(plans).filter(([, plan]) => plan.active);
}
