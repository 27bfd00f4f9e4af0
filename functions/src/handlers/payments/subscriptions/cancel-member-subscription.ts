import Stripe from 'stripe';
import { DomainError, membershipSchema, paths } from '@studio/core';
import type { AuditEntry, CallableResult, CancelMemberSubscriptionInput } from '@studio/core';
import { newId } from '../../../engine';
import { changeMembership } from '../../plans/memberships';
import type { PaymentDeps } from '../deps';

export interface CancelMemberSubscriptionCommand extends CancelMemberSubscriptionInput {
  /** The admin cancelling. */
  by: string;
}

/**
 * `cancelMemberSubscription` (admins): cancels a member's monthly plan through Stripe,
 * at the end of the paid period (`cancel_at_period_end`) or at once, and audits it. The member's
 * flags and plan state follow from the webhook events Stripe sends for the change, the one path
 * every subscription change takes. `cancelAt` is when the plan stops (ms; `null` = now).
 * A plan without a Stripe subscription (a gift, cash or imported one) can only end now: the
 * membership is ended in a transaction and the result names it (`subscriptionId` = its id).
 */
export async function cancelMemberSubscription(
  deps: PaymentDeps,
  { by, uid, when, reason }: CancelMemberSubscriptionCommand,
): Promise<CallableResult<'cancelMemberSubscription'>> {
  const { db, stripe, now } = deps;
  const user = await db.ref(paths.user(uid)).get();
  if (!user.exists()) throw new DomainError('not-found', 'userNotFound', { uid });
  const subscriptionId: unknown = user.child('activeSuscriptionId').val();
  if (typeof subscriptionId !== 'string' || user.child('activeSuscription').val() !== true)
    return endOtherMembership(deps, { by, uid, when, reason });

  let subscription: Stripe.Subscription;
  try {
    subscription =
      when === 'now'
        ? await stripe.subscriptions.cancel(subscriptionId, {
            cancellation_details: { comment: reason },
          })
        : await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
  } catch (error) {
    // Already cancelled at Stripe (its webhook has not reached us yet), or unknown there.
    if (error instanceof Stripe.errors.StripeInvalidRequestError)
      throw new DomainError('failed-precondition', 'noSubscription');
    throw error;
  }
  const periodEnd = subscription.items.data[0]?.current_period_end;
  const cancelAt = when === 'now' || periodEnd === undefined ? null : periodEnd * 1000;

  const auditId = newId(db);
  const audit: AuditEntry = {
    at: now(),
    by,
    action: 'cancelMemberSubscription',
    target: uid,
    details: { subscriptionId, when, reason, cancelAt },
  };
  await db.ref(paths.auditEntry(auditId)).set(audit);
  return { subscriptionId, cancelAt };
}

/** Ends a gift, cash or imported plan now; one that ends by Stripe or has ended is refused. */
async function endOtherMembership(
  deps: PaymentDeps,
  { by, uid, when, reason }: CancelMemberSubscriptionCommand,
): Promise<CallableResult<'cancelMemberSubscription'>> {
  const { db, now } = deps;
  const stored = membershipSchema.safeParse((await db.ref(paths.membership(uid)).get()).val());
  const held = stored.success ? stored.data : undefined;
  if (held === undefined || held.source === 'stripe' || held.status === 'ended')
    throw new DomainError('failed-precondition', 'noSubscription');
  if (when !== 'now') throw new DomainError('failed-precondition', 'planEndsNowOnly');
  const at = now();
  const ended = await changeMembership(db, uid, (current) =>
    current?.id === held.id && current.status !== 'ended'
      ? { ...current, status: 'ended', endedAt: at, updatedAt: at }
      : undefined,
  );
  if (ended?.id !== held.id || ended.status !== 'ended')
    throw new DomainError('failed-precondition', 'noSubscription');
  const audit: AuditEntry = {
    at,
    by,
    action: 'cancelMemberSubscription',
    target: uid,
    details: { membershipId: held.id, source: held.source, when, reason, cancelAt: null },
  };
  await db.ref(paths.auditEntry(newId(db))).set(audit);
  return { subscriptionId: held.id, cancelAt: null };
}
