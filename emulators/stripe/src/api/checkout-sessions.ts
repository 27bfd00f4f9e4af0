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
import { buildPrice, buildProduct, recurrenceOf } from '../objects/catalog';
import { buildLineItem, buildSession } from '../objects/checkout-session';
import { nowSeconds } from '../objects/ids';
import type { LineItemObject, PriceObject, SessionObject } from '../objects/types';
import { expireIfDue, expireSession } from '../flows/checkout';
import type { Store } from '../state/store';
import { paginate, render, renderList } from '../state/render';
import type { Route } from './route';

const productData = hash({
  name: required(str({ max: 250 })),
  description: str({ max: 40_000 }),
  images: list(required(str({ max: 2048 }))),
  metadata: metadata(),
  tax_code: str(),
});

const priceData = hash({
  currency: required(str()),
  unit_amount: int({ min: 0 }),
  unit_amount_decimal: str(),
  product: str(),
  product_data: productData,
  recurring: hash({
    interval: required(oneOf(['day', 'week', 'month', 'year'])),
    interval_count: int({ min: 1 }),
  }),
  tax_behavior: oneOf(['exclusive', 'inclusive', 'unspecified']),
});

const lineItem = hash({
  price: str(),
  price_data: priceData,
  quantity: int({ min: 1, max: 999_999 }),
});

const createParams = params({
  mode: required(oneOf(['payment', 'setup', 'subscription'])),
  line_items: list(required(lineItem)),
  customer: str(),
  customer_email: str({ max: 800 }),
  client_reference_id: str({ max: 200 }),
  metadata: metadata(),
  subscription_data: hash({
    metadata: metadata(),
    description: str({ max: 500 }),
    trial_end: int(),
    billing_mode: hash({
      type: required(oneOf(['classic', 'flexible'])),
      flexible: hash({ proration_discounts: oneOf(['included', 'itemized']) }),
    }),
  }),
  payment_intent_data: hash({
    metadata: metadata(),
    description: str({ max: 1000 }),
    receipt_email: str(),
    setup_future_usage: oneOf(['off_session', 'on_session']),
    statement_descriptor: str({ max: 22 }),
    statement_descriptor_suffix: str({ max: 22 }),
  }),
  success_url: str({ max: 5000 }),
  cancel_url: str({ max: 5000 }),
  expires_at: int(),
  locale: str(),
  payment_method_types: list(required(str())),
  allow_promotion_codes: bool(),
  billing_address_collection: oneOf(['auto', 'required']),
  customer_creation: oneOf(['always', 'if_required']),
  submit_type: oneOf(['auto', 'book', 'donate', 'pay', 'subscribe']),
  ui_mode: oneOf(['hosted']),
});

type CreateInput = ReturnType<typeof createParams>;
type LineItemInput = NonNullable<ReturnType<typeof lineItem>>;

/** Stripe's minimum charge per currency, in minor units (others: 50). */
const MINIMUM_CHARGE: Record<string, number> = {
  usd: 50,
  eur: 50,
  gbp: 30,
  mxn: 1000,
  cad: 50,
  aud: 50,
  brl: 50,
  jpy: 50,
};

function checkUrl(value: string | null | undefined, param: string): string | null {
  if (value === null || value === undefined) return null;
  try {
    new URL(value.replaceAll('{CHECKOUT_SESSION_ID}', 'cs_test'));
  } catch {
    throw paramError(param, 'Not a valid URL', 'url_invalid');
  }
  return value;
}

function wholeAmount(input: LineItemInput['price_data'], path: string): number {
  if (input?.unit_amount !== undefined && input.unit_amount !== null) return input.unit_amount;
  const decimal = input?.unit_amount_decimal;
  if (decimal !== undefined && decimal !== null) {
    if (!/^\d+(\.0+)?$/.test(decimal)) {
      throw paramError(
        `${path}[price_data][unit_amount_decimal]`,
        'The sandbox supports whole minor units only in unit_amount_decimal.',
      );
    }
    return Number.parseInt(decimal, 10);
  }
  throw paramError(
    `${path}[price_data][unit_amount]`,
    'You must specify either `unit_amount` or `unit_amount_decimal`.',
    'parameter_missing',
  );
}

