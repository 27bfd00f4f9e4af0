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

/** The plan the form means, or the schema's issues (what the editor shows under the form). */
export function planFromForm(
  form: PlanForm,
  currency: string,
): { ok: true; plan: PlanInput } | { ok: false; issues: string } {
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
    issues: parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'plan'}: ${issue.message}`)
      .join('; '),
  };
}
