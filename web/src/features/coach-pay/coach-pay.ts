// The coach pay screen's model, pure so the rate form, the rate list and the CSV are unit-tested:
// what the screen shows and downloads is exactly what these return. Rates and the report come
// from the server (core/src/desk/coach-pay.ts; functions/src/handlers/desk/coach-pay.ts).
import { ANY_EXERCISE, MAX_PAY_TIERS, csvLine, rateFor, saveCoachPayRateInput } from '@studio/core';
import type {
  CoachPay,
  CoachPayRate,
  DateString,
  PayRule,
  SaveCoachPayRateInput,
} from '@studio/core';
import { centsToDecimal } from '../../lib/csv';

/** One per-head tier as typed: from the `from`-th attendee on, `amount` each. */
export interface TierDraft {
  from: string;
  amount: string;
}

/** The new-rate form as typed; amounts in the studio's currency ('20', '1.50'). */
export interface RateDraft {
  coachId: string;
  exercise: string;
  effectiveFrom: string;
  perClass: string;
  tiers: TierDraft[];
  /** Both blank: no bonus. */
  bonusOver: string;
  bonusAmount: string;
  minimum: string;
}

export type RateField =
  | 'coachId'
  | 'exercise'
  | 'effectiveFrom'
  | 'perClass'
  | 'bonusOver'
  | 'bonusAmount'
  | 'minimum'
  | `tierFrom${number}`
  | `tierAmount${number}`
  | 'tiers';

export type RateErrorKey =
  'required' | 'badAmount' | 'badCount' | 'badDate' | 'tierTwice' | 'bonusBoth' | 'tooManyTiers';

export type RateDraftResult =
  | { ok: true; input: SaveCoachPayRateInput }
  | { ok: false; errors: Partial<Record<RateField, RateErrorKey>> };

export function emptyDraft(today: DateString): RateDraft {
  return {
    coachId: '',
    exercise: ANY_EXERCISE,
    effectiveFrom: today,
    perClass: '',
    tiers: [],
    bonusOver: '',
    bonusAmount: '',
    minimum: '',
  };
}

/**
 * Money as typed, in cents: '20', '20.5', '1,50' (a decimal comma too), '$1,250.00' (thousands
 * with a point for decimals). Undefined for anything else, negatives and more than two decimals.
 */
export function amountToCents(text: string): number | undefined {
  let value = text.trim().replace(/^\$\s*/, '');
  if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(value)) value = value.replace(/,/g, '');
  else value = value.replace(/^(\d+),(\d{1,2})$/, '$1.$2');
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return undefined;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** A cents amount as the form shows it: '20', '1.50'. */
export function centsToTyped(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : centsToDecimal(cents);
}

function count(text: string): number | undefined {
  return /^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : undefined;
}