/** The price for one `line_items[]` entry: an existing `price` or an inline `price_data`. */
function priceFor(store: Store, item: LineItemInput, path: string): PriceObject {
  if ((item.price == null) === (item.price_data == null)) {
    throw paramError(path, `You must specify either \`price\` or \`price_data\` in ${path}.`);
  }
  if (item.price != null) return store.prices.get(item.price, `${path}[price]`, 400);
  const data = item.price_data as NonNullable<LineItemInput['price_data']>;
  const currency = data.currency.toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) {
    throw paramError(`${path}[price_data][currency]`, `Invalid currency: ${data.currency}`);
  }
  if ((data.product == null) === (data.product_data == null)) {
    throw paramError(
      `${path}[price_data]`,
      'You must specify either `product` or `product_data` when creating a price.',
    );
  }
  const unitAmount = wholeAmount(data, path);
  let product: string;
  if (data.product != null) {
    product = store.products.get(data.product, `${path}[price_data][product]`, 400).id;
  } else {
    const details = data.product_data as NonNullable<typeof data.product_data>;
    product = store.products.add(
      buildProduct({
        name: details.name,
        description: details.description ?? null,
        images: details.images ?? [],
        metadata: applyMetadata(
          {},
          details.metadata,
          `${path}[price_data][product_data][metadata]`,
        ),
      }),
    ).id;
  }
  return store.prices.add(
    buildPrice({
      product,
      currency,
      unitAmount,
      recurring:
        data.recurring == null
          ? null
          : {
              interval: data.recurring.interval,
              interval_count: data.recurring.interval_count ?? 1,
            },
      taxBehavior: data.tax_behavior ?? null,
    }),
  );
}

function lineItemsFor(
  store: Store,
  input: CreateInput,
  mode: 'payment' | 'subscription',
): LineItemObject[] {
  if (input.line_items == null || input.line_items.length === 0) {
    throw paramError('line_items', 'Missing required param: line_items.', 'parameter_missing');
  }
  const items = input.line_items.map((item, index) => {
    const path = `line_items[${index}]`;
    if (item.quantity == null) {
      throw paramError(
        `${path}[quantity]`,
        `Missing required param: ${path}[quantity].`,
        'parameter_missing',
      );
    }
    const price = priceFor(store, item, path);
    if (mode === 'payment' && price.recurring !== null) {
      throw paramError(
        path,
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
      );
    }
    const name = store.products.find(price.product)?.name ?? 'Item';
    return buildLineItem(price, item.quantity, name);
  });
  const currency = items[0]?.currency;
  items.forEach((item, index) => {
    if (item.currency !== currency) {
      throw paramError(
        `line_items[${index}]`,
        'All line items in a Checkout Session must use the same currency.',
      );
    }
  });
  if (mode === 'subscription') {
    const recurring = items.filter((item) => item.price.recurring !== null);
    if (recurring.length === 0) {
      throw paramError(
        'line_items',
        'You must provide at least one recurring price in `subscription` mode when using prices.',
      );
    }
    const cadence = (item: LineItemObject): string => {
      const recurrence = recurrenceOf(item.price);
      return `${recurrence?.interval_count ?? 0} ${recurrence?.interval ?? ''}`;
    };
    const first = cadence(recurring[0] as LineItemObject);
    if (recurring.some((item) => cadence(item) !== first)) {
      throw paramError(
        'line_items',
        'Checkout does not support multiple prices with different billing intervals.',
      );
    }
  }
  return items;
}

/** Checkout's trial must end at least 48 hours after the session is created, as on Stripe. */
function checkTrialEnd(trialEnd: number | null | undefined, now: number): number | null {
  if (trialEnd == null) return null;
  if (trialEnd < now + 48 * 3600) {
    throw paramError(
      'subscription_data[trial_end]',
      '`subscription_data[trial_end]` must be at least 48 hours in the future.',
    );
  }
  return trialEnd;
}

