// Subscription schedules (`/v1/subscription_schedules`): what a change booked for the period's
// end is made of on Stripe. A schedule made `from_subscription` holds the current period as its
// first phase; the app adds the next phase (the new price) and the schedule moves the subscription
// into it when the period renews, then releases it at the end of its last phase.
import { paramError, stateError } from '../http/errors';
import { addInterval, recurrenceOf } from '../objects/catalog';
import type { Recurrence } from '../objects/catalog';
import { nowSeconds } from '../objects/ids';
import { buildPhase, buildSchedule } from '../objects/schedule';
import type { ScheduleObject, SubscriptionObject } from '../objects/types';
import type { EventBatch } from '../state/events';
import type { Store } from '../state/store';
import { previousAttributes } from './billing-changes';

export function createFromSubscription(
  store: Store,
  batch: EventBatch,
  subscription: SubscriptionObject,
): ScheduleObject {
  if (subscription.status === 'canceled') {
    throw stateError('You cannot create a subscription schedule from a canceled subscription.');
  }
  if (subscription.schedule !== null) {
    throw stateError(
      `You cannot migrate a subscription that is already attached to a schedule: \`${subscription.schedule}\`.`,
      { param: 'from_subscription' },
    );
  }
  const before = structuredClone(subscription);
  const schedule = store.schedules.add(buildSchedule(subscription));
  subscription.schedule = schedule.id;
  batch.emit('subscription_schedule.created', schedule);
  batch.emit(
    'customer.subscription.updated',
    subscription,
    previousAttributes(before, subscription),
  );
  return schedule;
}

export interface PhaseInput {
  items: { price: string; quantity: number }[];
  startDate: number | 'now' | undefined;
  endDate: number | undefined;
  /** How long the phase lasts (this API version's `duration`; Stripe dropped `iterations`). */
  duration: Recurrence | undefined;
  prorationBehavior: 'always_invoice' | 'create_prorations' | 'none' | undefined;
}

function requireOpen(schedule: ScheduleObject): void {
  if (schedule.status !== 'active' && schedule.status !== 'not_started') {
    throw stateError(`You cannot update a subscription schedule that is ${schedule.status}.`);
  }
}

/**
 * Replaces the phases (and the end behaviour). The first phase must keep the current phase's
 * start, as Stripe refuses to rewrite the past; each later phase starts where the one before
 * ends, and lasts until `end_date`, for `duration`, or one billing period of its price.
 */
export function updatePhases(
  store: Store,
  batch: EventBatch,
  schedule: ScheduleObject,
  phases: PhaseInput[] | undefined,
  endBehavior: ScheduleObject['end_behavior'] | undefined,
): ScheduleObject {
  requireOpen(schedule);
  const subscription =
    schedule.subscription === null ? undefined : store.subscriptions.find(schedule.subscription);
  const previous: Record<string, unknown> = {};
  if (phases !== undefined) {
    if (phases.length === 0) throw paramError('phases', 'A schedule needs at least one phase.');
    const currentStart =
      schedule.current_phase?.start_date ?? schedule.phases[0]?.start_date ?? nowSeconds();
    let cursor = currentStart;
    const built = phases.map((phase, index) => {
      const path = `phases[${index}]`;
      const start = phase.startDate === 'now' ? nowSeconds() : (phase.startDate ?? cursor);
      if (index === 0 && start !== currentStart) {
        throw paramError(
          `${path}[start_date]`,
          'You can not modify the start date of the current phase.',
        );
      }
      if (start !== cursor) {
        throw paramError(
          `${path}[start_date]`,
          'Each phase must start when the previous one ends.',
        );
      }
      if (phase.items.length === 0)
        throw paramError(`${path}[items]`, 'A phase needs at least one item.');
      const prices = phase.items.map((item, itemIndex) => {
        const price = store.prices.get(item.price, `${path}[items][${itemIndex}][price]`, 400);
        if (recurrenceOf(price) === null) {
          throw paramError(`${path}[items][${itemIndex}][price]`, 'The price must be recurring.');
        }
        return { price, quantity: item.quantity };
      });
      const recurrence = recurrenceOf(prices[0]?.price as NonNullable<(typeof prices)[0]>['price']);
      const end =
        phase.endDate ??
        addInterval(
          start,
          phase.duration ?? recurrence ?? { interval: 'month', interval_count: 1 },
        );
      if (end <= start) throw paramError(`${path}[end_date]`, 'A phase must end after it starts.');
      cursor = end;
      return buildPhase({
        prices: prices.map((item) => ({ price: item.price.id, quantity: item.quantity })),
        start,
        end,
        currency: prices[0]?.price.currency ?? 'usd',
        prorationBehavior: phase.prorationBehavior ?? 'create_prorations',
      });
    });
    previous.phases = structuredClone(schedule.phases);
    schedule.phases = built;
    const first = built[0];
    if (first) schedule.current_phase = { start_date: first.start_date, end_date: first.end_date };
  }
  if (endBehavior !== undefined && endBehavior !== schedule.end_behavior) {
    previous.end_behavior = schedule.end_behavior;
    schedule.end_behavior = endBehavior;
  }
  if (Object.keys(previous).length > 0)
    batch.emit('subscription_schedule.updated', schedule, previous);
  void subscription;
  return schedule;
}

