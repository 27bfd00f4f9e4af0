import Stripe from 'stripe';
import { parseStored, paths, planStateOf, stripeSubscriptionSchema } from '@studio/core';
import type { StripeSubscription } from '@studio/core';
import { applyPlanSubscription, isPlanSubscription } from '../../plans/plan-subscriptions';
import { setFields } from '../../../engine';
import { uidForCustomer } from '../customers';
import type { PaymentDeps } from '../deps';
import { mailSubscriptionEnded } from '../mails';
import { notifyMember } from '../notify';
import {
  cancelDuplicateSubscription,
  holdSubscription,
  releaseSubscription,
} from './subscription-claims';
import { ignored, processed } from '../outcome';
import type { EventOutcome } from '../outcome';
import { currentPeriod, subscriptionSchema, uidFromMetadata } from '../stripe-objects';
import type { InvoiceObject, SubscriptionObject } from '../stripe-objects';

/**
 * Statuses in which the member keeps the plan. `past_due` is the grace period while Stripe retries
 * the card (the member was told by `invoice.payment_failed`); `unpaid`, `canceled` and
 * `incomplete_expired` end it (final failure or cancellation). `paused` is a frozen plan
 * (docs/architecture/plans.md): still the member's.
 */
const ACTIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due', 'paused']);
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

/** The subscription as Stripe holds it now, or undefined when Stripe no longer knows it. */
async function retrieveSubscription(deps: PaymentDeps, id: string): Promise<unknown> {
  try {
    return await deps.stripe.subscriptions.retrieve(id);
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError &&
      error.code === 'resource_missing'
    )
      return undefined;
    throw error;
  }
}

/**
 * Records a subscription's status from an event (or a re-fetch) and brings the member's
 * `activeSuscription`/`activeSuscriptionId` and a plan's membership in line with the newest
 * state known. Stripe's `created` counts seconds: an event of the same second as the one last
 * applied may be older or newer, so on that tie Stripe's current subscription is applied.
 */
export async function applySubscriptionState(
  deps: PaymentDeps,
  event: SubscriptionObject,
  eventCreated: number,
): Promise<EventOutcome> {
  const { db, now } = deps;
  let subscription = event;
  const known = stripeSubscriptionSchema.safeParse(
    (await db.ref(paths.stripeSubscription(event.id)).get()).val(),
  );
  if (known.success && known.data.eventCreated === eventCreated) {
    const current = await retrieveSubscription(deps, event.id);
    if (current !== undefined) subscription = subscriptionSchema.parse(current);
  }
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

  const { snapshot } = await db.ref(path).transaction(
    (current: unknown) => {
      const stored = stripeSubscriptionSchema.safeParse(current);
      if (stored.success && !replaces(stored.data, subscription.status, eventCreated))
        return current;
      return next;
    },
    undefined,
    false,
  );
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
  if (isPlanSubscription(subscription.metadata))
    await applyPlanSubscription(deps, uid, subscription, eventCreated);
  return processed(`status ${winner.status}`);
}

async function syncMemberFlags(
  { db }: PaymentDeps,
  subscriptionId: string,
  subscription: StripeSubscription,
  now: number,
): Promise<void> {
  const { uid } = subscription;
  // What the member sees of the plan (active, cancelling on a date, past due, ended), written
  // with the flags so the app never shows one without the other.
  const planState = planStateOf(subscriptionId, subscription, now);
  // The admins' member directory shows the plan's status. Both in transactions: the member's
  // wallet and directory entry are transactions of this instance's other events.
  if (isActiveStatus(subscription.status)) {
    await setFields(db, paths.user(uid), {
      activeSuscription: true,
      activeSuscriptionId: subscriptionId,
      'plan-state': planState,
    });
    await setFields(db, paths.userDirectoryEntry(uid), { plan: planState.status });
    return;
  }
  const currentId: unknown = (
    await db.ref(paths.userField(uid, 'activeSuscriptionId')).get()
  ).val();
  // Another, newer subscription of the same member stays as it is.
  if (currentId !== null && currentId !== subscriptionId) return;
  // Checkout's first status, before the first payment: the plan is starting, not ending.
  if (subscription.status === 'incomplete') return;
  await setFields(db, paths.user(uid), {
    activeSuscription: false,
    activeSuscriptionId: null,
    'plan-state': planState,
  });
  await setFields(db, paths.userDirectoryEntry(uid), { plan: planState.status });
  // "Your plan has ended" (once per subscription: notice and mail are keyed by it) only for the
  // plan the member had, never for one that did not start (`incomplete_expired`) or was already
  // off, so the once-only mail is kept for the real end.
  if (currentId !== subscriptionId) return;
  await notifyMember(
    db,
    uid,
    `subscription-ended-${subscriptionId}`,
    'subscription-ended',
    'notifSubscriptionEnded',
    {},
    now,
  );
  await mailSubscriptionEnded({ db, now: () => now }, uid, subscriptionId);
}

/**
 * `invoice.payment_failed` of a plan's invoice: the subscription is re-read from Stripe (the
 * event says nothing of its status, and `customer.subscription.updated` may come later or not at
 * all when a past-due plan fails again) and mirrored, so the member sees "past due" at once.
 * An invoice without a subscription, or one Stripe no longer knows, has nothing to mirror.
 */
export async function mirrorFailedInvoice(
  deps: PaymentDeps,
  invoice: InvoiceObject,
  eventCreated: number,
): Promise<void> {
  const subscriptionId = invoice.parent?.subscription_details?.subscription;
  if (subscriptionId === undefined) return;
  const fetched = await retrieveSubscription(deps, subscriptionId);
  if (fetched === undefined) return;
  await applySubscriptionState(deps, subscriptionSchema.parse(fetched), eventCreated);
}
