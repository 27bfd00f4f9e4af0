// Customer portal configurations (`/v1/billing_portal/configurations`): which features the portal
// offers. The sandbox acts on `subscription_update`: the products and prices a customer may switch
// between, the proration of a switch made at once, and the conditions under which a switch waits
// for the period's end (on a subscription schedule, as Stripe's portal books it). The other
// features are kept and returned as given.
import { paramError, stateError } from '../http/errors';
import { addInterval, recurrenceOf } from '../objects/catalog';
import type { Recurrence } from '../objects/catalog';
import { newId, nowSeconds } from '../objects/ids';
import type { PortalConfigurationObject, PriceObject, SubscriptionObject } from '../objects/types';
import type { EventBatch } from '../state/events';
import type { Store } from '../state/store';
import { changeItemPrice, emitItemsChanged } from './billing-changes';
import type { ProrationBehavior } from './billing-changes';
import { createFromSubscription, updatePhases } from './schedules';

/** The id of the account's default configuration (the one a session gets when it names none). */
export const DEFAULT_CONFIGURATION_ID = 'bpc_sandbox_default';

type Features = PortalConfigurationObject['features'];
type UpdateFeature = Features['subscription_update'];
type Condition = UpdateFeature['schedule_at_period_end']['conditions'][number]['type'];

/** The features as given on create or update (each part optional; absent parts keep theirs). */
export interface FeaturesInput {
  customer_update?: { enabled?: boolean | null; allowed_updates?: string[] | null } | null;
  invoice_history?: { enabled: boolean } | null;
  payment_method_update?: { enabled: boolean } | null;
  subscription_cancel?: {
    enabled?: boolean | null;
    mode?: 'at_period_end' | 'immediately' | null;
    proration_behavior?: ProrationBehavior | null;
  } | null;
  subscription_pause?: { enabled?: boolean | null } | null;
  subscription_update?: {
    enabled?: boolean | null;
    default_allowed_updates?: ('price' | 'promotion_code' | 'quantity')[] | null;
    products?: { product: string; prices: string[] }[] | null;
    proration_behavior?: ProrationBehavior | null;
    schedule_at_period_end?: { conditions?: { type: Condition }[] | null } | null;
    billing_cycle_anchor?: 'now' | 'unchanged' | null;
  } | null;
}

export interface ConfigurationInput {
  features?: FeaturesInput | null;
  business_profile?: {
    headline?: string | null;
    privacy_policy_url?: string | null;
    terms_of_service_url?: string | null;
  } | null;
  default_return_url?: string | null;
  login_page?: { enabled: boolean } | null;
  metadata?: Record<string, string>;
  name?: string | null;
  active?: boolean | null;
}

/** Stripe's defaults for a new configuration: every feature off until it is turned on. */
function defaultFeatures(): Features {
  return {
    customer_update: { allowed_updates: [], enabled: false },
    invoice_history: { enabled: false },
    payment_method_update: { enabled: false, payment_method_configuration: null },
    subscription_cancel: {
      cancellation_reason: { enabled: false, feedback_options: null, options: [] },
      enabled: false,
      mode: 'at_period_end',
      proration_behavior: 'none',
    },
    subscription_pause: { duration: { interval_options: [], type: 'indefinite' }, enabled: false },
    subscription_update: {
      billing_cycle_anchor: null,
      default_allowed_updates: [],
      enabled: false,
      products: [],
      proration_behavior: 'none',
      schedule_at_period_end: { conditions: [] },
      trial_update_behavior: 'continue_trial',
    },
  };
}

