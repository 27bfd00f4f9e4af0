// A plan's Stripe subscription mirrored into the member's membership (docs/architecture/plans.md):
// `customer.subscription.*` events (created, updated, paused, resumed, deleted) keep its status
// and period, a new price (an upgrade, a schedule's next phase) moves it to that price's plan, and
// a cancel asked inside a commitment becomes a cancel at the term's end. Newest event wins.
import { formatDate, planStatusOf, settingsFromStored, paths } from '@studio/core';
import type { Membership, Plan } from '@studio/core';
import { z } from 'zod';
import type { PaymentDeps } from '../payments/deps';
import { changeMembership, newMembership, readMembership, readPlan, termsOf } from './memberships';
import { tellMember } from './notices';

const metadataSchema = z.record(z.string(), z.string()).nullish();

/** The parts of a plan's subscription read here (the webhook parsed the rest). */
export const planSubscriptionSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  metadata: metadataSchema,
  cancel_at_period_end: z.boolean().optional(),
  cancel_at: z.number().int().nullish(),
  start_date: z.number().int().optional(),
  schedule: z.union([z.string(), z.looseObject({ id: z.string() })]).nullish(),
  items: z.looseObject({
    data: z.array(
      z.looseObject({
        current_period_start: z.number().int(),
        current_period_end: z.number().int(),
        price: z.looseObject({ id: z.string(), metadata: metadataSchema }),
      }),
    ),
  }),
});
export type PlanSubscription = z.infer<typeof planSubscriptionSchema>;

/** A subscription sold as a plan (`createCheckoutSession {kind: 'plan'}` put it in metadata). */
export function isPlanSubscription(metadata: Record<string, string> | null | undefined): boolean {
  return metadata?.['kind'] === 'plan' && typeof metadata['planId'] === 'string';
}

