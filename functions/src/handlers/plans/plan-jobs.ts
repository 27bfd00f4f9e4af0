// The plans job (every 15 minutes, docs/architecture/plans.md): starts billing pauses
// of freezes booked for now, ends freezes that ran out (billing resumes, the member is told), ends
// gift and cash plans past their end, sends yearly plans' renewal reminders, applies price changes
// whose notice has run, pushes a week before a plan that will not renew ends, and charges plan fees
// waiting in the queue. Each step checks what is done,
// so two runs at once, or a run after a crash, do each thing once.
import {
  formatDate,
  formatMoney,
  membershipSchema,
  paths,
  planSchema,
  pushEventIds,
  settingsFromStored,
  withFreezeOver,
} from '@studio/core';
import type { Membership } from '@studio/core';
import { enqueuePush } from '../../push';
import type { PaymentDeps } from '../payments/deps';
import { chargeQueuedFees } from './fees';
import { pauseBilling, resumeBilling, tellFreezeEnded } from './freezes';
import { changeMembership } from './memberships';
import { tellMember } from './notices';
import { applyDuePriceChanges } from './price-changes';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A plan that will not renew is pushed about this long before it ends (as expiring credits are). */
export const PLAN_ENDING_PUSH_MS = 7 * DAY_MS;

export interface PlanJobReport {
  pausesStarted: number;
  freezesEnded: number;
  plansEnded: number;
  reminders: number;
  /** Plans ending within a week that will not renew, pushed to their member's devices (once per
   * plan and device: the entries' ids; later runs count them again). */
  endingPushes: number;
  priceMoves: number;
  feesCharged: number;
}

async function memberships(
  deps: PaymentDeps,
  query: (
    ref: ReturnType<PaymentDeps['db']['ref']>,
  ) => ReturnType<ReturnType<PaymentDeps['db']['ref']>['orderByChild']>,
): Promise<Membership[]> {
  const snapshot = await query(deps.db.ref(paths.memberships())).get();
  const found: Membership[] = [];
  snapshot.forEach((child) => {
    const parsed = membershipSchema.safeParse(child.val());
    if (parsed.success) found.push(parsed.data);
  });
  return found;
}

export async function runPlanJobs(deps: PaymentDeps): Promise<PlanJobReport> {
  const { db, now } = deps;
  const at = now();
  const settings = settingsFromStored((await db.ref(paths.settings()).get()).val());
  const report: PlanJobReport = {
    pausesStarted: 0,
    freezesEnded: 0,
    plansEnded: 0,
    reminders: 0,
    endingPushes: 0,
    priceMoves: 0,
    feesCharged: 0,
  };

  // Freezes running or booked: those that started pause their billing (once: Stripe's status says).
  for (const membership of await memberships(deps, (ref) =>
    ref.orderByChild('frozenUntil').startAt(at + 1),
  )) {
    const freeze =
      membership.freezeId === undefined ? undefined : membership.freezes?.[membership.freezeId];
    if (freeze === undefined || freeze.from > at || membership.freezeId === undefined) continue;
    await pauseBilling(deps, membership, membership.freezeId);
    report.pausesStarted += 1;
  }

  // Freezes that ran out: the marker goes, billing resumes, the member hears it.
  for (const membership of await memberships(deps, (ref) =>
    ref.orderByChild('frozenUntil').endAt(at),
  )) {
    const freezeId = membership.freezeId;
    if (freezeId === undefined) continue;
    const over = await changeMembership(db, membership.uid, (current) =>
      current?.id === membership.id ? withFreezeOver(current, at) : undefined,
    );
    if (over === undefined || over.freezeId !== undefined) continue;
    await resumeBilling(deps, over, freezeId);
    await tellFreezeEnded(deps, over, freezeId);
    report.freezesEnded += 1;
  }

  const active = [
    ...(await memberships(deps, (ref) => ref.orderByChild('status').equalTo('active'))),
    ...(await memberships(deps, (ref) => ref.orderByChild('status').equalTo('cancelling'))),
  ];
  for (const membership of active) {
    // A gift or cash plan ends at its end (Stripe ends its own).
    if (
      membership.source !== 'stripe' &&
      membership.periodEnd !== undefined &&
      membership.periodEnd <= at
    ) {
      await changeMembership(db, membership.uid, (current) =>
        current?.id === membership.id && current.status !== 'ended'
          ? { ...current, status: 'ended', endedAt: at, updatedAt: at }
          : undefined,
      );
      report.plansEnded += 1;
      continue;
    }
    // A plan that will not renew (cancelling, or a gift, cash or imported plan) ends within a
    // week: one push per device, keyed by the plan and its end day.
    const periodEnd = membership.periodEnd;
    if (
      (membership.status === 'cancelling' || membership.source !== 'stripe') &&
      periodEnd !== undefined &&
      periodEnd > at &&
      periodEnd - PLAN_ENDING_PUSH_MS <= at
    ) {
      const pushed = await enqueuePush(
        db,
        {
          event: pushEventIds.planExpiring(membership.id, formatDate(periodEnd, settings.timeZone)),
          uid: membership.uid,
          message: { kind: 'plan-expiring', endsAt: periodEnd },
        },
        at,
      );
      // A write that failed is tried again by the next run (the same id: written once).
      if (pushed === 'written') report.endingPushes += 1;
      // An imported plan without a card here: the ask again, by mail now that the member has
      // likely proven their address (the import's own went only to a verified one), and in the app.
      if (membership.source === 'import' && membership.status === 'active')
        await tellMember(
          db,
          {
            uid: membership.uid,
            event: `add-card-soon-${membership.id}-${periodEnd}`,
            type: 'plan-add-card',
            messageKey: 'notifPlanAddCard',
            params: {
              plan: membership.terms.name,
              date: formatDate(periodEnd - 1, settings.timeZone),
            },
            mail: { notice: 'add-card', plan: membership.terms.name, at: periodEnd - 1 },
          },
          at,
        );
    }
    // The yearly reminder, once per renewal, from `renewalReminderDays` before it.
    if (
      membership.source === 'stripe' &&
      membership.status === 'active' &&
      membership.terms.interval === 'year' &&
      periodEnd !== undefined &&
      periodEnd > at &&
      periodEnd - settings.renewalReminderDays * DAY_MS <= at
    ) {
      const plan = planSchema.safeParse((await db.ref(paths.plan(membership.planId)).get()).val());
      const price = plan.success ? (plan.data.priceChange?.price ?? plan.data.price) : undefined;
      const currency = plan.success ? plan.data.currency : settings.currency;
      await tellMember(
        db,
        {
          uid: membership.uid,
          event: `renewal-${membership.id}-${periodEnd}`,
          type: 'plan-price-change',
          messageKey: 'notifPlanPriceChange',
          params: {
            plan: membership.terms.name,
            amount: price === undefined ? '' : formatMoney(price, currency),
            date: formatDate(periodEnd, settings.timeZone),
          },
          mail: {
            notice: 'renewal-reminder',
            plan: membership.terms.name,
            at: periodEnd,
            ...(price === undefined ? {} : { amount: price, currency }),
          },
        },
        at,
      );
      report.reminders += 1;
    }
  }

  report.priceMoves = await applyDuePriceChanges(deps);
  report.feesCharged = await chargeQueuedFees(deps);
  return report;
}
