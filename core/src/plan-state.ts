// The member's monthly plan as the app shows it: active, cancelling on a date, past due
// (the card failed; Stripe retries) or ended. The webhook mirrors it from Stripe's subscription
// status into `Users/{uid}/plan-state`, the one place the member can read it live; this file is
// the pure part (which status means what), unit-tested without a database.
import { z } from 'zod';
import { epochMsSchema, keySchema } from './schemas/common';
import type { StripeSubscription } from './schemas/payments';

export const PLAN_STATUSES = ['active', 'cancelling', 'past-due', 'ended'] as const;
export const planStatusSchema = z.enum(PLAN_STATUSES);
export type PlanStatus = z.infer<typeof planStatusSchema>;

/** `Users/{uid}/plan-state` (functions only). */
export const planStateSchema = z.object({
  subscriptionId: keySchema,
  status: planStatusSchema,
  /** End of the paid period: the renewal date, or the date a cancelling plan stops. */
  periodEnd: epochMsSchema.optional(),
  updatedAt: epochMsSchema,
});
export type PlanState = z.infer<typeof planStateSchema>;

/**
 * Stripe statuses that still give the member the plan, minus `past_due` (shown on its own). A
 * `paused` subscription is a frozen membership plan: it runs again when the freeze ends.
 */
const RUNNING: ReadonlySet<string> = new Set(['active', 'trialing', 'paused']);

/**
 * What a Stripe subscription status means to the member. `unpaid` (Stripe gave up retrying),
 * `canceled`, `incomplete_expired` and anything unknown end the plan; a running plan set to
 * cancel at the period's end is `cancelling` until then.
 */
export function planStatusOf(
  subscription: Pick<StripeSubscription, 'status' | 'cancelAtPeriodEnd'>,
): PlanStatus {
  if (subscription.status === 'past_due') return 'past-due';
  if (!RUNNING.has(subscription.status)) return 'ended';
  return subscription.cancelAtPeriodEnd === true ? 'cancelling' : 'active';
}

/** The mirror written for the member from the stored subscription. */
export function planStateOf(
  subscriptionId: string,
  subscription: Pick<StripeSubscription, 'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd'>,
  nowMs: number,
): PlanState {
  const state: PlanState = {
    subscriptionId,
    status: planStatusOf(subscription),
    updatedAt: nowMs,
  };
  if (subscription.currentPeriodEnd !== undefined) state.periodEnd = subscription.currentPeriodEnd;
  return state;
}
