// Plan changes and cancellation (docs/architecture/plans.md): an upgrade applies at
// once (Stripe prorates it), a downgrade at the period's end (`changeTiming`); cancelling inside a commitment ends
// at the term's end, or at once for the studio's early-end fee. Pure.
import { DomainError } from '../errors';
import type { Membership, Plan } from '../schemas/plans';
import { formatDate } from '../time';
import { INTERVAL_DAYS } from './periods';

export type ChangeTiming = 'now' | 'period-end';

/**
 * When a move from `current` to `next` applies, the rule Stripe's customer portal is configured
 * with (`schedule_at_period_end`: `decreasing_item_amount`, `shortening_interval`), so a change
 * made in the app and one made in the portal land alike: a plan that costs less per period, or
 * bills more often, waits for the period's end (nothing paid for is lost); any other applies now,
 * with the rest of the period prorated.
 */
export function changeTiming(
  current: Pick<Plan, 'price' | 'interval'>,
  next: Pick<Plan, 'price' | 'interval'>,
): ChangeTiming {
  if (next.price < current.price) return 'period-end';
  if (INTERVAL_DAYS[next.interval] < INTERVAL_DAYS[current.interval]) return 'period-end';
  return 'now';
}

/**
 * When a move from `current` to `next` applies (`changeTiming`). The same plan is refused, and so
 * are a plan off sale, a first-timer's intro offer and a second change while one is booked.
 */
export function planChangeTiming(
  membership: Membership,
  current: Pick<Plan, 'price' | 'interval'>,
  nextPlanId: string,
  next: Pick<Plan, 'price' | 'interval' | 'active' | 'introOffer'>,
  timeZone: string,
): ChangeTiming | DomainError {
  if (membership.status === 'ended') return new DomainError('failed-precondition', 'noMembership');
  if (nextPlanId === membership.planId) return new DomainError('failed-precondition', 'samePlan');
  if (!next.active) return new DomainError('failed-precondition', 'planInactive');
  // An intro offer is for members who never bought before: one who holds a plan has.
  if (next.introOffer === true) return new DomainError('failed-precondition', 'introAlreadyUsed');
  if (membership.pendingChange !== undefined)
    return new DomainError('failed-precondition', 'planChangePending', {
      plan: membership.pendingChange.name,
      date: formatDate(membership.pendingChange.at, timeZone),
    });
  return changeTiming(current, next);
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