/** Detaches the subscription, which keeps its current price (`subscription_schedule.released`). */
export function releaseSchedule(
  store: Store,
  batch: EventBatch,
  schedule: ScheduleObject,
): ScheduleObject {
  requireOpen(schedule);
  const subscription =
    schedule.subscription === null ? undefined : store.subscriptions.find(schedule.subscription);
  schedule.status = 'released';
  schedule.released_at = nowSeconds();
  schedule.released_subscription = schedule.subscription;
  schedule.subscription = null;
  schedule.current_phase = null;
  batch.emit('subscription_schedule.released', schedule);
  if (subscription) {
    const before = structuredClone(subscription);
    subscription.schedule = null;
    batch.emit(
      'customer.subscription.updated',
      subscription,
      previousAttributes(before, subscription),
    );
  }
  return schedule;
}

/**
 * The renewal at `periodEnd` enters the phase starting then: the subscription's item takes that
 * phase's price (`subscription_schedule.updated`); past the last phase the schedule ends by its
 * `end_behavior` (`release` keeps the subscription going on the last price).
 */
export function enterNextPhase(
  store: Store,
  batch: EventBatch,
  subscription: SubscriptionObject,
  periodEnd: number,
): void {
  if (subscription.schedule === null) return;
  const schedule = store.schedules.find(subscription.schedule);
  if (schedule === undefined || schedule.status !== 'active') return;
  const last = schedule.phases[schedule.phases.length - 1];
  if (last !== undefined && periodEnd >= last.end_date) {
    releaseSchedule(store, batch, schedule);
    return;
  }
  const next = schedule.phases.find(
    (phase) => phase.start_date <= periodEnd && periodEnd < phase.end_date,
  );
  if (next === undefined || next.start_date === schedule.current_phase?.start_date) return;
  const previous = { current_phase: structuredClone(schedule.current_phase) };
  schedule.current_phase = { start_date: next.start_date, end_date: next.end_date };
  const item = subscription.items.data[0];
  const phaseItem = next.items[0];
  if (item !== undefined && phaseItem !== undefined) {
    const price = store.prices.get(phaseItem.price);
    const recurrence = recurrenceOf(price);
    item.price = price;
    item.quantity = phaseItem.quantity ?? 1;
    item.plan = {
      ...item.plan,
      id: price.id,
      amount: price.unit_amount,
      amount_decimal: price.unit_amount_decimal,
      interval: recurrence?.interval ?? item.plan.interval,
      interval_count: recurrence?.interval_count ?? item.plan.interval_count,
      product: price.product,
    };
  }
  batch.emit('subscription_schedule.updated', schedule, previous);
}

/** The change a schedule has booked for the subscription: the next phase's price and start. */
export function scheduledChange(
  store: Store,
  subscription: SubscriptionObject,
): { productName: string; at: number } | null {
  if (subscription.schedule === null) return null;
  const schedule = store.schedules.find(subscription.schedule);
  if (schedule === undefined || schedule.status !== 'active') return null;
  const currentEnd = schedule.current_phase?.end_date;
  const next = schedule.phases.find((phase) => phase.start_date === currentEnd);
  const priceId = next?.items[0]?.price;
  if (next === undefined || priceId === undefined) return null;
  const price = store.prices.find(priceId);
  if (price === undefined || price.id === subscription.items.data[0]?.price.id) return null;
  return {
    productName: store.products.find(price.product)?.name ?? 'Subscription',
    at: next.start_date,
  };
}