/** Checks the switchable catalogue as Stripe does: known products, their own recurring prices. */
function checkProducts(store: Store, products: { product: string; prices: string[] }[]): void {
  if (products.length > 10) {
    throw paramError(
      'features[subscription_update][products]',
      'You can specify at most 10 products.',
    );
  }
  products.forEach((entry, index) => {
    const path = `features[subscription_update][products][${index}]`;
    store.products.get(entry.product, `${path}[product]`, 400);
    if (entry.prices.length === 0)
      throw paramError(`${path}[prices]`, 'Each product needs at least one price.');
    entry.prices.forEach((priceId, priceIndex) => {
      const price = store.prices.get(priceId, `${path}[prices][${priceIndex}]`, 400);
      if (price.product !== entry.product) {
        throw paramError(
          `${path}[prices][${priceIndex}]`,
          `The price ${priceId} does not belong to the product ${entry.product}.`,
        );
      }
      if (recurrenceOf(price) === null) {
        throw paramError(
          `${path}[prices][${priceIndex}]`,
          `The price ${priceId} must be a recurring price.`,
        );
      }
    });
  });
}

function applyFeatures(store: Store, features: Features, input: FeaturesInput): void {
  if (input.customer_update) {
    const part = features.customer_update;
    if (input.customer_update.enabled != null) part.enabled = input.customer_update.enabled;
    if (input.customer_update.allowed_updates != null)
      part.allowed_updates = input.customer_update.allowed_updates;
  }
  if (input.invoice_history) features.invoice_history.enabled = input.invoice_history.enabled;
  if (input.payment_method_update)
    features.payment_method_update.enabled = input.payment_method_update.enabled;
  if (input.subscription_cancel) {
    const part = features.subscription_cancel;
    const given = input.subscription_cancel;
    if (given.enabled != null) part.enabled = given.enabled;
    if (given.mode != null) part.mode = given.mode;
    if (given.proration_behavior != null) part.proration_behavior = given.proration_behavior;
  }
  if (input.subscription_pause?.enabled != null)
    features.subscription_pause.enabled = input.subscription_pause.enabled;
  const update = input.subscription_update;
  if (update) {
    const part = features.subscription_update;
    if (update.enabled != null) part.enabled = update.enabled;
    if (update.default_allowed_updates != null)
      part.default_allowed_updates = update.default_allowed_updates;
    if (update.products != null) {
      checkProducts(store, update.products);
      part.products = update.products.map((entry) => ({
        adjustable_quantity: { enabled: false, maximum: null, minimum: 1 },
        prices: [...entry.prices],
        product: entry.product,
      }));
    }
    if (update.proration_behavior != null) part.proration_behavior = update.proration_behavior;
    if (update.schedule_at_period_end?.conditions != null)
      part.schedule_at_period_end = {
        conditions: update.schedule_at_period_end.conditions.map(({ type }) => ({ type })),
      };
    if (update.billing_cycle_anchor != null)
      part.billing_cycle_anchor = update.billing_cycle_anchor;
  }
  const part = features.subscription_update;
  if (part.enabled && (part.products ?? []).length === 0) {
    throw paramError(
      'features[subscription_update][products]',
      'To enable subscription updates, list at least one product with its prices.',
    );
  }
  if (part.enabled && part.default_allowed_updates.length === 0) {
    throw paramError(
      'features[subscription_update][default_allowed_updates]',
      'To enable subscription updates, allow at least one kind of update.',
    );
  }
}

export function createConfiguration(
  store: Store,
  input: ConfigurationInput & { features: FeaturesInput },
  fields: { id?: string; isDefault?: boolean } = {},
): PortalConfigurationObject {
  const now = nowSeconds();
  const configuration: PortalConfigurationObject = {
    id: fields.id ?? newId('bpc'),
    object: 'billing_portal.configuration',
    active: true,
    application: null,
    business_profile: {
      headline: input.business_profile?.headline ?? null,
      privacy_policy_url: input.business_profile?.privacy_policy_url ?? null,
      terms_of_service_url: input.business_profile?.terms_of_service_url ?? null,
    },
    created: now,
    default_return_url: input.default_return_url ?? null,
    features: defaultFeatures(),
    is_default: fields.isDefault ?? false,
    livemode: false,
    login_page: { enabled: input.login_page?.enabled ?? false, url: null },
    metadata: input.metadata ?? {},
    name: input.name ?? null,
    updated: now,
  };
  applyFeatures(store, configuration.features, input.features);
  return store.portalConfigurations.add(configuration);
}

