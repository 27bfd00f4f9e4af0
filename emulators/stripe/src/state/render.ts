import { paramError } from '../http/errors';
import type { ApiObject, ListObject } from '../objects/types';
import type { Store } from './store';

/** The stored object behind an id, found by its prefix. */
export function objectById(store: Store, id: string): ApiObject | undefined {
  const prefix = /^(cs_test|sub_sched|[a-z]+)_/.exec(id)?.[1];
  // One case per id prefix, alike in form: each names a differently typed collection of the store.
  switch (prefix) {
    case 'cus':
      return store.customers.find(id);
    case 'cs_test':
      return store.sessions.find(id);
    case 'sub':
      return store.subscriptions.find(id);
    case 'in':
      return store.invoices.find(id);
    case 'inpay':
      return store.invoicePayments.find(id);
    case 'pi':
      return store.paymentIntents.find(id);
    case 'ch':
      return store.charges.find(id);
    case 're':
      return store.refunds.find(id);
    case 'du':
      return store.disputes.find(id);
    case 'price':
      return store.prices.find(id);
    case 'prod':
      return store.products.find(id);
    case 'sub_sched':
      return store.schedules.find(id);
    case 'bpc':
      return store.portalConfigurations.find(id);
    default:
      return undefined;
  }
}

function list<T>(data: T[], url: string): ListObject<T> {
  return { object: 'list', data, has_more: false, url };
}

/** Fields that are not on an object unless asked for with `expand[]` (Stripe's "includable"). */
function includable(store: Store, owner: Record<string, unknown>, field: string): unknown {
  const id = String(owner.id);
  if (owner.object === 'checkout.session' && field === 'line_items') {
    return list(
      store.sessionSetups.get(id)?.lineItems ?? [],
      `/v1/checkout/sessions/${id}/line_items`,
    );
  }
  if (owner.object === 'invoice' && field === 'payments') {
    const payments = store.invoicePayments
      .newestFirst()
      .filter((payment) => payment.invoice === id);
    return list(payments, `/v1/invoice_payments?invoice=${id}`);
  }
  if (owner.object === 'charge' && field === 'refunds') {
    const refunds = store.refunds.newestFirst().filter((refund) => refund.charge === id);
    return list(refunds, `/v1/charges/${id}/refunds`);
  }
  return undefined;
}

const MAX_DEPTH = 4;

function cannotExpand(path: string): Error {
  return paramError('expand', `This property cannot be expanded (${path}).`);
}

function expandPath(
  store: Store,
  target: Record<string, unknown>,
  path: string[],
  full: string,
): void {
  const [field, ...rest] = path;
  if (field === undefined) return;
  let value = field in target ? target[field] : includable(store, target, field);
  if (typeof value === 'string') {
    const found = field === 'id' ? undefined : objectById(store, value);
    if (found === undefined) throw cannotExpand(full);
    value = structuredClone(found);
  }
  if (value === undefined) throw cannotExpand(full);
  target[field] = value;
  if (rest.length === 0 || value === null) return;
  if (typeof value !== 'object' || Array.isArray(value)) throw cannotExpand(full);
  const next = value as Record<string, unknown>;
  if (next.object === 'list' && rest[0] === 'data' && Array.isArray(next.data)) {
    for (const item of next.data as Record<string, unknown>[]) {
      expandPath(store, item, rest.slice(1), full);
    }
    return;
  }
  expandPath(store, next, rest, full);
}

function checkDepth(path: string): string[] {
  const segments = path.split('.');
  if (segments.length > MAX_DEPTH || segments.some((segment) => segment === '')) {
    throw paramError(
      'expand',
      `You cannot expand more than ${MAX_DEPTH} levels of a property (${path}).`,
    );
  }
  return segments;
}

/** A copy of the object for the response, with `expand[]` applied. */
export function render(store: Store, object: { id: string }, expand: readonly string[]): unknown {
  const copy = structuredClone(object) as unknown as Record<string, unknown>;
  for (const path of expand) expandPath(store, copy, checkDepth(path), path);
  return copy;
}

/** A list page; `expand[]` paths of a list start with `data.`. */
export function renderList(
  store: Store,
  page: ListObject<object>,
  expand: readonly string[],
): ListObject<unknown> {
  const data = page.data.map((item) => structuredClone(item) as Record<string, unknown>);
  for (const path of expand) {
    const segments = checkDepth(path);
    if (segments[0] !== 'data') {
      throw cannotExpand(path);
    }
    for (const item of data) expandPath(store, item, segments.slice(1), path);
  }
  return { ...page, data };
}

export interface PageParams {
  limit: number | null | undefined;
  starting_after: string | null | undefined;
  ending_before: string | null | undefined;
}

/** Cursor pagination over items already in list order (newest first). */
export function paginate<T extends { id: string }>(
  items: T[],
  params: PageParams,
  url: string,
): ListObject<T> {
  const limit = params.limit ?? 10;
  if (params.starting_after) {
    const index = items.findIndex((item) => item.id === params.starting_after);
    if (index === -1) {
      throw paramError(
        'starting_after',
        `No such object: '${params.starting_after}'`,
        'resource_missing',
      );
    }
    const rest = items.slice(index + 1);
    return { object: 'list', data: rest.slice(0, limit), has_more: rest.length > limit, url };
  }
  if (params.ending_before) {
    const index = items.findIndex((item) => item.id === params.ending_before);
    if (index === -1) {
      throw paramError(
        'ending_before',
        `No such object: '${params.ending_before}'`,
        'resource_missing',
      );
    }
    const before = items.slice(0, index);
    const data = before.slice(Math.max(0, before.length - limit));
    return { object: 'list', data, has_more: before.length > limit, url };
  }
  return { object: 'list', data: items.slice(0, limit), has_more: items.length > limit, url };
}
