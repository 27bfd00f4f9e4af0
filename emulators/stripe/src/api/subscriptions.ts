import { paramError } from '../http/errors';
import {
  applyMetadata,
  bool,
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
import type { SubscriptionObject } from '../objects/types';
import {
  changeItemPrice,
  emitItemsChanged,
  pauseSubscription,
  resumeSubscription,
} from '../flows/billing-changes';
import {
  cancelSubscription,
  createSubscription,
  setCancelAt,
  updateSubscription,
} from '../flows/subscriptions';
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
const createParams = params({
  customer: required(str()),
  items: required(list(required(hash({ price: required(str()), quantity: int({ min: 1 }) })))),
  default_payment_method: str(),
  /** A Unix timestamp: a trial until then, the first charge at its end. */
  trial_end: int(),
  metadata: metadata(),
  description: str({ max: 500 }),
  /** Accepted as Stripe's default; the sandbox charges the card on file at once. */
  payment_behavior: oneOf(['allow_incomplete', 'default_incomplete', 'error_if_incomplete']),
  off_session: bool(),
  proration_behavior: oneOf(['always_invoice', 'create_prorations', 'none']),
});
const updateParams = params({
  cancel_at_period_end: bool(),
  /** A timestamp; empty clears it. */
  cancel_at: int(),
  metadata: metadata(),
  description: str({ max: 500 }),
  proration_behavior: oneOf(['always_invoice', 'create_prorations', 'none']),
  items: list(
    required(
      hash({
        id: str(),
        price: str(),
        quantity: int({ min: 1 }),
      }),
    ),
  ),
});
const pauseParams = params({
  type: oneOf(['subscription']),
  bill_for: hash({
    outstanding_usage_through: hash({ type: required(oneOf(['none', 'now'])) }),
    unused_time_from: hash({
      type: required(oneOf(['item_current_period_start', 'none', 'now'])),
    }),
  }),
  invoicing_behavior: oneOf(['invoice', 'pending_invoice_item']),
});
const resumeParams = params({
  billing_cycle_anchor: hash({ type: required(oneOf(['now', 'unchanged'])) }),
  payment_behavior: oneOf(['resume_on_payment_attempt', 'resume_on_payment_success']),
  proration_behavior: oneOf(['always_invoice', 'create_prorations', 'none']),
  proration_date: int(),
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
    method: 'POST',
    path: '/v1/subscriptions',
    handle: ({ store, form, batch }) => {
      const input = createParams(form);
      const subscription = createSubscription(store, batch, {
        customer: input.customer,
        items: input.items.map((item, index) => ({
          price: store.prices.get(item.price, `items[${index}][price]`, 400),
          quantity: item.quantity ?? 1,
        })),
        defaultPaymentMethod: input.default_payment_method ?? null,
        trialEnd: input.trial_end ?? null,
        metadata: applyMetadata({}, input.metadata),
        description: input.description ?? null,
      });
      return render(store, subscription, input.expand);
    },
  },
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
      if (input.cancel_at !== undefined && input.cancel_at_period_end === true) {
        throw paramError(
          'cancel_at',
          'You may only specify one of these parameters: cancel_at, cancel_at_period_end.',
          'parameters_exclusive',
        );
      }
      const [item, ...more] = input.items ?? [];
      if (more.length > 0) {
        throw paramError('items', 'The sandbox changes one subscription item at a time.');
      }
      if (item !== undefined) {
        if (item.id == null)
          throw paramError(
            'items[0][id]',
            'Missing required param: items[0][id].',
            'parameter_missing',
          );
        if (item.price == null)
          throw paramError(
            'items[0][price]',
            'Missing required param: items[0][price].',
            'parameter_missing',
          );
        const before = structuredClone(subscription);
        changeItemPrice(store, batch, subscription, {
          itemId: item.id,
          price: store.prices.get(item.price, 'items[0][price]', 400),
          prorationBehavior: input.proration_behavior ?? 'create_prorations',
        });
        emitItemsChanged(batch, before, subscription);
      }
      if (input.cancel_at !== undefined) setCancelAt(batch, subscription, input.cancel_at);
      updateSubscription(batch, subscription, {
        cancelAtPeriodEnd: input.cancel_at_period_end ?? undefined,
        metadata: input.metadata,
        description: input.description,
      });
      return render(store, subscription, input.expand);
    },
  },
  {
    method: 'POST',
    path: '/v1/subscriptions/:id/pause',
    handle: ({ store, form, ids, batch }) => {
      const input = pauseParams(form);
      const subscription = store.subscriptions.get(ids.id ?? '');
      pauseSubscription(
        store,
        subscription,
        {
          unusedTimeFrom: input.bill_for?.unused_time_from?.type ?? 'now',
          invoicingBehavior: input.invoicing_behavior ?? 'pending_invoice_item',
        },
        batch,
      );
      return render(store, subscription, input.expand);
    },
  },
  {
    method: 'POST',
    path: '/v1/subscriptions/:id/resume',
    handle: ({ store, form, ids, batch }) => {
      const input = resumeParams(form);
      const subscription = store.subscriptions.get(ids.id ?? '');
      resumeSubscription(store, batch, subscription, {
        anchor: input.billing_cycle_anchor?.type ?? 'now',
        paymentBehavior: input.payment_behavior ?? 'resume_on_payment_attempt',
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
