import { newId, nowSeconds } from './ids';
import type { ScheduleObject, SchedulePhaseObject, SubscriptionObject } from './types';

export interface PhaseFields {
  prices: { price: string; quantity: number }[];
  start: number;
  end: number;
  currency: string;
  prorationBehavior: 'always_invoice' | 'create_prorations' | 'none';
}

export function buildPhase(fields: PhaseFields): SchedulePhaseObject {
  return {
    add_invoice_items: [],
    application_fee_percent: null,
    billing_cycle_anchor: null,
    billing_thresholds: null,
    collection_method: null,
    currency: fields.currency,
    default_payment_method: null,
    description: null,
    discounts: [],
    end_date: fields.end,
    invoice_settings: null,
    items: fields.prices.map((item) => ({
      billing_thresholds: null,
      discounts: [],
      metadata: {},
      plan: item.price,
      price: item.price,
      quantity: item.quantity,
    })),
    metadata: {},
    on_behalf_of: null,
    proration_behavior: fields.prorationBehavior,
    start_date: fields.start,
    transfer_data: null,
    trial_end: null,
  };
}

/** A schedule made `from_subscription`: one phase, the subscription's current period. */
export function buildSchedule(subscription: SubscriptionObject): ScheduleObject {
  const first = subscription.items.data[0];
  const start = first?.current_period_start ?? subscription.start_date;
  const end = first?.current_period_end ?? start;
  return {
    id: newId('sub_sched'),
    object: 'subscription_schedule',
    application: null,
    billing_mode: structuredClone(subscription.billing_mode),
    canceled_at: null,
    completed_at: null,
    created: nowSeconds(),
    current_phase: { start_date: start, end_date: end },
    customer: subscription.customer,
    customer_account: null,
    default_settings: {
      application_fee_percent: null,
      billing_cycle_anchor: 'automatic',
      billing_thresholds: null,
      collection_method: 'charge_automatically',
      default_payment_method: null,
      description: null,
      invoice_settings: {
        account_tax_ids: null,
        custom_fields: null,
        days_until_due: null,
        description: null,
        footer: null,
        issuer: { type: 'self' },
      },
      on_behalf_of: null,
      transfer_data: null,
    },
    end_behavior: 'release',
    livemode: false,
    metadata: {},
    pause_schedules: [],
    phases: [
      buildPhase({
        prices: subscription.items.data.map((item) => ({
          price: item.price.id,
          quantity: item.quantity ?? 1,
        })),
        start,
        end,
        currency: subscription.currency,
        prorationBehavior: 'create_prorations',
      }),
    ],
    released_at: null,
    released_subscription: null,
    status: 'active',
    subscription: subscription.id,
    test_clock: null,
  };
}
