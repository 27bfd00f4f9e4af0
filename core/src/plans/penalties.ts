// What a late cancel or a no-show on a plan booking costs (docs/architecture/plans.md):
// the plan's own policy, as sold and shown at purchase and at booking. A fee is recorded here,
// in the member's transaction, and charged to the saved card by the functions afterwards; a
// block stops the plan from booking until it ends. Never anything the policy does not say.
import type { Membership, PlanFee, PlanPenalty } from '../schemas/plans';

const DAY_MS = 24 * 60 * 60 * 1000;

export type PenaltyReason = 'late-cancel' | 'no-show';

/** The fee's id comes from its cause, so one cause is charged once. */
export function penaltyFeeId(reason: PenaltyReason, bookingId: string): string {
  return `${reason === 'late-cancel' ? 'late' : 'noshow'}-${bookingId}`;
}

export function penaltyPolicy(
  membership: Membership,
  reason: PenaltyReason,
): PlanPenalty | undefined {
  return reason === 'late-cancel' ? membership.terms.lateCancel : membership.terms.noShow;
}

export interface PenaltyContext {
  /** The membership that paid for the booking: a policy applies only to its own bookings. */
  membershipId: string;
  bookingId: string;
  classId: string;
  nowMs: number;
  currency: string;
}

/** The plan after the penalty (a block), or the fee to charge; nothing when the policy has none. */
export function planPenalty(
  membership: Membership | undefined,
  reason: PenaltyReason,
  context: PenaltyContext,
): { membership?: Membership; planFees?: Record<string, PlanFee> } {
  if (!membership || membership.id !== context.membershipId) return {};
  const policy = penaltyPolicy(membership, reason);
  if (!policy) return {};
  const { nowMs } = context;
  if (policy.kind === 'block') {
    const until = nowMs + policy.days * DAY_MS;
    if ((membership.blockedUntil ?? 0) >= until) return {};
    return { membership: { ...membership, blockedUntil: until, updatedAt: nowMs } };
  }
  const fee: PlanFee = {
    reason,
    amount: policy.amount,
    currency: context.currency,
    membershipId: membership.id,
    classId: context.classId,
    bookingId: context.bookingId,
    status: 'pending',
    at: nowMs,
    updatedAt: nowMs,
  };
  return { planFees: { [penaltyFeeId(reason, context.bookingId)]: fee } };
}
