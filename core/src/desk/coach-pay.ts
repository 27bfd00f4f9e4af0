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
import { ownValue } from '../keys';
import { ANY_EXERCISE, payRuleSchema } from './inputs';
import type { CoachPay, PayLine, PayRule } from './inputs';
import { teachingCoachId } from './teaching';

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

/** What the report reads of a class. */
export interface PaidClass {
  date: DateString;
  hour: string;
  startsAt: number;
  /** Minutes. */
  duration: number;
  exercise: string;
  coach: string;
  substitute?: string | undefined;
  /** Cancelled by the studio (the class's status or its roster's cancellation). */
  cancelled: boolean;
  /** `attended` marks on its roster, guest seats included. */
  attendees: number;
  title: string;
}

export interface PayReportRequest {
  classes: Readonly<Record<string, PaidClass>>;
  /** coachId → their rates. */
  rates: Readonly<Record<string, Readonly<Record<string, CoachPayRate>>>>;
  /** coachId → name. */
  names: Readonly<Record<string, string>>;
  from: DateString;
  to: DateString;
  /** One coach, or every coach who taught or was covered in the period. */
  coachId?: string | undefined;
  currency: string;
  nowMs: number;
}

/**
 * A pay period's report per coach: every class held between `from` and `to` (inclusive) that has
 * ended, paid to whoever taught it (`teachingCoachId`) at their rate for its class type on its
 * date. A class taught by a substitute counts as a substitution for them and as covered by others
 * for its own coach. Coaches by name; each coach's classes by start.
 */
export function payReport(request: PayReportRequest): CoachPay[] {
  const { classes, rates, names, from, to, nowMs } = request;
  const byCoach = new Map<string, CoachPay>();
  const coachPay = (coachId: string): CoachPay => {
    let pay = byCoach.get(coachId);
    if (pay === undefined) {
      pay = {
        coachId,
        name: ownValue(names, coachId) ?? coachId,
        lines: [],
        classes: 0,
        attendees: 0,
        substitutions: 0,
        coveredByOthers: 0,
        amount: 0,
        currency: request.currency,
      };
      byCoach.set(coachId, pay);
    }
    return pay;
  };
  const wanted = (coachId: string) => request.coachId === undefined || request.coachId === coachId;
  for (const [classId, cls] of Object.entries(classes)) {
    if (cls.cancelled || cls.date < from || cls.date > to) continue;
    if (cls.startsAt + cls.duration * 60_000 > nowMs) continue;
    const teacher = teachingCoachId(cls);
    const substitute = teacher !== cls.coach;
    if (substitute && wanted(cls.coach)) coachPay(cls.coach).coveredByOthers += 1;
    if (!wanted(teacher)) continue;
    const rate = rateFor(ownValue(rates, teacher) ?? {}, cls.exercise, cls.date);
    const amount = rate ? classPay(rate.rate.rule, cls.attendees) : 0;
    const pay = coachPay(teacher);
    const line: PayLine = {
      classId,
      date: cls.date,
      hour: cls.hour,
      exercise: cls.exercise,
      title: cls.title,
      attendees: cls.attendees,
      substitute,
      amount,
    };
    if (rate) line.rateId = rate.rateId;
    pay.lines.push(line);
    pay.classes += 1;
    pay.attendees += cls.attendees;
    if (substitute) pay.substitutions += 1;
    pay.amount += amount;
  }
  const startOf = (line: PayLine) => `${line.date} ${line.hour} ${line.classId}`;
  for (const pay of byCoach.values())
    pay.lines.sort((a, b) => startOf(a).localeCompare(startOf(b)));
  return [...byCoach.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.coachId.localeCompare(b.coachId),
  );
}
