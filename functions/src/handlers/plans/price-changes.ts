// A plan's new price (docs/architecture/plans.md): announced to its members when the
// admin saves it, charged from their first renewal after the notice the studio gives
// (`Settings.priceChangeNoticeDays`, at least what the law asks). The plans job applies it: a new
// Stripe price on each member's subscription without proration, so the next invoice has it.
import {
  formatDate,
  formatMoney,
  membershipSchema,
  parseStored,
  paths,
  planSchema,
  settingsFromStored,
} from '@studio/core';
import type { Membership, Plan } from '@studio/core';
import type { PaymentDeps } from '../payments/deps';
import { readPlans } from './memberships';
import { tellMember } from './notices';

/** The running memberships of a plan (stored copies), paged by key. */
export async function membersOfPlan(
  deps: Pick<PaymentDeps, 'db'>,
  planId: string,
): Promise<Membership[]> {
  const snapshot = await deps.db
    .ref(paths.memberships())
    .orderByChild('planId')
    .equalTo(planId)
    .get();
  const members: Membership[] = [];
  snapshot.forEach((child) => {
    const parsed = membershipSchema.safeParse(child.val());
    if (parsed.success && parsed.data.status !== 'ended') members.push(parsed.data);
  });
  return members;
}

/** Tells every member of the plan what it will cost and from when. */
export async function announcePriceChange(
  deps: PaymentDeps,
  planId: string,
  plan: Plan,
): Promise<number> {
  const change = plan.priceChange;
  if (change === undefined) return 0;
  const settings = settingsFromStored((await deps.db.ref(paths.settings()).get()).val());
  const members = await membersOfPlan(deps, planId);
  for (const member of members) {
    await tellMember(
      deps.db,
      {
        uid: member.uid,
        event: `price-${planId}-${change.announcedAt}`,
        type: 'plan-price-change',
        messageKey: 'notifPlanPriceChange',
        params: {
          plan: plan.name,
          amount: formatMoney(change.price, plan.currency),
          date: formatDate(change.from, settings.timeZone),
        },
        mail: {
          notice: 'price-change',
          plan: plan.name,
          at: change.from,
          amount: change.price,
          currency: plan.currency,
        },
      },
      deps.now(),
    );
  }
  return members.length;
}

/**
 * The plans job's part: once a price change's notice has run, the plan gets a new Stripe price,
 * each member's subscription moves to it without proration (their next renewal is charged it),
 * and the catalogue shows the new price. Safe to run again: each step checks what is done.
 */
export async function applyDuePriceChanges(deps: PaymentDeps): Promise<number> {
  const { db, stripe, now } = deps;
  let moved = 0;
  for (const { id: planId, plan } of await readPlans(db)) {
    const change = plan.priceChange;
    if (change === undefined || change.from > now() || plan.stripeProductId === undefined) continue;
    const priceId =
      change.stripePriceId ??
      (
        await stripe.prices.create(
          {
            product: plan.stripeProductId,
            currency: plan.currency.toLowerCase(),
            unit_amount: change.price,
            recurring: { interval: plan.interval },
            metadata: { planId },
          },
          { idempotencyKey: `plan-price-${planId}-${change.price}-${change.announcedAt}` },
        )
      ).id;
    if (change.stripePriceId === undefined)
      await db.ref(paths.plan(planId)).child('priceChange').update({ stripePriceId: priceId });
    for (const member of await membersOfPlan(deps, planId)) {
      if (member.source !== 'stripe') continue;
      const subscription = await stripe.subscriptions.retrieve(member.id);
      const item = subscription.items.data[0];
      if (item === undefined || item.price.id === priceId) continue;
      if (subscription.status === 'canceled' || subscription.schedule !== null) continue;
      await stripe.subscriptions.update(
        member.id,
        { items: [{ id: item.id, price: priceId }], proration_behavior: 'none' },
        { idempotencyKey: `plan-price-move-${member.id}-${priceId}` },
      );
      moved += 1;
    }
    const previous = plan.stripePriceId;
    await db.ref(paths.plan(planId)).update({
      price: change.price,
      stripePriceId: priceId,
      priceChange: null,
      updatedAt: now(),
    });
    if (previous !== undefined && previous !== priceId)
      await stripe.prices.update(previous, { active: false });
    parseStored(planSchema, (await db.ref(paths.plan(planId)).get()).val(), paths.plan(planId));
  }
  return moved;
}
