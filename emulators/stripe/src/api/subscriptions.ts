import { bool, hash, metadata, oneOf, pagination, params, str } from '../http/params';
import type { SubscriptionObject } from '../objects/types';
import { cancelSubscription, updateSubscription } from '../flows/subscriptions';
import { paginate, render, renderList } from '../state/render';
import type { Route } from './route';

const FEEDBACK = [
  'customer_service',
  'low_quality',
  'missing_features',
  'other',
  'switched_service',
  'too_complex',
  'too_expensive',
  'unused',
] as const;

const retrieveParams = params({});
const updateParams = params({
  cancel_at_period_end: bool(),
  metadata: metadata(),
  description: str({ max: 500 }),
  proration_behavior: oneOf(['always_invoice', 'create_prorations', 'none']),
});
const cancelParams = params({
  cancellation_details: hash({ comment: str({ max: 5000 }), feedback: oneOf(FEEDBACK) }),
  invoice_now: bool(),
  prorate: bool(),
});
const listParams = params({
  ...pagination,
  customer: str(),
  price: str(),
  status: oneOf([
    'active',
    'all',
    'canceled',
    'ended',
    'incomplete',
    'incomplete_expired',
    'past_due',
    'paused',
    'trialing',
    'unpaid',
  ]),
});

function matchesStatus(
  subscription: SubscriptionObject,
  status: string | null | undefined,
): boolean {
  if (status === 'all') return true;
  if (status == null) return subscription.status !== 'canceled';
  if (status === 'ended')
    return subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
  return subscription.status === status;
}

export const subscriptionRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/subscriptions/:id',
    handle: ({ store, form, ids }) => {
      const input = retrieveParams(form);
      return render(store, store.subscriptions.get(ids.id ?? ''), input.expand);
    },
  },
  {
    method: 'POST',
    path: '/v1/subscriptions/:id',
    handle: ({ store, form, ids, batch }) => {
      const input = updateParams(form);
      const subscription = store.subscriptions.get(ids.id ?? '');
      updateSubscription(batch, subscription, {
        cancelAtPeriodEnd: input.cancel_at_period_end ?? undefined,
        metadata: input.metadata,
        description: input.description,
      });
      return render(store, subscription, input.expand);
    },
  },
  {
    method: 'DELETE',
    path: '/v1/subscriptions/:id',
    handle: ({ store, form, ids, batch }) => {
      const input = cancelParams(form);
      const subscription = store.subscriptions.get(ids.id ?? '');
      cancelSubscription(batch, subscription, {
        atPeriodEnd: false,
        comment: input.cancellation_details?.comment ?? null,
        feedback: input.cancellation_details?.feedback ?? null,
      });
      return render(store, subscription, input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/subscriptions',
    handle: ({ store, form }) => {
      const input = listParams(form);
      const subscriptions = store.subscriptions
        .newestFirst()
        .filter(
          (subscription) => input.customer == null || subscription.customer === input.customer,
        )
        .filter(
          (subscription) =>
            input.price == null ||
            subscription.items.data.some((item) => item.price.id === input.price),
        )
        .filter((subscription) => matchesStatus(subscription, input.status));
      return renderList(store, paginate(subscriptions, input, '/v1/subscriptions'), input.expand);
    },
  },
];
