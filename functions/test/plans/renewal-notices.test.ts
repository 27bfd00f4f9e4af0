// What members are told before they are charged more (docs/architecture/plans.md): a plan's new
// price is announced when the admin saves it and moves their subscriptions only once the
// studio's notice has run (no proration: the next renewal is charged it); a yearly plan gets its
// renewal reminder from `renewalReminderDays` before it renews, once. Real SDKs, the Stripe
// sandbox, the real webhook; the plans job run at later instants.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, mailOutboxIds, paths, planSchema } from '@studio/core';
import { savePlan } from '../../src/index';
import { runPlanJobs } from '../../src/handlers/plans/plan-jobs';
import { callableRequest } from '../support/callable';
import { usePaymentsTestBed, valueAt } from '../payments/support';
import {
  ADMIN,
  DAILY,
  DAY_MS,
  buyPlan,
  createPlan,
  newMember,
  seedPlansStudio,
  subscriptionOf,
} from './support';

const bed = usePaymentsTestBed();
beforeAll(async () => {
  await seedPlansStudio(bed);
});

/** The plans job as if it ran `ms` from now. */
const jobsIn = (ms: number) => runPlanJobs({ ...bed.deps, now: () => Date.now() + ms });

describe('a plan’s new price', () => {
  it('is announced at once and charged only from the first renewal after the notice', async () => {
    const planId = await createPlan({ ...DAILY, name: 'Unlimited, new price' });
    const member = await newMember(bed);
    const membership = await buyPlan(bed, member, planId);
    const oldPrice = (await subscriptionOf(bed, membership)).items.data[0]?.price.id;
    expect(oldPrice).toBeDefined();

    await savePlan.run(
      callableRequest(
        { planId, plan: { ...DAILY, name: 'Unlimited, new price', price: 12900 } },
        ADMIN,
      ),
    );
    // The catalogue keeps charging the old price; the change waits for the notice.
    const saved = planSchema.parse(await valueAt(bed, paths.plan(planId)));
    expect(saved.price).toBe(DAILY.price);
    const change = saved.priceChange;
    expect(change?.price).toBe(12900);
    const notice = DEFAULT_SETTINGS.priceChangeNoticeDays * DAY_MS;
    expect(change && change.from - change.announcedAt).toBe(notice);
    expect(
      await valueAt(
        bed,
        paths.mailOutboxEntry(
          mailOutboxIds.planNotice(member.uid, `price-${planId}-${change?.announcedAt}`),
        ),
      ),
    ).toMatchObject({
      kind: 'plan-notice',
      uid: member.uid,
      message: { notice: 'price-change', amount: 12900, currency: 'USD', at: change?.from },
    });

    // A day before the notice runs out: nothing moves.
    expect((await jobsIn(notice - DAY_MS)).priceMoves).toBe(0);
    expect((await subscriptionOf(bed, membership)).items.data[0]?.price.id).toBe(oldPrice);

    // Once it has: the subscription moves to the new price without proration, the catalogue
    // shows it, the old price is retired; a second run moves nothing.
    expect((await jobsIn(notice + DAY_MS)).priceMoves).toBe(1);
    await bed.sandbox.idle();
    const moved = await subscriptionOf(bed, membership);
    expect(moved.items.data[0]?.price).toMatchObject({ unit_amount: 12900 });
    expect(moved.items.data[0]?.price.id).not.toBe(oldPrice);
    const invoices = await bed.stripe.invoices.list({ subscription: membership.id });
    expect(invoices.data.map((invoice) => invoice.billing_reason)).toEqual(['subscription_create']);
    const applied = planSchema.parse(await valueAt(bed, paths.plan(planId)));
    expect(applied).toMatchObject({ price: 12900, stripePriceId: moved.items.data[0]?.price.id });
    expect(applied.priceChange).toBeUndefined();
    expect((await bed.stripe.prices.retrieve(oldPrice ?? '')).active).toBe(false);
    expect((await jobsIn(notice + DAY_MS)).priceMoves).toBe(0);
  });
});

describe('a yearly plan', () => {
  it('reminds its member of the renewal from the studio’s reminder days before it, once', async () => {
    const planId = await createPlan({
      ...DAILY,
      name: 'A year of classes',
      interval: 'year',
      price: 99000,
    });
    const member = await newMember(bed);
    const membership = await buyPlan(bed, member, planId);
    const periodEnd = membership.periodEnd ?? 0;
    expect(periodEnd - Date.now()).toBeGreaterThan(360 * DAY_MS);
    const reminder = paths.mailOutboxEntry(
      mailOutboxIds.planNotice(member.uid, `renewal-${membership.id}-${periodEnd}`),
    );
    const before = periodEnd - Date.now() - DEFAULT_SETTINGS.renewalReminderDays * DAY_MS;

    await jobsIn(before - DAY_MS);
    expect(await valueAt(bed, reminder)).toBeNull();

    await jobsIn(before + DAY_MS);
    expect(await valueAt(bed, reminder)).toMatchObject({
      kind: 'plan-notice',
      uid: member.uid,
      message: { notice: 'renewal-reminder', amount: 99000, currency: 'USD', at: periodEnd },
    });
    const notifications = async () =>
      Object.keys(
        ((await valueAt(bed, paths.notifications(member.uid))) ?? {}) as Record<string, unknown>,
      ).filter((id) => id.startsWith('plan-renewal-'));
    expect(await notifications()).toHaveLength(1);

    // The next run, a day later, tells nothing more.
    await jobsIn(before + 2 * DAY_MS);
    expect(await notifications()).toHaveLength(1);
  });
});
