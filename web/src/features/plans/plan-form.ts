// The plan editor's fields as text, and the plan they make (pure, table-tested): money typed in
// major units becomes cents, empty optional fields drop out, and each kind keeps only its own
// allowance. The server checks the result again with the same schema (planInputSchema).
import type { Plan, PlanInput } from '@studio/core';
import { planInputSchema } from '@studio/core';

export interface PlanForm {
  kind: 'unlimited' | 'limited' | 'credits';
  name: string;
  description: string;
  interval: 'week' | 'month' | 'year';
  price: string;
  introPrice: string;
  introOffer: boolean;
  dailyCap: string;
  limitCount: string;
  limitPer: 'week' | 'month';
  credits: string;
  commitment: string;
  earlyEndFee: string;
  lateFee: string;
  noShowBlock: string;
  guestSeats: boolean;
  active: boolean;
}

export const EMPTY_PLAN_FORM: PlanForm = {
  kind: 'unlimited',
  name: '',
  description: '',
  interval: 'month',
  price: '',
  introPrice: '',
  introOffer: false,
  dailyCap: '',
  limitCount: '2',
  limitPer: 'week',
  credits: '8',
  commitment: '',
  earlyEndFee: '',
  lateFee: '',
  noShowBlock: '',
  guestSeats: false,
  active: true,
};

const cents = (major: number): string => (major / 100).toFixed(2).replace(/\.00$/, '');

/** A stored plan in the editor. */
export function formOf(plan: Plan): PlanForm {
  return {
    kind: plan.kind,
    name: plan.name,
    description: plan.description ?? '',
    interval: plan.interval,
    price: cents(plan.priceChange?.price ?? plan.price),
    introPrice: plan.introPrice === undefined ? '' : cents(plan.introPrice),
    introOffer: plan.introOffer === true,
    dailyCap: plan.dailyCap === undefined ? '' : String(plan.dailyCap),
    limitCount: String(plan.limit?.count ?? 2),
    limitPer: plan.limit?.per ?? 'week',
    credits: String(plan.credits ?? 8),
    commitment: plan.commitment === undefined ? '' : String(plan.commitment.periods),
    earlyEndFee:
      plan.commitment?.earlyEndFee === undefined ? '' : cents(plan.commitment.earlyEndFee),
    lateFee: plan.lateCancel?.kind === 'fee' ? cents(plan.lateCancel.amount) : '',
    noShowBlock: plan.noShow?.kind === 'block' ? String(plan.noShow.days) : '',
    guestSeats: plan.guestSeats === true,
    active: plan.active,
  };
}

/** Major units typed ("129", "12.50") as cents; empty stays absent; anything else is NaN. */
function toCents(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d+(\.\d{1,2})?$/.test(trimmed) ? Math.round(Number(trimmed) * 100) : Number.NaN;
}

function toInt(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Where each of the schema's paths is typed in the form. */
const FIELD_OF_PATH: Readonly<Record<string, keyof PlanForm>> = {
  limit: 'limitCount',
  'limit.count': 'limitCount',
  'limit.per': 'limitPer',
  'commitment.periods': 'commitment',
  'commitment.earlyEndFee': 'earlyEndFee',
  'lateCancel.amount': 'lateFee',
  'noShow.days': 'noShowBlock',
  commitment: 'commitment',
  lateCancel: 'lateFee',
  noShow: 'noShowBlock',
};

/** The form field of a schema path; the plan as a whole (a rule across fields) is its kind. */
function fieldOf(path: readonly PropertyKey[]): keyof PlanForm {
  const joined = path.map(String).join('.');
  const first = String(path[0] ?? 'kind');
  const field = FIELD_OF_PATH[joined] ?? FIELD_OF_PATH[first] ?? first;
  return field in EMPTY_PLAN_FORM ? (field as keyof PlanForm) : 'kind';
}

/** The plan the form means, or the fields the schema refused (the editor marks them). */
export function planFromForm(
  form: PlanForm,
  currency: string,
): { ok: true; plan: PlanInput } | { ok: false; fields: (keyof PlanForm)[] } {
  const commitment = toInt(form.commitment);
  const earlyEndFee = toCents(form.earlyEndFee);
  const lateFee = toCents(form.lateFee);
  const noShowBlock = toInt(form.noShowBlock);
  const candidate = {
    kind: form.kind,
    name: form.name,
    ...(form.description.trim() ? { description: form.description } : {}),
    interval: form.interval,
    price: toCents(form.price),
    currency,
    ...(toCents(form.introPrice) !== undefined ? { introPrice: toCents(form.introPrice) } : {}),
    ...(form.introOffer ? { introOffer: true } : {}),
    ...(form.kind === 'unlimited' && toInt(form.dailyCap) !== undefined
      ? { dailyCap: toInt(form.dailyCap) }
      : {}),
    ...(form.kind === 'limited'
      ? { limit: { count: toInt(form.limitCount), per: form.limitPer } }
      : {}),
    ...(form.kind === 'credits' ? { credits: toInt(form.credits) } : {}),
    ...(commitment !== undefined
      ? {
          commitment: {
            periods: commitment,
            ...(earlyEndFee !== undefined ? { earlyEndFee } : {}),
          },
        }
      : {}),
    ...(lateFee !== undefined ? { lateCancel: { kind: 'fee', amount: lateFee } } : {}),
    ...(noShowBlock !== undefined ? { noShow: { kind: 'block', days: noShowBlock } } : {}),
    ...(form.guestSeats ? { guestSeats: true } : {}),
    active: form.active,
  };
  const parsed = planInputSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, plan: parsed.data };
  return {
    ok: false,
    fields: [...new Set(parsed.error.issues.map((issue) => fieldOf(issue.path)))],
  };
}
