/**
 * What a coach is paid for a class: a rate per coach and class type (or every type, `*`), from
 * its effective date on. A class pays `perClass`, plus each attendee at the per-head tier they
 * reach (the 1st, 2nd … attendee; a tier applies from its `from`-th head), plus `bonus.amount`
 * when more than `bonus.over` attended, and never less than `minimum`. Attendees are the
 * class's `attended` marks (guest seats included). The class is paid to whoever taught it: the
 * substitute when one was assigned.
 */
import { z } from 'zod';
import { currencySchema, epochMsSchema, keySchema } from '../schemas/common';
import { dateSchema } from '../time';
import type { DateString } from '../time';
import { ANY_EXERCISE, payRuleSchema } from './inputs';
import type { PayRule } from './inputs';

/** `CoachPayRates/{coachId}/{rateId}`: never changed; a new rate from a later date replaces it. */
export const coachPayRateSchema = z.object({
  exercise: keySchema,
  effectiveFrom: dateSchema,
  rule: payRuleSchema,
  currency: currencySchema,
  savedAt: epochMsSchema,
  savedBy: keySchema,
});
export type CoachPayRate = z.infer<typeof coachPayRateSchema>;

/** The head pay of `attendees`: each head at the highest tier whose `from` it reached. */
function headPay(rule: PayRule, attendees: number): number {
  const tiers = [...rule.perHead].sort((a, b) => a.from - b.from);
  let total = 0;
  for (let head = 1; head <= attendees; head++) {
    let amount = 0;
    for (const tier of tiers) if (tier.from <= head) amount = tier.amount;
    total += amount;
  }
  return total;
}

/** Cents for one class taught with `attendees` present. */
export function classPay(rule: PayRule, attendees: number): number {
  const bonus = rule.bonus !== undefined && attendees > rule.bonus.over ? rule.bonus.amount : 0;
  return Math.max(rule.minimum, rule.perClass + headPay(rule, attendees) + bonus);
}

/**
 * The rate for a class of `exercise` on `date`: of the coach's rates already in effect, one for
 * that class type before one for every type, the latest effective date first (a tie: the one
 * saved last).
 */
export function rateFor(
  rates: Readonly<Record<string, CoachPayRate>>,
  exercise: string,
  date: DateString,
): { rateId: string; rate: CoachPayRate } | null {
  const inEffect = Object.entries(rates).filter(([, rate]) => rate.effectiveFrom <= date);
  const pick = (entries: [string, CoachPayRate][]) =>
    entries.sort(
      ([, a], [, b]) => b.effectiveFrom.localeCompare(a.effectiveFrom) || b.savedAt - a.savedAt,
    )[0];
  const found =
    pick(inEffect.filter(([, rate]) => rate.exercise === exercise)) ??
    pick(inEffect.filter(([, rate]) => rate.exercise === ANY_EXERCISE));
  return found ? { rateId: found[0], rate: found[1] } : null;
}
