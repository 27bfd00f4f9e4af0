import {
  applyMetadata,
  hash,
  list,
  metadata,
  pagination,
  params,
  required,
  str,
} from '../http/params';
import type { AddressFields } from '../objects/customer';
import { buildCustomer } from '../objects/customer';
import type { CustomerObject, DeletedCustomerObject } from '../objects/types';
import { paginate, render, renderList } from '../state/render';
import type { Route } from './route';

const address = hash({
  city: str({ max: 200 }),
  country: str({ max: 2 }),
  line1: str({ max: 200 }),
  line2: str({ max: 200 }),
  postal_code: str({ max: 20 }),
  state: str({ max: 200 }),
});

const fields = {
  email: str({ max: 512 }),
  name: str({ max: 256 }),
  phone: str({ max: 20 }),
  description: str({ max: 350 }),
  address,
  preferred_locales: list(required(str())),
  metadata: metadata(),
};

const createParams = params(fields);
const updateParams = params(fields);
const retrieveParams = params({});
const listParams = params({ ...pagination, email: str({ max: 512 }) });

function toAddress(value: ReturnType<typeof address>): AddressFields | null {
  if (value === null || value === undefined) return null;
  return {
    city: value.city ?? null,
    country: value.country ?? null,
    line1: value.line1 ?? null,
    line2: value.line2 ?? null,
    postal_code: value.postal_code ?? null,
    state: value.state ?? null,
  };
}

export const customerRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/customers',
    handle: ({ store, form, batch }) => {
      const input = createParams(form);
      const customer = store.customers.add(
        buildCustomer({
          email: input.email ?? null,
          name: input.name ?? null,
          phone: input.phone ?? null,
          description: input.description ?? null,
          address: toAddress(input.address),
          preferred_locales: input.preferred_locales ?? [],
          metadata: applyMetadata({}, input.metadata),
        }),
      );
      batch.emit('customer.created', customer);
      return render(store, customer, input.expand);
    },
  },
  {
    method: 'GET',
    path: '/v1/customers/:id',
    handle: ({ store, form, ids }) => {
      const input = retrieveParams(form);
      const customer = store.customers.get(ids.id ?? '');
      return render(store, customer, input.expand);
    },
  },
  {
    method: 'POST',
    path: '/v1/customers/:id',
    handle: ({ store, form, ids, batch }) => {
      const input = updateParams(form);
      const customer = store.customer(ids.id ?? '');
      const before = structuredClone(customer);
      if (input.email !== undefined) customer.email = input.email;
      if (input.name !== undefined) customer.name = input.name;
      if (input.phone !== undefined) customer.phone = input.phone;
      if (input.description !== undefined) customer.description = input.description;
      if (input.address !== undefined) customer.address = toAddress(input.address);
      if (input.preferred_locales !== undefined) {
        customer.preferred_locales = input.preferred_locales ?? [];
      }
      customer.metadata = applyMetadata(customer.metadata, input.metadata);
      const previous: Record<string, unknown> = {};
      for (const key of Object.keys(customer) as (keyof CustomerObject)[]) {
        if (JSON.stringify(before[key]) !== JSON.stringify(customer[key]))
          previous[key] = before[key];
      }
      if (Object.keys(previous).length > 0) batch.emit('customer.updated', customer, previous);
      return render(store, customer, input.expand);
    },
  },
  {
    method: 'DELETE',
    path: '/v1/customers/:id',
    handle: ({ store, form, ids, batch }) => {
      retrieveParams(form);
      const customer = store.customer(ids.id ?? '');
      const deleted: DeletedCustomerObject = { id: customer.id, object: 'customer', deleted: true };
      store.customers.add(deleted);
      batch.emit('customer.deleted', customer);
      return deleted;
    },
  },
  {
    method: 'GET',
    path: '/v1/customers',
    handle: ({ store, form }) => {
      const input = listParams(form);
      const customers = store.customers
        .newestFirst()
        .filter((customer): customer is CustomerObject => !('deleted' in customer))
        .filter((customer) => input.email == null || customer.email === input.email);
      return renderList(store, paginate(customers, input, '/v1/customers'), input.expand);
    },
  },
];
