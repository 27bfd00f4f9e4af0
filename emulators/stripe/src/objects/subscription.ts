import { newId } from './ids';
import type { PriceObject, SubscriptionItemObject, SubscriptionObject } from './types';

export interface SubscriptionFields {
  customer: string;
  currency: string;
  items: { price: PriceObject; quantity: number }[];
  metadata: Record<string, string>;
  description: string | null;
  defaultPaymentMethod: string;
  periodStart: number;
  periodEnd: number;
  /** A trial until then: status `trialing`, the first period ends with it. */
  trialEnd?: number | null;
  billingMode?: 'classic' | 'flexible';
}

function buildItem(
  subscription: string,
  price: PriceObject,
  quantity: number,
  periodStart: number,
  periodEnd: number,
): SubscriptionItemObject {
  const recurring = price.recurring;
  return {
    id: newId('si'),
    object: 'subscription_item',
    billing_thresholds: null,
    created: periodStart,
    current_period_end: periodEnd,
    current_period_start: periodStart,
    current_trial: null,
    discounts: [],
    metadata: {},
    // The legacy `plan` mirrors the price; the SDK types still require it.
    plan: {
      id: price.id,
      object: 'plan',
      active: price.active,
      amount: price.unit_amount,
      amount_decimal: price.unit_amount_decimal,
      billing_scheme: 'per_unit',
      created: price.created,
      currency: price.currency,
      interval: recurring?.interval ?? 'month',
      interval_count: recurring?.interval_count ?? 1,
      livemode: false,
      metadata: {},
      meter: null,
      nickname: null,
      product: price.product,
      tiers_mode: null,
      transform_usage: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    price,
    quantity,
    subscription,
    tax_rates: [],
  };
}

export function buildSubscription(fields: SubscriptionFields): SubscriptionObject {
  const id = newId('sub');
  const trialEnd = fields.trialEnd ?? null;
  const periodEnd = trialEnd ?? fields.periodEnd;
  const flexible = fields.billingMode === 'flexible';
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: fields.periodStart,
    billing_cycle_anchor_config: null,
    billing_mode: flexible
      ? {
          flexible: { proration_discounts: 'included' },
          type: 'flexible',
          updated_at: fields.periodStart,
        }
      : { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: fields.periodStart,
    currency: fields.currency,
    customer: fields.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: fields.defaultPaymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: fields.description,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: {
      object: 'list',
      data: fields.items.map((item) =>
        buildItem(id, item.price, item.quantity, fields.periodStart, periodEnd),
      ),
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: fields.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: fields.periodStart,
    status: trialEnd === null ? 'active' : 'trialing',
    test_clock: null,
    transfer_data: null,
    trial_end: trialEnd,
    trial_settings: {
      end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' },
    },
    trial_start: trialEnd === null ? null : fields.periodStart,
  };
}