export function updateConfiguration(
  store: Store,
  configuration: PortalConfigurationObject,
  input: ConfigurationInput,
): PortalConfigurationObject {
  // Checked on a copy, so a refused update changes nothing.
  const features = structuredClone(configuration.features);
  if (input.features) applyFeatures(store, features, input.features);
  if (input.active === false && configuration.is_default) {
    throw stateError('You cannot deactivate the default configuration.', { param: 'active' });
  }
  configuration.features = features;
  if (input.active != null) configuration.active = input.active;
  if (input.business_profile) {
    const profile = configuration.business_profile;
    if (input.business_profile.headline !== undefined)
      profile.headline = input.business_profile.headline;
    if (input.business_profile.privacy_policy_url !== undefined)
      profile.privacy_policy_url = input.business_profile.privacy_policy_url;
    if (input.business_profile.terms_of_service_url !== undefined)
      profile.terms_of_service_url = input.business_profile.terms_of_service_url;
  }
  if (input.default_return_url !== undefined)
    configuration.default_return_url = input.default_return_url;
  if (input.login_page) configuration.login_page.enabled = input.login_page.enabled;
  if (input.metadata !== undefined) configuration.metadata = input.metadata;
  if (input.name !== undefined) configuration.name = input.name;
  configuration.updated = nowSeconds();
  return configuration;
}

/**
 * The account's default configuration, made on first use: cancel (at the period's end), card
 * update and invoice history on, plan switching off (a Dashboard setting until a catalogue is
 * configured).
 */
export function defaultConfiguration(store: Store): PortalConfigurationObject {
  return (
    store.portalConfigurations.find(DEFAULT_CONFIGURATION_ID) ??
    createConfiguration(
      store,
      {
        features: {
          invoice_history: { enabled: true },
          payment_method_update: { enabled: true },
          subscription_cancel: { enabled: true, mode: 'at_period_end' },
        },
      },
      { id: DEFAULT_CONFIGURATION_ID, isDefault: true },
    )
  );
}

/** The configuration a session is opened with: the one named (active), else the default. */
export function sessionConfiguration(
  store: Store,
  id: string | null | undefined,
): PortalConfigurationObject {
  if (id == null) return defaultConfiguration(store);
  if (id === DEFAULT_CONFIGURATION_ID) return defaultConfiguration(store);
  const configuration = store.portalConfigurations.find(id);
  if (configuration === undefined) {
    throw paramError('configuration', `No such configuration: '${id}'`, 'resource_missing');
  }
  if (!configuration.active) {
    throw paramError(
      'configuration',
      `The configuration ${id} is not active. Activate it or use another one.`,
    );
  }
  return configuration;
}

const INTERVAL_DAYS: Readonly<Record<Recurrence['interval'], number>> = {
  day: 1,
  week: 7,
  month: 30,
  year: 365,
};

function periodDays(price: PriceObject): number {
  const recurrence = recurrenceOf(price);
  return recurrence === null ? 0 : INTERVAL_DAYS[recurrence.interval] * recurrence.interval_count;
}

/**
 * Whether a switch from `current` to `next` waits for the period's end: when any condition of
 * `schedule_at_period_end` holds (a lower item amount; a shorter billing interval).
 */
export function switchWaitsForPeriodEnd(
  configuration: PortalConfigurationObject,
  current: PriceObject,
  next: PriceObject,
): boolean {
  return configuration.features.subscription_update.schedule_at_period_end.conditions.some(
    ({ type }) =>
      type === 'decreasing_item_amount'
        ? (next.unit_amount ?? 0) < (current.unit_amount ?? 0)
        : type === 'shortening_interval'
          ? periodDays(next) < periodDays(current)
          : false,
  );
}