function createSession(store: Store, input: CreateInput): SessionObject {
  if (input.mode === 'setup') {
    throw paramError('mode', 'The sandbox supports `payment` and `subscription` mode only.');
  }
  const mode = input.mode;
  if (input.customer != null && input.customer_email != null) {
    throw paramError(
      'customer_email',
      'You may only specify one of these parameters: customer, customer_email.',
      'parameters_exclusive',
    );
  }
  const customer = input.customer == null ? null : store.customer(input.customer, 'customer', 400);
  if (mode === 'subscription' && input.payment_intent_data != null) {
    throw paramError(
      'payment_intent_data',
      'You can not pass `payment_intent_data` in `subscription` mode.',
    );
  }
  if (mode === 'payment' && input.subscription_data != null) {
    throw paramError(
      'subscription_data',
      'You can not pass `subscription_data` in `payment` mode.',
    );
  }
  const now = nowSeconds();
  const expiresAt = input.expires_at ?? now + 24 * 3600;
  if (expiresAt > now + 24 * 3600) {
    throw paramError(
      'expires_at',
      'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
    );
  }
  if (expiresAt < now + 30 * 60) {
    throw paramError(
      'expires_at',
      'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
    );
  }
  const successUrl = checkUrl(input.success_url, 'success_url');
  const cancelUrl = checkUrl(input.cancel_url, 'cancel_url');
  const sessionMetadata = applyMetadata({}, input.metadata);
  const subscriptionMetadata = applyMetadata(
    {},
    input.subscription_data?.metadata,
    'subscription_data[metadata]',
  );
  const paymentMetadata = applyMetadata(
    {},
    input.payment_intent_data?.metadata,
    'payment_intent_data[metadata]',
  );

  const lineItems = lineItemsFor(store, input, mode);
  const currency = lineItems[0]?.currency ?? 'usd';
  const amountTotal = lineItems.reduce((sum, item) => sum + item.amount_total, 0);
  const minimum = MINIMUM_CHARGE[currency] ?? 50;
  if (mode === 'payment' && amountTotal < minimum) {
    throw paramError(
      'line_items',
      `The Checkout Session's total amount due must add up to at least ${(minimum / 100).toFixed(2)} ${currency}`,
    );
  }

  const session = store.sessions.add(
    buildSession({
      mode,
      url: (id) => `${store.baseUrl}/checkout/${id}`,
      currency,
      amountTotal,
      customer: customer?.id ?? null,
      customerEmail: input.customer_email ?? null,
      clientReferenceId: input.client_reference_id ?? null,
      metadata: sessionMetadata,
      successUrl,
      cancelUrl,
      expiresAt,
      locale: input.locale ?? null,
      paymentMethodTypes: input.payment_method_types ?? ['card'],
      allowPromotionCodes: input.allow_promotion_codes ?? null,
      submitType: input.submit_type ?? null,
      billingAddressCollection: input.billing_address_collection ?? null,
    }),
  );
  store.sessionSetups.set(session.id, {
    lineItems,
    paymentIntentData: {
      metadata: paymentMetadata,
      description: input.payment_intent_data?.description ?? null,
      receiptEmail: input.payment_intent_data?.receipt_email ?? null,
    },
    subscriptionData: {
      metadata: subscriptionMetadata,
      description: input.subscription_data?.description ?? null,
      trialEnd: checkTrialEnd(input.subscription_data?.trial_end, now),
      billingMode: input.subscription_data?.billing_mode?.type ?? 'classic',
    },
  });
  return session;
}

const retrieveParams = params({});
const updateParams = params({ metadata: metadata() });
const listParams = params({
  ...pagination,
  customer: str(),
  payment_intent: str(),
  subscription: str(),
  status: oneOf(['open', 'complete', 'expired']),
});
const lineItemParams = params({ ...pagination });

export const checkoutSessionRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/checkout/sessions',
    handle: ({ store, form }) => {
      const input = createParams(form);
      return render(store, createSession(store, input), input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id',
    handle: ({ store, form, ids, batch }) => {
      const input = retrieveParams(form);
      const session = store.sessions.get(ids.id ?? '');
      expireIfDue(store, batch, session);
      return render(store, session, input.expand);
    },
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id',
    handle: ({ store, form, ids }) => {
      const input = updateParams(form);
      const session = store.sessions.get(ids.id ?? '');
      session.metadata = applyMetadata(session.metadata ?? {}, input.metadata);
      return render(store, session, input.expand);
    },
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/expire',
    handle: ({ store, form, ids, batch }) => {
      const input = retrieveParams(form);
      const session = store.sessions.get(ids.id ?? '');
      return render(store, expireSession(store, batch, session), input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id/line_items',
    handle: ({ store, form, ids }) => {
      const input = lineItemParams(form);
      const session = store.sessions.get(ids.id ?? '');
      const items = store.sessionSetups.get(session.id)?.lineItems ?? [];
      const page = paginate(items, input, `/v1/checkout/sessions/${session.id}/line_items`);
      return renderList(store, page, input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions',
    handle: ({ store, form }) => {
      const input = listParams(form);
      const sessions = store.sessions
        .newestFirst()
        .filter((session) => input.customer == null || session.customer === input.customer)
        .filter(
          (session) =>
            input.payment_intent == null || session.payment_intent === input.payment_intent,
        )
        .filter(
          (session) => input.subscription == null || session.subscription === input.subscription,
        )
        .filter((session) => input.status == null || session.status === input.status);
      return renderList(store, paginate(sessions, input, '/v1/checkout/sessions'), input.expand);
    },
  },
];