/** The form as `saveCoachPayRate`'s input, or each field's problem; checked by core's schema. */
export function rateDraftInput(draft: RateDraft): RateDraftResult {
  const errors: Partial<Record<RateField, RateErrorKey>> = {};
  const money = (field: RateField, text: string, required: boolean): number | undefined => {
    if (text.trim() === '') {
      if (required) errors[field] = 'required';
      return required ? undefined : 0;
    }
    const cents = amountToCents(text);
    if (cents === undefined) errors[field] = 'badAmount';
    return cents;
  };
  if (draft.coachId === '') errors.coachId = 'required';
  if (draft.exercise === '') errors.exercise = 'required';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.effectiveFrom)) errors.effectiveFrom = 'badDate';
  const perClass = money('perClass', draft.perClass, false);
  const minimum = money('minimum', draft.minimum, false);
  if (draft.tiers.length > MAX_PAY_TIERS) errors.tiers = 'tooManyTiers';
  const perHead: { from: number; amount: number }[] = [];
  const seen = new Set<number>();
  draft.tiers.forEach((tier, index) => {
    const from = count(tier.from);
    if (from === undefined || from < 1) errors[`tierFrom${index}`] = 'badCount';
    else if (seen.has(from)) errors[`tierFrom${index}`] = 'tierTwice';
    else seen.add(from);
    const amount = money(`tierAmount${index}`, tier.amount, true);
    if (from !== undefined && amount !== undefined) perHead.push({ from, amount });
  });
  let bonus: PayRule['bonus'];
  const overBlank = draft.bonusOver.trim() === '';
  const amountBlank = draft.bonusAmount.trim() === '';
  if (overBlank !== amountBlank) errors[overBlank ? 'bonusOver' : 'bonusAmount'] = 'bonusBoth';
  else if (!overBlank) {
    const over = count(draft.bonusOver);
    if (over === undefined) errors.bonusOver = 'badCount';
    const amount = money('bonusAmount', draft.bonusAmount, true);
    if (over !== undefined && amount !== undefined) bonus = { over, amount };
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = saveCoachPayRateInput.safeParse({
    coachId: draft.coachId,
    exercise: draft.exercise,
    effectiveFrom: draft.effectiveFrom,
    rule: {
      perClass,
      perHead: perHead.sort((a, b) => a.from - b.from),
      ...(bonus === undefined ? {} : { bonus }),
      minimum,
    },
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  // What the schema refuses beyond the checks above: amounts or counts past its bounds.
  for (const issue of parsed.error.issues) {
    const [first, second, third, fourth] = issue.path;
    if (first === 'effectiveFrom') errors.effectiveFrom = 'badDate';
    else if (first === 'coachId' || first === 'exercise') errors[first] = 'required';
    else if (second === 'perHead' && typeof third === 'number') {
      const field: RateField = fourth === 'from' ? `tierFrom${third}` : `tierAmount${third}`;
      errors[field] = 'badAmount';
    } else if (second === 'perHead') errors.tiers = 'tierTwice';
    else if (second === 'bonus')
      errors[third === 'over' ? 'bonusOver' : 'bonusAmount'] = 'badAmount';
    else if (second === 'perClass') errors.perClass = 'badAmount';
    else if (second === 'minimum') errors.minimum = 'badAmount';
  }
  return { ok: false, errors };
}

/** Where a rate stands on `today`: paid now, from a later date, or replaced by a later one. */
export type RateStanding = 'in-effect' | 'scheduled' | 'replaced';

export interface RateRow {
  coachId: string;
  coachName: string;
  rateId: string;
  rate: CoachPayRate;
  standing: RateStanding;
}

/**
 * Every stored rate, by coach name, then class type (every type first), the latest date first;
 * each with its standing on `today`: for its coach and class type the one `rateFor` picks today is
 * in effect, one from a later date is scheduled, any other was replaced.
 */
export function rateRows(
  rates: Readonly<Record<string, Readonly<Record<string, CoachPayRate>>>>,
  coachNames: Readonly<Record<string, string>>,
  today: DateString,
): RateRow[] {
  const rows: RateRow[] = [];
  for (const [coachId, byId] of Object.entries(rates)) {
    const coachName = coachNames[coachId] ?? coachId;
    for (const [rateId, rate] of Object.entries(byId)) {
      const sameType = Object.fromEntries(
        Object.entries(byId).filter(([, other]) => other.exercise === rate.exercise),
      );
      const current = rateFor(sameType, rate.exercise, today);
      const standing: RateStanding =
        rate.effectiveFrom > today
          ? 'scheduled'
          : current?.rateId === rateId
            ? 'in-effect'
            : 'replaced';
      rows.push({ coachId, coachName, rateId, rate, standing });
    }
  }
  const typeOrder = (exercise: string) => (exercise === ANY_EXERCISE ? '' : exercise);
  return rows.sort(
    (a, b) =>
      a.coachName.localeCompare(b.coachName) ||
      a.coachId.localeCompare(b.coachId) ||
      typeOrder(a.rate.exercise).localeCompare(typeOrder(b.rate.exercise)) ||
      b.rate.effectiveFrom.localeCompare(a.rate.effectiveFrom) ||
      b.rate.savedAt - a.rate.savedAt,
  );
}

/** The words a rule is read in; `money` formats cents. */
export interface RuleWords {
  perClass: (params: { amount: string }) => string;
  perHead: (params: { amount: string }) => string;
  perHeadFrom: (params: { amount: string; from: number }) => string;
  bonus: (params: { amount: string; over: number }) => string;
  minimum: (params: { amount: string }) => string;
  nothing: () => string;
}

/** A rule as a studio owner says it: "$20 a class · $1.50 a head, $3 from the 10th · …". */
export function ruleParts(rule: PayRule, money: (cents: number) => string, words: RuleWords) {
  const parts: string[] = [];
  if (rule.perClass > 0) parts.push(words.perClass({ amount: money(rule.perClass) }));
  for (const tier of [...rule.perHead].sort((a, b) => a.from - b.from))
    parts.push(
      tier.from === 1
        ? words.perHead({ amount: money(tier.amount) })
        : words.perHeadFrom({ amount: money(tier.amount), from: tier.from }),
    );
  if (rule.bonus !== undefined)
    parts.push(words.bonus({ amount: money(rule.bonus.amount), over: rule.bonus.over }));
  if (rule.minimum > 0) parts.push(words.minimum({ amount: money(rule.minimum) }));
  return parts.length > 0 ? parts : [words.nothing()];
}

export const PAY_CSV_HEADER = [
  'coach_id',
  'coach',
  'date',
  'hour',
  'class_id',
  'class',
  'class_type',
  'attendees',
  'substitute',
  'amount',
  'currency',
  'rate_id',
] as const;

/**
 * The report as CSV, one line per class taught (totals are their sums): the stored forms
 * (`yyyy-MM-dd`, `HH:mm`, money as a plain decimal) a spreadsheet sorts and adds; the names
 * people typed (coach, class) made safe against formulas.
 */
export function payReportCsv(coaches: readonly CoachPay[]): string {
  const typed = PAY_CSV_HEADER.map((column) => column === 'coach' || column === 'class');
  const lines = coaches.flatMap((pay) =>
    pay.lines.map((line) =>
      csvLine(
        [
          pay.coachId,
          pay.name,
          line.date,
          line.hour,
          line.classId,
          line.title,
          line.exercise,
          line.attendees,
          line.substitute ? 'yes' : 'no',
          centsToDecimal(line.amount),
          pay.currency,
          line.rateId,
        ],
        typed,
      ),
    ),
  );
  return csvLine(PAY_CSV_HEADER) + lines.join('');
}

/** The period's totals over every coach shown. */
export function reportTotals(coaches: readonly CoachPay[]) {
  return coaches.reduce(
    (sum, pay) => ({
      classes: sum.classes + pay.classes,
      attendees: sum.attendees + pay.attendees,
      substitutions: sum.substitutions + pay.substitutions,
      amount: sum.amount + pay.amount,
    }),
    { classes: 0, attendees: 0, substitutions: 0, amount: 0 },
  );
}
