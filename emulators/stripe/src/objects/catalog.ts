import { newId, nowSeconds } from './ids';
import type { PriceObject, ProductObject } from './types';

export type Interval = 'day' | 'week' | 'month' | 'year';

export interface Recurrence {
  interval: Interval;
  interval_count: number;
}

const INTERVALS: readonly Interval[] = ['day', 'week', 'month', 'year'];

/** The billing recurrence of a recurring price, or null for a one-time price. */
export function recurrenceOf(price: PriceObject): Recurrence | null {
  const recurring = price.recurring;
  if (recurring === null) return null;
  const interval = INTERVALS.find((candidate) => candidate === recurring.interval) ?? 'month';
  return { interval, interval_count: recurring.interval_count };
}

/**
 * A product: made on the fly behind `price_data[product_data]` (inactive), or through
 * `POST /v1/products` (active unless told otherwise).
 */
export function buildProduct(fields: {
  name: string;
  description: string | null;
  images: string[];
  metadata: Record<string, string>;
  active?: boolean;
}): ProductObject {
  const created = nowSeconds();
  return {
    id: newId('prod'),
    object: 'product',
    active: fields.active ?? false,
    created,
    default_price: null,
    description: fields.description,
    images: fields.images,
    livemode: false,
    marketing_features: [],
    metadata: fields.metadata,
    name: fields.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: created,
    url: null,
  };
}

/**
 * A price, one-time or recurring: inline `price_data` prices are inactive, `POST /v1/prices`
 * ones active unless told otherwise.
 */
export function buildPrice(fields: {
  product: string;
  currency: string;
  unitAmount: number;
  recurring: Recurrence | null;
  taxBehavior: 'exclusive' | 'inclusive' | 'unspecified' | null;
  active?: boolean;
  metadata?: Record<string, string>;
  nickname?: string | null;
  lookupKey?: string | null;
}): PriceObject {
  return {
    id: newId('price'),
    object: 'price',
    active: fields.active ?? false,
    billing_scheme: 'per_unit',
    created: nowSeconds(),
    currency: fields.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: fields.lookupKey ?? null,
    metadata: fields.metadata ?? {},
    nickname: fields.nickname ?? null,
    product: fields.product,
    recurring:
      fields.recurring === null
        ? null
        : {
            interval: fields.recurring.interval,
            interval_count: fields.recurring.interval_count,
            meter: null,
            trial_period_days: null,
            usage_type: 'licensed',
          },
    tax_behavior: fields.taxBehavior ?? 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: fields.recurring === null ? 'one_time' : 'recurring',
    unit_amount: fields.unitAmount,
    unit_amount_decimal: String(fields.unitAmount),
  };
}

/** Adds `count` intervals to a Unix time, clamping the day like Stripe (Jan 31 + 1 month → Feb 28). */
export function addInterval(seconds: number, recurrence: Recurrence, count = 1): number {
  const date = new Date(seconds * 1000);
  const steps = recurrence.interval_count * count;
  switch (recurrence.interval) {
    case 'day':
      return seconds + steps * 86_400;
    case 'week':
      return seconds + steps * 7 * 86_400;
    case 'month':
    case 'year': {
      const months = recurrence.interval === 'month' ? steps : steps * 12;
      const day = date.getUTCDate();
      const target = new Date(date.getTime());
      target.setUTCDate(1);
      target.setUTCMonth(target.getUTCMonth() + months);
      const lastDay = new Date(
        Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
      ).getUTCDate();
      target.setUTCDate(Math.min(day, lastDay));
      return Math.floor(target.getTime() / 1000);
    }
  }
}
