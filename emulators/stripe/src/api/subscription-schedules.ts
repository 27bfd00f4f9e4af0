// `/v1/subscription_schedules`: made from a running subscription, its phases replaced, released
// or cancelled (flows/schedules.ts).
import { paramError } from '../http/errors';
import {
  applyMetadata,
  hash,
  int,
  list,
  metadata,
  oneOf,
  pagination,
  params,
  required,
  str,
} from '../http/params';
import type { FormValue } from '../http/form';
import type { ScheduleObject } from '../objects/types';
import { cancelSubscription } from '../flows/subscriptions';
import { createFromSubscription, releaseSchedule, updatePhases } from '../flows/schedules';
import type { PhaseInput } from '../flows/schedules';
import { nowSeconds } from '../objects/ids';
import { paginate, render, renderList } from '../state/render';
import type { Route } from './route';

/** `start_date`: a timestamp or `now`. */
function startDate(
  value: FormValue | undefined,
  path: readonly string[],
): number | 'now' | undefined {
  if (value === undefined) return undefined;
  if (value === 'now') return 'now';
  return int()(value, path) ?? undefined;
}

const phase = hash({
  items: required(list(required(hash({ price: required(str()), quantity: int({ min: 1 }) })))),
  start_date: startDate,
  end_date: int(),
  duration: hash({
    interval: required(oneOf(['day', 'week', 'month', 'year'])),
    interval_count: int({ min: 1, max: 100 }),
  }),
  proration_behavior: oneOf(['always_invoice', 'create_prorations', 'none']),
});
const endBehavior = oneOf(['cancel', 'none', 'release', 'renew']);

const createParams = params({
  from_subscription: str(),
  metadata: metadata(),
});
const updateParams = params({
  phases: list(required(phase)),
  end_behavior: endBehavior,
  metadata: metadata(),
  proration_behavior: oneOf(['always_invoice', 'create_prorations', 'none']),
});
const releaseParams = params({ preserve_cancel_date: oneOf(['true', 'false']) });
const cancelParams = params({
  invoice_now: oneOf(['true', 'false']),
  prorate: oneOf(['true', 'false']),
});
const retrieveParams = params({});
const listParams = params({ ...pagination, customer: str() });

function phaseInputs(phases: NonNullable<ReturnType<typeof updateParams>['phases']>): PhaseInput[] {
  return phases.map((entry) => ({
    items: entry.items.map((item) => ({ price: item.price, quantity: item.quantity ?? 1 })),
    startDate: entry.start_date,
    endDate: entry.end_date ?? undefined,
    duration:
      entry.duration == null
        ? undefined
        : { interval: entry.duration.interval, interval_count: entry.duration.interval_count ?? 1 },
    prorationBehavior: entry.proration_behavior ?? undefined,
  }));
}

export const subscriptionScheduleRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/subscription_schedules',
    handle: ({ store, form, batch }) => {
      const input = createParams(form);
      if (input.from_subscription == null) {
        throw paramError(
          'from_subscription',
          'The sandbox makes schedules `from_subscription` only.',
          'parameter_missing',
        );
      }
      const subscription = store.subscriptions.get(
        input.from_subscription,
        'from_subscription',
        400,
      );
      const schedule = createFromSubscription(store, batch, subscription);
      schedule.metadata = applyMetadata(schedule.metadata ?? {}, input.metadata);
      return render(store, schedule, input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/subscription_schedules/:id',
    handle: ({ store, form, ids }) =>
      render(store, store.schedules.get(ids.id ?? ''), retrieveParams(form).expand),
  },
  {
    method: 'POST',
    path: '/v1/subscription_schedules/:id',
    handle: ({ store, form, ids, batch }) => {
      const input = updateParams(form);
      const schedule = store.schedules.get(ids.id ?? '');
      updatePhases(
        store,
        batch,
        schedule,
        input.phases == null ? undefined : phaseInputs(input.phases),
        input.end_behavior ?? undefined,
      );
      schedule.metadata = applyMetadata(schedule.metadata ?? {}, input.metadata);
      return render(store, schedule, input.expand);
    },
  },
  {
    method: 'POST',
    path: '/v1/subscription_schedules/:id/release',
    handle: ({ store, form, ids, batch }) => {
      const input = releaseParams(form);
      const schedule = releaseSchedule(store, batch, store.schedules.get(ids.id ?? ''));
      return render(store, schedule, input.expand);
    },
  },
  {
    method: 'POST',
    path: '/v1/subscription_schedules/:id/cancel',
    handle: ({ store, form, ids, batch }) => {
      const input = cancelParams(form);
      const schedule: ScheduleObject = store.schedules.get(ids.id ?? '');
      if (schedule.status !== 'active' && schedule.status !== 'not_started') {
        throw paramError(
          'id',
          `You cannot cancel a subscription schedule that is ${schedule.status}.`,
        );
      }
      const subscription =
        schedule.subscription === null
          ? undefined
          : store.subscriptions.find(schedule.subscription);
      schedule.status = 'canceled';
      schedule.canceled_at = nowSeconds();
      schedule.current_phase = null;
      batch.emit('subscription_schedule.canceled', schedule);
      if (subscription !== undefined && subscription.status !== 'canceled') {
        subscription.schedule = null;
        cancelSubscription(batch, subscription, {
          atPeriodEnd: false,
          comment: null,
          feedback: null,
        });
      }
      return render(store, schedule, input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/subscription_schedules',
    handle: ({ store, form }) => {
      const input = listParams(form);
      const schedules = store.schedules
        .newestFirst()
        .filter((schedule) => input.customer == null || schedule.customer === input.customer);
      return renderList(
        store,
        paginate(schedules, input, '/v1/subscription_schedules'),
        input.expand,
      );
    },
  },
];
