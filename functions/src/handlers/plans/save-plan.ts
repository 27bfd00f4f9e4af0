// `savePlan` (admins): the plan catalogue (`Plans/{planId}`), audited. Each plan is sold through a
// Stripe product with a recurring price (`ensurePlanPrice`, also run at the first checkout, so a
// plan written by the seed or an import needs no Stripe call to exist). A new price never
// replaces the old one at once: members keep theirs until the notice the studio gives has run
// (`priceChange`, applied by the plans job), and are told now.
import { DomainError, parseStored, paths, planSchema, settingsFromStored } from '@studio/core';
import type { AuditEntry, CallableResult, Plan, SavePlanInput } from '@studio/core';
import { newId } from '../../engine';
import type { PaymentDeps } from '../payments/deps';
import { storable } from './memberships';
import { announcePriceChange } from './price-changes';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SavePlanCommand extends SavePlanInput {
  by: string;
}

/** The Stripe product and recurring price a plan is sold with, made once, keyed by the plan. */
export async function ensurePlanPrice(
  deps: PaymentDeps,
  planId: string,
  plan: Plan,
): Promise<{ productId: string; priceId: string }> {
  if (plan.stripeProductId !== undefined && plan.stripePriceId !== undefined)
    return { productId: plan.stripeProductId, priceId: plan.stripePriceId };
  const { db, stripe } = deps;
  const productId =
    plan.stripeProductId ??
    (
      await stripe.products.create(
        { name: plan.name, metadata: { planId } },
        { idempotencyKey: `plan-product-${planId}` },
      )
    ).id;
  const priceId = (
    await stripe.prices.create(
      {
        product: productId,
        currency: plan.currency.toLowerCase(),
        unit_amount: plan.price,
        recurring: { interval: plan.interval },
        metadata: { planId },
      },
      { idempotencyKey: `plan-price-${planId}-${plan.price}-${plan.interval}` },
    )
  ).id;
  await db.ref(paths.plan(planId)).update({ stripeProductId: productId, stripePriceId: priceId });
  return { productId, priceId };
}

/**
 * Creates or edits a plan. Its kind and billing interval are fixed once members hold it (create a
 * new plan instead); a new price is announced to the plan's members and charged from their first
 * renewal after `Settings.priceChangeNoticeDays`.
 */
export async function savePlan(
  deps: PaymentDeps,
  { by, planId: given, plan: input }: SavePlanCommand,
): Promise<CallableResult<'savePlan'>> {
  const { db, now } = deps;
  const planId = given ?? newId(db);
  const path = paths.plan(planId);
  const storedValue: unknown = (await db.ref(path).get()).val();
  const before = storedValue === null ? undefined : parseStored(planSchema, storedValue, path);
  if (given !== undefined && before === undefined)
    throw new DomainError('not-found', 'planNotFound');
  const at = now();
  const next: Plan = { ...storable(input), updatedAt: at };
  if (before !== undefined) {
    if (before.kind !== input.kind || before.interval !== input.interval)
      throw new DomainError('invalid-argument', 'invalidInput', {
        issues: 'kind and interval are fixed once a plan exists: create a new plan instead',
      });
    if (before.stripeProductId !== undefined) next.stripeProductId = before.stripeProductId;
    if (before.stripePriceId !== undefined) next.stripePriceId = before.stripePriceId;
    if (before.priceChange !== undefined) next.priceChange = before.priceChange;
    if (before.price !== input.price && before.stripePriceId !== undefined) {
      // Members keep the price they pay until the notice runs out.
      const settings = settingsFromStored((await db.ref(paths.settings()).get()).val());
      next.price = before.price;
      next.priceChange = {
        price: input.price,
        from: at + settings.priceChangeNoticeDays * DAY_MS,
        announcedAt: at,
      };
    } else if (before.price !== input.price) {
      delete next.priceChange;
    }
  }
  await db.ref(path).set(storable(next));
  const audit: AuditEntry = {
    at,
    by,
    action: 'savePlan',
    target: path,
    details: storable({ before: before ?? null, after: next }),
  };
  await db.ref(paths.auditEntry(newId(db))).set(audit);
  if (next.priceChange !== undefined && next.priceChange.announcedAt === at)
    await announcePriceChange(deps, planId, next);
  return { planId };
}
