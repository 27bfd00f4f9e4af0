// Plan changes and cancellation (docs/architecture/plans.md): an upgrade applies at
// once (Stripe prorates it), a downgrade at the period's end; cancelling inside a commitment ends
// at the term's end, or at once for the studio's early-end fee. Pure.
import { DomainError } from '../errors';
import type { Membership, Plan } from '../schemas/plans';
import { formatDate } from '../time';
import { INTERVAL_DAYS } from './periods';

/** A plan's price per day, to compare plans billed weekly, monthly or yearly. */
export function dailyPrice(plan: Pick<Plan, 'price' | 'interval'>): number {
  return plan.price / INTERVAL_DAYS[plan.interval];
}

export type ChangeTiming = 'now' | 'period-end';

/**
 * When a move from `current` to `next` applies: a plan that costs as much or more a day is an
 * upgrade (now, prorated); a cheaper one is a downgrade (at the period's end, so nothing paid for
 * is lost). The same plan is refused, and so is a second change while one is booked.
 */
export function planChangeTiming(
  membership: Membership,
  current: Pick<Plan, 'price' | 'interval'>,
  nextPlanId: string,
  next: Pick<Plan, 'price' | 'interval' | 'active'>,
  timeZone: string,
): ChangeTiming | DomainError {
  if (membership.status === 'ended') return new DomainError('failed-precondition', 'noMembership');
  if (nextPlanId === membership.planId) return new DomainError('failed-precondition', 'samePlan');
  if (!next.active) return new DomainError('failed-precondition', 'planInactive');
  if (membership.pendingChange !== undefined)
    return new DomainError('failed-precondition', 'planChangePending', {
      plan: membership.pendingChange.name,
      date: formatDate(membership.pendingChange.at, timeZone),
    });
  return dailyPrice(next) >= dailyPrice(current) ? 'now' : 'period-end';
}

export interface CancellationTerms {
  /** When the plan stops if cancelled now without paying to leave early. */
  endsAt: number;
  /** Inside a commitment: its end (frozen days included). */
  commitmentEndsAt?: number;
  /** The studio's fee to end at the period's end instead (cents). */
  earlyEndFee?: number;
}

/**
 * What cancelling means today, shown before the member confirms: at the paid period's end, or
 * inside a commitment at the term's end (with the early-end fee to leave at the period's end,
 * when the studio sets one).
 */
export function cancellationTerms(membership: Membership, nowMs: number): CancellationTerms {
  const periodEnd = membership.periodEnd ?? nowMs;
  const commitment = membership.commitmentEndsAt;
  if (commitment === undefined || commitment <= periodEnd) return { endsAt: periodEnd };
  const terms: CancellationTerms = { endsAt: commitment, commitmentEndsAt: commitment };
  const fee = membership.terms.commitment?.earlyEndFee;
  if (fee !== undefined) terms.earlyEndFee = fee;
  return terms;
}

/**
 * An e-mail as one person: lower case, no `+tag`, and for Gmail no dots, so one person's
 * variations of their address count as one for an intro offer.
 */
export function personEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  const plus = local.indexOf('+');
  if (plus >= 0) local = local.slice(0, plus);
  if (domain === 'gmail.com') local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}
