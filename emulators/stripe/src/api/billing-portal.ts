import {
  applyMetadata,
  bool,
  hash,
  list,
  metadata,
  oneOf,
  pagination,
  params,
  required,
  str,
} from '../http/params';
import { paramError } from '../http/errors';
import { createPortalSession } from '../flows/portal';
import {
  DEFAULT_CONFIGURATION_ID,
  createConfiguration,
  defaultConfiguration,
  updateConfiguration,
} from '../flows/portal-configurations';
import { paginate, render, renderList } from '../state/render';
import type { Route } from './route';

const createParams = params({
  customer: required(str()),
  return_url: str({ max: 5000 }),
  locale: str({ max: 10 }),
  configuration: str(),
});

const PRORATION = ['always_invoice', 'create_prorations', 'none'] as const;

function featuresShape(enabledRequired: boolean) {
  const enabled = enabledRequired ? required(bool()) : bool();
  return hash({
    customer_update: hash({
      allowed_updates: list(
        required(oneOf(['address', 'email', 'name', 'phone', 'shipping', 'tax_id'])),
      ),
      enabled,
    }),
    invoice_history: hash({ enabled: required(bool()) }),
    payment_method_update: hash({
      enabled: required(bool()),
      payment_method_configuration: str(),
    }),
    subscription_cancel: hash({
      enabled,
      mode: oneOf(['at_period_end', 'immediately']),
      proration_behavior: oneOf(PRORATION),
      cancellation_reason: hash({
        enabled: required(bool()),
        options: list(required(str())),
      }),
    }),
    subscription_pause: hash({ enabled: bool() }),
    subscription_update: hash({
      enabled,
      default_allowed_updates: list(required(oneOf(['price', 'promotion_code', 'quantity']))),
      products: list(
        required(
          hash({
            product: required(str()),
            prices: required(list(required(str()))),
          }),
        ),
      ),
      proration_behavior: oneOf(PRORATION),
      schedule_at_period_end: hash({
        conditions: list(
          required(
            hash({ type: required(oneOf(['decreasing_item_amount', 'shortening_interval'])) }),
          ),
        ),
      }),
      billing_cycle_anchor: oneOf(['now', 'unchanged']),
      trial_update_behavior: oneOf(['continue_trial', 'end_trial']),
    }),
  });
}

const businessProfile = hash({
  headline: str({ max: 60 }),
  privacy_policy_url: str(),
  terms_of_service_url: str(),
});

const configurationCreateParams = params({
  features: required(featuresShape(true)),
  business_profile: businessProfile,
  default_return_url: str(),
  login_page: hash({ enabled: required(bool()) }),
  metadata: metadata(),
  name: str({ max: 256 }),
});
const configurationUpdateParams = params({
  active: bool(),
  features: featuresShape(false),
  business_profile: businessProfile,
  default_return_url: str(),
  login_page: hash({ enabled: required(bool()) }),
  metadata: metadata(),
  name: str({ max: 256 }),
});
const configurationListParams = params({ ...pagination, active: bool(), is_default: bool() });
const retrieveParams = params({});

function checkUrl(value: string | null | undefined, param = 'return_url'): string | null {
  if (value === null || value === undefined) return null;
  try {
    new URL(value);
  } catch {
    throw paramError(param, 'Not a valid URL', 'url_invalid');
  }
  return value;
}

/** The configuration by id; the default one is made on first use. */
function findConfiguration(store: Parameters<Route['handle']>[0]['store'], id: string) {
  if (id === DEFAULT_CONFIGURATION_ID) return defaultConfiguration(store);
  return store.portalConfigurations.get(id);
}

export const billingPortalRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/billing_portal/sessions',
    handle: ({ store, form }) => {
      const input = createParams(form);
      const session = createPortalSession(store, {
        customer: input.customer,
        returnUrl: checkUrl(input.return_url),
        locale: input.locale ?? null,
        configuration: input.configuration,
      });
      return render(store, session, input.expand);
    },
  },
  {
    method: 'POST',
    path: '/v1/billing_portal/configurations',
    handle: ({ store, form }) => {
      const input = configurationCreateParams(form);
      const configuration = createConfiguration(store, {
        features: input.features,
        business_profile: input.business_profile,
        default_return_url: checkUrl(input.default_return_url, 'default_return_url'),
        login_page: input.login_page,
        metadata: applyMetadata({}, input.metadata),
        name: input.name,
      });
      return render(store, configuration, input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/billing_portal/configurations',
    handle: ({ store, form }) => {
      const input = configurationListParams(form);
      defaultConfiguration(store);
      const matching = store.portalConfigurations
        .newestFirst()
        .filter(
          (configuration) =>
            (input.active == null || configuration.active === input.active) &&
            (input.is_default == null || configuration.is_default === input.is_default),
        );
      return renderList(
        store,
        paginate(matching, input, '/v1/billing_portal/configurations'),
        input.expand,
      );
    },
  },
  {
    method: 'GET',
    path: '/v1/billing_portal/configurations/:id',
    handle: ({ store, form, ids }) => {
      const input = retrieveParams(form);
      return render(store, findConfiguration(store, ids.id ?? ''), input.expand);
    },
  },
  {
    method: 'POST',
    path: '/v1/billing_portal/configurations/:id',
    handle: ({ store, form, ids }) => {
      const input = configurationUpdateParams(form);
      const configuration = findConfiguration(store, ids.id ?? '');
      updateConfiguration(store, configuration, {
        active: input.active,
        features: input.features,
        business_profile: input.business_profile,
        ...(input.default_return_url === undefined
          ? {}
          : { default_return_url: checkUrl(input.default_return_url, 'default_return_url') }),
        login_page: input.login_page,
        ...(input.metadata === undefined
          ? {}
          : { metadata: applyMetadata(configuration.metadata ?? {}, input.metadata) }),
        ...(input.name === undefined ? {} : { name: input.name }),
      });
      return render(store, configuration, input.expand);
    },
  },
];
