// Plan switches through Stripe's customer portal (docs/architecture/plans.md): `createPortalSession`
// opens the portal with a configuration listing the plan catalogue, made on demand and kept in
// step with it; a switch to a dearer plan there moves the membership at once (the webhook, exactly
// once however often the event comes), and a cheaper one is booked for the period's end as the
// app books it, then entered when the plan renews. Real SDKs, the Stripe sandbox, the real webhook.
import { beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { mailOutboxIds, paths, planSchema } from '@studio/core';
import { changePlan, createPortalSession } from '../../src/index';
import { PORTAL_CONFIGURATION_APP } from '../../src/handlers/plans/portal-configuration';
import { callableRequest, rejectionOf } from '../support/callable';
import type { Caller } from '../support/callable';
import { usePaymentsTestBed, valueAt } from '../payments/support';
import {
  DAILY,
  INTRO_WEEK,
  TWO_A_WEEK,
  buyPlan,
  createPlan,
  membershipOf,
  newMember,
  seedPlansStudio,
} from './support';

const bed = usePaymentsTestBed();
const RETURN_URL = 'http://127.0.0.1:5000/tabs/profile-user/me';
let daily: string;
let twoAWeek: string;
beforeAll(async () => {
  await seedPlansStudio(bed);
  daily = await createPlan(DAILY);
  twoAWeek = await createPlan(TWO_A_WEEK);
  await createPlan(INTRO_WEEK);
});

async function priceOf(planId: string): Promise<string> {
  const plan = planSchema.parse(await valueAt(bed, paths.plan(planId)));
  if (plan.stripePriceId === undefined) throw new Error(`plan ${planId} has no Stripe price`);
  return plan.stripePriceId;
}

async function openPortal(member: Caller): Promise<{ url: string; session: string }> {
  const { url } = await createPortalSession.run(callableRequest({ returnUrl: RETURN_URL }, member));
  return { url, session: url.split('/').pop() ?? '' };
}

async function ourConfigurations(): Promise<Stripe.BillingPortal.Configuration[]> {
  const listed = await bed.stripe.billingPortal.configurations.list({ limit: 100 });
  return listed.data.filter((entry) => entry.metadata?.['app'] === PORTAL_CONFIGURATION_APP);
}

/** Presses "Switch to …" on the sandbox's portal page for the plan's price. */
async function switchTo(url: string, subscriptionId: string, planId: string): Promise<void> {
  const response = await fetch(`${url}/subscriptions/${subscriptionId}/update`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ price: await priceOf(planId) }).toString(),
  });
  expect(response.status).toBe(303);
  await bed.sandbox.idle();
}

async function notificationsOf(uid: string): Promise<{ messageKey?: string }[]> {
  const all = ((await valueAt(bed, paths.notifications(uid))) ?? {}) as Record<
    string,
    { messageKey?: string }
  >;
  return Object.values(all);
}

describe('the customer portal’s configuration', () => {
  it('lists the plans on sale (not the intro offers), switching at once or at the period’s end', async () => {
    const member = await newMember(bed);
    await buyPlan(bed, member, twoAWeek);
    const { url } = await openPortal(member);
    const [configuration, more] = await ourConfigurations();
    expect(more).toBeUndefined();
    const update = configuration?.features.subscription_update;
    expect(update).toMatchObject({
      enabled: true,
      default_allowed_updates: ['price'],
      proration_behavior: 'always_invoice',
      schedule_at_period_end: {
        conditions: [{ type: 'decreasing_item_amount' }, { type: 'shortening_interval' }],
      },
    });
    expect(update?.products?.map((product) => product.prices)).toEqual([
      [await priceOf(daily)],
      [await priceOf(twoAWeek)],
    ]);
    expect(configuration?.features.subscription_cancel).toMatchObject({
      enabled: true,
      mode: 'at_period_end',
    });
    const page = await (await fetch(url)).text();
    expect(page).toContain(`Switch to ${DAILY.name}`);
    expect(page).not.toContain(`Switch to ${INTRO_WEEK.name}`);

    // A plan saved later is offered from the next opening, on the same configuration.
    const later = await createPlan({ ...DAILY, name: 'Unlimited, any class', price: 12900 });
    await openPortal(member);
    const [updated, again] = await ourConfigurations();
    expect(again).toBeUndefined();
    expect(updated?.id).toBe(configuration?.id);
    expect(updated?.features.subscription_update.products?.flatMap((p) => p.prices)).toContain(
      await priceOf(later),
    );
  });
});

describe('switching plans in the customer portal', () => {
  it('a dearer plan applies at once, prorated; the membership follows exactly once', async () => {
    const member = await newMember(bed);
    const bought = await buyPlan(bed, member, twoAWeek);
    const { url } = await openPortal(member);
    await switchTo(url, bought.id, daily);

    const membership = await membershipOf(bed, member.uid);
    expect(membership).toMatchObject({
      id: bought.id,
      planId: daily,
      terms: { kind: 'unlimited', dailyCap: 1 },
    });
    expect(membership.pendingChange).toBeUndefined();
    const [proration] = (await bed.stripe.invoices.list({ subscription: bought.id })).data;
    expect(proration?.billing_reason).toBe('subscription_update');
    expect(await valueAt(bed, `${paths.payment(proration?.id ?? '')}/kind`)).toBe('plan');

    // Stripe delivers again: nothing moves twice, the member is told once.
    const events = (
      await bed.stripe.events.list({ type: 'customer.subscription.updated', limit: 100 })
    ).data.filter((event) => (event.data.object as { id: string }).id === bought.id);
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) await bed.control(`events/${event.id}/resend`);
    await bed.sandbox.idle();
    expect(await membershipOf(bed, member.uid)).toMatchObject({ planId: daily });
    const told = (await notificationsOf(member.uid)).filter(
      (entry) => entry.messageKey === 'notifPlanChanged',
    );
    expect(told).toHaveLength(1);
  });

  it('a cheaper plan is booked for the period’s end, as the app books it, and entered at renewal', async () => {
    const member = await newMember(bed);
    const bought = await buyPlan(bed, member, daily);
    const { url } = await openPortal(member);
    await switchTo(url, bought.id, twoAWeek);

    const booked = await membershipOf(bed, member.uid);
    expect(booked.planId).toBe(daily);
    expect(booked.pendingChange).toEqual({
      planId: twoAWeek,
      name: TWO_A_WEEK.name,
      at: bought.periodEnd,
    });
    const mail = await valueAt(
      bed,
      paths.mailOutboxEntry(
        mailOutboxIds.planNotice(
          member.uid,
          `change-booked-${bought.id}-${twoAWeek}-${bought.periodEnd ?? 0}`,
        ),
      ),
    );
    expect(mail).toMatchObject({ message: { notice: 'change-booked', plan: TWO_A_WEEK.name } });
    // The app sees the booked change as its own: a second one is refused until it is called off.
    const pending = await rejectionOf(
      changePlan.run(callableRequest({ planId: twoAWeek }, member)),
    );
    expect(pending.details).toMatchObject({ messageKey: 'planChangePending' });

    await bed.control(`subscriptions/${bought.id}/renew`);
    await bed.sandbox.idle();
    const renewed = await membershipOf(bed, member.uid);
    expect(renewed).toMatchObject({ planId: twoAWeek, terms: { kind: 'limited' } });
    expect(renewed.pendingChange).toBeUndefined();
  });
});