/** The plan a subscription is on now: its price's plan (after a change), else the one bought. */
function planIdOf(subscription: PlanSubscription): string | undefined {
  return (
    subscription.items.data[0]?.price.metadata?.['planId'] ?? subscription.metadata?.['planId']
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Brings the membership in line with the subscription as of `eventCreated` (seconds). A first
 * event creates it (terms from the plan as it is now, the commitment counted from the start); a
 * later one updates status and period, and a different plan's price moves it to that plan's
 * terms (a pending downgrade is then done). An older event changes nothing.
 */
export async function applyPlanSubscription(
  deps: PaymentDeps,
  uid: string,
  raw: unknown,
  eventCreated: number,
): Promise<Membership | undefined> {
  const subscription = planSubscriptionSchema.parse(raw);
  const planId = planIdOf(subscription);
  const item = subscription.items.data[0];
  if (planId === undefined || item === undefined) return undefined;
  const { db, now } = deps;
  const settings = settingsFromStored((await db.ref(paths.settings()).get()).val());
  const plan = await readPlan(db, planId);
  const status = planStatusOf({
    status: subscription.status,
    cancelAtPeriodEnd:
      subscription.cancel_at_period_end === true ||
      (subscription.cancel_at !== null && subscription.cancel_at !== undefined),
  });
  const periodStart = item.current_period_start * 1000;
  // A paused subscription's period stops at the pause; the membership keeps the one it paid for.
  const periodEnd =
    subscription.cancel_at !== null && subscription.cancel_at !== undefined
      ? subscription.cancel_at * 1000
      : item.current_period_end * 1000;
  const at = now();
  const before = await readMembership(db, uid);
  const membership = await changeMembership(db, uid, (current) => {
    if (current !== undefined && current.id === subscription.id) {
      if ((current.eventCreated ?? 0) > eventCreated) return undefined;
      const next: Membership = { ...current, status, periodStart, eventCreated, updatedAt: at };
      if (subscription.status !== 'paused') next.periodEnd = periodEnd;
      if (status === 'ended') next.endedAt = current.endedAt ?? at;
      if (planId !== current.planId) {
        next.planId = planId;
        next.terms = termsOf(plan);
        if (current.pendingChange?.planId === planId) delete next.pendingChange;
      }
      return next;
    }
    // Another membership the member still holds is kept; a stale event of an old one is not news.
    if (current !== undefined && current.status !== 'ended' && status === 'ended') return undefined;
    const started = newMembership({
      id: subscription.id,
      uid,
      planId,
      plan,
      source: 'stripe',
      startedAt: (subscription.start_date ?? item.current_period_start) * 1000,
      periodStart,
      periodEnd,
      timeZone: settings.timeZone,
      nowMs: at,
    });
    const branch = subscription.metadata?.['branch'];
    if (branch !== undefined) started.branch = branch;
    started.status = status;
    started.eventCreated = eventCreated;
    if (status === 'ended') started.endedAt = at;
    return started;
  });
  if (membership === undefined || membership.id !== subscription.id) return membership;
  if (before?.id === subscription.id && before.planId !== membership.planId)
    await tellMember(
      db,
      {
        uid,
        event: `changed-${subscription.id}-${membership.planId}-${periodStart}`,
        type: 'plan-changed',
        messageKey: 'notifPlanChanged',
        params: { plan: membership.terms.name },
        mail: { notice: 'changed', plan: membership.terms.name },
      },
      at,
    );
  await keepCommitment(deps, membership, subscription, settings.timeZone);
  await followBookedChange(deps, membership, subscription, settings.timeZone);
  return membership;
}

/**
 * Books `planId` as the membership's change at `at` (the period's end) and tells the member, once:
 * the app's `changePlan` and a change booked in Stripe's customer portal both come here, with the
 * same notice key, so whichever arrives second writes nothing new.
 */
export async function bookPendingChange(
  deps: PaymentDeps,
  membership: Membership,
  change: { planId: string; plan: Plan; at: number },
  timeZone: string,
): Promise<void> {
  const { db, now } = deps;
  const pendingChange = { planId: change.planId, name: change.plan.name, at: change.at };
  const booked = await changeMembership(db, membership.uid, (current) =>
    current?.id === membership.id && current.planId !== change.planId
      ? { ...current, pendingChange, updatedAt: now() }
      : undefined,
  );
  if (booked?.id !== membership.id || booked.pendingChange?.planId !== change.planId) return;
  await tellMember(
    db,
    {
      uid: membership.uid,
      event: `change-booked-${membership.id}-${change.planId}-${change.at}`,
      type: 'plan-changed',
      messageKey: 'notifPlanChangeBooked',
      params: { plan: change.plan.name, date: formatDate(change.at, timeZone) },
      mail: { notice: 'change-booked', plan: change.plan.name, at: change.at },
    },
    now(),
  );
}

/**
 * A change booked on the subscription's schedule outside the app (Stripe's customer portal books a
 * cheaper plan, or one billed more often, for the period's end this way) becomes the membership's
 * pending change, as the app's own does. The schedule is read from Stripe, so a late event never
 * books a change that was called off or already made.
 */
async function followBookedChange(
  deps: PaymentDeps,
  membership: Membership,
  subscription: PlanSubscription,
  timeZone: string,
): Promise<void> {
  const scheduleId =
    typeof subscription.schedule === 'string' ? subscription.schedule : subscription.schedule?.id;
  if (scheduleId === undefined || membership.pendingChange !== undefined) return;
  if (membership.status === 'ended') return;
  const schedule = await deps.stripe.subscriptionSchedules.retrieve(scheduleId);
  if (schedule.status !== 'active' && schedule.status !== 'not_started') return;
  const currentEnd = schedule.current_phase?.end_date;
  const next = schedule.phases.find((phase) => phase.start_date === currentEnd);
  const price = next?.items[0]?.price;
  const priceId = typeof price === 'string' ? price : price?.id;
  if (next === undefined || priceId === undefined) return;
  const planId = (await deps.stripe.prices.retrieve(priceId)).metadata?.['planId'];
  if (planId === undefined || planId === membership.planId) return;
  const plan = await readPlan(deps.db, planId).catch(() => undefined);
  if (plan === undefined) return;
  await bookPendingChange(deps, membership, { planId, plan, at: next.start_date * 1000 }, timeZone);
}

/**
 * A cancel asked for inside the commitment (in Stripe's portal, which knows no commitments) ends
 * the plan at the term's end instead: Stripe is asked to cancel then (`cancel_at`), as the member
 * was shown at purchase. Only the app's "pay the early-end fee" ends it sooner.
 */
async function keepCommitment(
  deps: PaymentDeps,
  membership: Membership,
  subscription: PlanSubscription,
  timeZone: string,
): Promise<void> {
  const commitment = membership.commitmentEndsAt;
  const item = subscription.items.data[0];
  if (commitment === undefined || item === undefined) return;
  if (subscription.cancel_at_period_end !== true) return;
  if (membership.terms.commitment?.earlyEndFee !== undefined) {
    const paid: unknown = (
      await deps.db.ref(paths.planFee(membership.uid, `early-${membership.id}`)).get()
    ).val();
    if (paid !== null) return;
  }
  if (commitment <= item.current_period_end * 1000 + DAY_MS) return;
  await deps.stripe.subscriptions.update(
    subscription.id,
    { cancel_at: Math.floor(commitment / 1000) },
    { idempotencyKey: `commitment-${subscription.id}-${formatDate(commitment, timeZone)}` },
  );
}