export interface PlanOption {
  price: PriceObject;
  productName: string;
  /** When the switch applies: now (prorated) or at the period's end (`at`, seconds). */
  at: 'now' | number;
}

/**
 * The prices the portal offers this subscription: those of the configuration's catalogue (same
 * currency, active) other than its own, when updates are on and its own product is listed. A
 * subscription that is cancelling, paused, past due or already has a booked change offers none.
 */
export function planOptions(
  store: Store,
  configuration: PortalConfigurationObject,
  subscription: SubscriptionObject,
): PlanOption[] {
  const feature = configuration.features.subscription_update;
  const item = subscription.items.data[0];
  if (!feature.enabled || !feature.default_allowed_updates.includes('price') || !item) return [];
  if (subscription.status !== 'active' && subscription.status !== 'trialing') return [];
  if (subscription.cancel_at_period_end || subscription.cancel_at !== null) return [];
  if (subscription.schedule !== null) return [];
  const products = feature.products ?? [];
  if (!products.some((entry) => entry.product === item.price.product)) return [];
  return products.flatMap((entry) =>
    entry.prices.flatMap((priceId) => {
      const price = store.prices.find(priceId);
      if (!price || !price.active || price.id === item.price.id) return [];
      if (price.currency !== subscription.currency || recurrenceOf(price) === null) return [];
      return [
        {
          price,
          productName: store.products.find(price.product)?.name ?? 'Subscription',
          at: switchWaitsForPeriodEnd(configuration, item.price, price)
            ? item.current_period_end
            : ('now' as const),
        },
      ];
    }),
  );
}

/**
 * The portal's "Update plan": the subscription moves to `priceId`. At once, it is the API's price
 * change with the configuration's `proration_behavior` (a proration invoice and its events when
 * `always_invoice`, then `customer.subscription.updated` with `previous_attributes.items`); when a
 * `schedule_at_period_end` condition holds, a subscription schedule is made from the subscription
 * with the new price as its next phase (`subscription_schedule.created`,
 * `customer.subscription.updated` with `previous_attributes.schedule`,
 * `subscription_schedule.updated`), entered when the period renews.
 */
export function switchPlan(
  store: Store,
  batch: EventBatch,
  configuration: PortalConfigurationObject,
  subscription: SubscriptionObject,
  priceId: string,
): 'now' | 'period-end' {
  const option = planOptions(store, configuration, subscription).find(
    (candidate) => candidate.price.id === priceId,
  );
  const item = subscription.items.data[0];
  if (option === undefined || item === undefined) {
    throw stateError('This plan cannot be chosen for this subscription here.', { param: 'price' });
  }
  if (option.at === 'now') {
    const before = structuredClone(subscription);
    changeItemPrice(store, batch, subscription, {
      itemId: item.id,
      price: option.price,
      prorationBehavior: configuration.features.subscription_update
        .proration_behavior as ProrationBehavior,
    });
    emitItemsChanged(batch, before, subscription);
    return 'now';
  }
  const schedule = createFromSubscription(store, batch, subscription);
  const recurrence = recurrenceOf(option.price) ?? { interval: 'month', interval_count: 1 };
  updatePhases(
    store,
    batch,
    schedule,
    [
      {
        items: [{ price: item.price.id, quantity: item.quantity ?? 1 }],
        startDate: schedule.phases[0]?.start_date ?? item.current_period_start,
        endDate: item.current_period_end,
        duration: undefined,
        prorationBehavior: 'none',
      },
      {
        items: [{ price: option.price.id, quantity: item.quantity ?? 1 }],
        startDate: undefined,
        endDate: addInterval(item.current_period_end, recurrence),
        duration: undefined,
        prorationBehavior: 'none',
      },
    ],
    'release',
  );
  return 'period-end';
}
