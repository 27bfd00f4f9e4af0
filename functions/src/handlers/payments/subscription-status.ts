import { parseStored, paths, stripeSubscriptionSchema } from '@studio/core';
import type { StripeSubscription } from '@studio/core';
import { uidForCustomer } from './customers';
import type { PaymentDeps } from './deps';
import { notifyMember } from './notify';
import {
  cancelDuplicateSubscription,
  holdSubscription,
  releaseSubscription,
} from './subscription-claims';
import { ignored, processed } from './outcome';
import type { EventOutcome } from './outcome';
import { currentPeriod, uidFromMetadata } from './stripe-objects';
import type { SubscriptionObject } from './stripe-objects';

/**
 * Statuses in which the member keeps the plan. `past_due` is the grace period while Stripe retries
 * the card (the member was told by `invoice.payment_failed`); `unpaid`, `canceled` and
 * `incomplete_expired` end it (final failure or cancellation).
 */
const ACTIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);
const TERMINAL_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

export function isActiveStatus(status: string): boolean {
  return ACTIVE_STATUSES.has(status);
}

/**
 * Whether an event's status replaces the stored one: only a newer event does (events arrive out
 * of order). Within one second, a terminal status wins, since nothing follows a cancellation.
 */
function replaces(stored: StripeSubscription, status: string, eventCreated: number): boolean {
  if (eventCreated !== stored.eventCreated) return eventCreated > stored.eventCreated;
  return !TERMINAL_STATUSES.has(stored.status) || TERMINAL_STATUSES.has(status);
}

/**
 * Records a subscription's status from an event (or a re-fetch) and brings the member's
 * `activeSuscription`/`activeSuscriptionId` in line with the newest status known.
 */
export async function applySubscriptionState(
  deps: PaymentDeps,
  subscription: SubscriptionObject,
  eventCreated: number,
): Promise<EventOutcome> {
  const { db, now } = deps;
  const uid =
    uidFromMetadata(subscription.metadata) ?? (await uidForCustomer(deps, subscription.customer));
  if (uid === undefined) return ignored(`no member for subscription ${subscription.id}`);

  const path = paths.stripeSubscription(subscription.id);
  const period = currentPeriod(subscription);
  const next: StripeSubscription = {
    uid,
    customerId: subscription.customer,
    status: subscription.status,
    eventCreated,
  };
  if (period) next.currentPeriodEnd = period.end * 1000;
  if (subscription.cancel_at_period_end !== undefined)
    next.cancelAtPeriodEnd = subscription.cancel_at_period_end;

  const { snapshot } = await db.ref(path).transaction((current: unknown) => {
    const stored = stripeSubscriptionSchema.safeParse(current);
    if (stored.success && !replaces(stored.data, subscription.status, eventCreated)) return current;
    return next;
  });
  const winner = parseStored(stripeSubscriptionSchema, snapshot.val(), path);
  if (isActiveStatus(winner.status) && !(await holdSubscription(deps, uid, subscription.id))) {
    // The member's claim is held by another live subscription: this one is a second, paid
    // through a race on Stripe's side. It is cancelled and refunded, and never becomes the
    // member's subscription (its own cancellation event then leaves the flags alone).
    await cancelDuplicateSubscription(deps, uid, subscription.id);
    return processed(`duplicate subscription ${subscription.id} cancelled and refunded`);
  }
  if (!isActiveStatus(winner.status)) await releaseSubscription(deps, uid, subscription.id);
  await syncMemberFlags(deps, subscription.id, winner, now());
  return processed(`status ${winner.status}`);
}

async function syncMemberFlags(
  { db }: PaymentDeps,
  subscriptionId: string,
  subscription: StripeSubscription,
  now: number,
): Promise<void> {
  const { uid } = subscription;
  if (isActiveStatus(subscription.status)) {
    await db.ref(paths.user(uid)).update({
      activeSuscription: true,
      activeSuscriptionId: subscriptionId,
    });
    return;
  }
  const currentId: unknown = (
    await db.ref(paths.userField(uid, 'activeSuscriptionId')).get()
  ).val();
  // Another, newer subscription of the same member stays as it is.
  if (currentId !== null && currentId !== subscriptionId) return;
  await db.ref(paths.user(uid)).update({ activeSuscription: false, activeSuscriptionId: null });
  await notifyMember(
    db,
    uid,
    `subscription-ended-${subscriptionId}`,
    'subscription-ended',
    'notifSubscriptionEnded',
    {},
    now,
  );
}
