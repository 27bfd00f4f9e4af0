// Products and Prices (`/v1/products`, `/v1/prices`): what a studio's plans are sold as, one
// product with a recurring price per plan. Prices cannot change their amount, as on Stripe: a new
// price replaces an old one, which is then archived (`active: false`).
import { paramError } from '../http/errors';
import {
  applyMetadata,
  bool,
  hash,
  int,
  metadata,
  oneOf,
  pagination,
  params,
  required,
  str,
} from '../http/params';
import { buildPrice, buildProduct } from '../objects/catalog';
import { nowSeconds } from '../objects/ids';
import type { PriceObject, ProductObject } from '../objects/types';
import { paginate, render, renderList } from '../state/render';
import type { Route } from './route';

const productCreateParams = params({
  name: required(str({ max: 250 })),
  description: str({ max: 40_000 }),
  metadata: metadata(),
  active: bool(),
});
const productUpdateParams = params({
  name: str({ max: 250 }),
  description: str({ max: 40_000 }),
  metadata: metadata(),
  active: bool(),
});
const productListParams = params({ ...pagination, active: bool() });

const recurring = hash({
  interval: required(oneOf(['day', 'week', 'month', 'year'])),
  interval_count: int({ min: 1, max: 52 }),
});
const priceCreateParams = params({
  currency: required(str()),
  unit_amount: int({ min: 0, max: 99_999_999 }),
  product: str(),
  product_data: hash({ name: required(str({ max: 250 })), metadata: metadata() }),
  recurring,
  metadata: metadata(),
  nickname: str({ max: 5000 }),
  lookup_key: str({ max: 200 }),
  active: bool(),
  tax_behavior: oneOf(['exclusive', 'inclusive', 'unspecified']),
});
const priceUpdateParams = params({
  active: bool(),
  metadata: metadata(),
  nickname: str({ max: 5000 }),
  lookup_key: str({ max: 200 }),
});
const priceListParams = params({
  ...pagination,
  product: str(),
  active: bool(),
  type: oneOf(['one_time', 'recurring']),
});
const retrieveParams = params({});

/** The top-level fields that changed, with their old values (`previous_attributes`). */
function previousOf<T extends object>(before: T, after: T): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      previous[String(key)] = before[key];
  }
  return previous;
}

export const catalogRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/products',
    handle: ({ store, form, batch }) => {
      const input = productCreateParams(form);
      const product = store.products.add(
        buildProduct({
          name: input.name,
          description: input.description ?? null,
          images: [],
          metadata: applyMetadata({}, input.metadata),
          active: input.active ?? true,
        }),
      );
      batch.emit('product.created', product);
      return render(store, product, input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/products/:id',
    handle: ({ store, form, ids }) =>
      render(store, store.products.get(ids.id ?? ''), retrieveParams(form).expand),
  },
  {
    method: 'POST',
    path: '/v1/products/:id',
    handle: ({ store, form, ids, batch }) => {
      const input = productUpdateParams(form);
      const product = store.products.get(ids.id ?? '');
      const before: ProductObject = structuredClone(product);
      if (input.name != null) product.name = input.name;
      if (input.description !== undefined) product.description = input.description;
      if (input.active != null) product.active = input.active;
      product.metadata = applyMetadata(product.metadata, input.metadata);
      const previous = previousOf(before, product);
      if (Object.keys(previous).length > 0) {
        product.updated = nowSeconds();
        batch.emit('product.updated', product, previous);
      }
      return render(store, product, input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/products',
    handle: ({ store, form }) => {
      const input = productListParams(form);
      const products = store.products
        .newestFirst()
        .filter((product) => input.active == null || product.active === input.active);
      return renderList(store, paginate(products, input, '/v1/products'), input.expand);
    },
  },
  {
    method: 'POST',
    path: '/v1/prices',
    handle: ({ store, form, batch }) => {
      const input = priceCreateParams(form);
      const currency = input.currency.toLowerCase();
      if (!/^[a-z]{3}$/.test(currency))
        throw paramError('currency', `Invalid currency: ${input.currency}`);
      if (input.unit_amount == null) {
        throw paramError(
          'unit_amount',
          'Missing required param: unit_amount.',
          'parameter_missing',
        );
      }
      if ((input.product == null) === (input.product_data == null)) {
        throw paramError(
          'product',
          'You must specify either `product` or `product_data` when creating a price.',
        );
      }
      let product: string;
      if (input.product != null) {
        product = store.products.get(input.product, 'product', 400).id;
      } else {
        const data = input.product_data as NonNullable<typeof input.product_data>;
        const created = store.products.add(
          buildProduct({
            name: data.name,
            description: null,
            images: [],
            metadata: applyMetadata({}, data.metadata, 'product_data[metadata]'),
            active: true,
          }),
        );
        batch.emit('product.created', created);
        product = created.id;
      }
      const price = store.prices.add(
        buildPrice({
          product,
          currency,
          unitAmount: input.unit_amount,
          recurring:
            input.recurring == null
              ? null
              : {
                  interval: input.recurring.interval,
                  interval_count: input.recurring.interval_count ?? 1,
                },
          taxBehavior: input.tax_behavior ?? null,
          active: input.active ?? true,
          metadata: applyMetadata({}, input.metadata),
          nickname: input.nickname ?? null,
          lookupKey: input.lookup_key ?? null,
        }),
      );
      batch.emit('price.created', price);
      return render(store, price, input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/prices/:id',
    handle: ({ store, form, ids }) =>
      render(store, store.prices.get(ids.id ?? ''), retrieveParams(form).expand),
  },
  {
    method: 'POST',
    path: '/v1/prices/:id',
    handle: ({ store, form, ids, batch }) => {
      const input = priceUpdateParams(form);
      const price = store.prices.get(ids.id ?? '');
      const before: PriceObject = structuredClone(price);
      if (input.active != null) price.active = input.active;
      if (input.nickname !== undefined) price.nickname = input.nickname;
      if (input.lookup_key !== undefined) price.lookup_key = input.lookup_key;
      price.metadata = applyMetadata(price.metadata, input.metadata);
      const previous = previousOf(before, price);
      if (Object.keys(previous).length > 0) batch.emit('price.updated', price, previous);
      return render(store, price, input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/prices',
    handle: ({ store, form }) => {
      const input = priceListParams(form);
      const prices = store.prices
        .newestFirst()
        .filter((price) => input.product == null || price.product === input.product)
        .filter((price) => input.active == null || price.active === input.active)
        .filter((price) => input.type == null || price.type === input.type);
      return renderList(store, paginate(prices, input, '/v1/prices'), input.expand);
    },
  },
];
