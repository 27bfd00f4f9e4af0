// Changes to a running subscription that move money mid-period, as Stripe bills them: a new price
// (prorated: credit for the unused time on the old price, charge for the rest of the period on the
// new one), a pause (the `pause` endpoint of flexible billing mode: no invoices, credit for the
// unused time kept for the next invoice) and its resume (a new period from now).
import { stateError } from '../http/errors';
import { addInterval, recurrenceOf } from '../objects/catalog';
import { nowSeconds } from '../objects/ids';
import type { BillingReason, InvoiceLineFields } from '../objects/invoice';
import { buildInvoice, finalizeInvoice } from '../objects/invoice';
import type {
  InvoiceObject,
  PriceObject,
  SubscriptionItemObject,
  SubscriptionObject,
} from '../objects/types';
import type { EventBatch } from '../state/events';
import type { Store } from '../state/store';
import { chargeInvoice } from './invoicing';

export type ProrationBehavior = 'always_invoice' | 'create_prorations' | 'none';

function productName(store: Store, price: PriceObject): string {
  return store.products.find(price.product)?.name ?? 'Subscription';
}

function dateText(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** The share of the item's current period still ahead at `now` (0…1). */
function unusedShare(item: SubscriptionItemObject, now: number): number {
  const length = item.current_period_end - item.current_period_start;
  if (length <= 0) return 0;
  return Math.min(1, Math.max(0, (item.current_period_end - now) / length));
}

/** "Unused time on X after date": the credit for the rest of the period on the item's price. */
function unusedTimeLine(
  store: Store,
  subscription: SubscriptionObject,
  item: SubscriptionItemObject,
  now: number,
): InvoiceLineFields {
  const amount = Math.round(
    (item.price.unit_amount ?? 0) * (item.quantity ?? 1) * unusedShare(item, now),
  );
  return {
    price: item.price,
    quantity: item.quantity ?? 1,
    description: `Unused time on ${productName(store, item.price)} after ${dateText(now)}`,
    subscriptionItem: item.id,
    periodStart: now,
    periodEnd: item.current_period_end,
    amount: -amount,
    proration: true,
  };
}

/** "Remaining time on Y after date": the charge for the rest of the period on the new price. */
function remainingTimeLine(
  store: Store,
  item: SubscriptionItemObject,
  price: PriceObject,
  now: number,
): InvoiceLineFields {
  const amount = Math.round(
    (price.unit_amount ?? 0) * (item.quantity ?? 1) * unusedShare(item, now),
  );
  return {
    price,
    quantity: item.quantity ?? 1,
    description: `Remaining time on ${productName(store, price)} after ${dateText(now)}`,
    subscriptionItem: item.id,
    periodStart: now,
    periodEnd: item.current_period_end,
    amount,
    proration: true,
  };
}

/** Adds lines to the subscription's next invoice (Stripe's pending invoice items). */
export function addPendingLines(
  store: Store,
  subscription: SubscriptionObject,
  lines: InvoiceLineFields[],
): void {
  store.pendingLines.set(subscription.id, [
    ...(store.pendingLines.get(subscription.id) ?? []),
    ...lines,
  ]);
}

/** Takes the subscription's pending lines for the invoice being made. */
export function takePendingLines(
  store: Store,
  subscription: SubscriptionObject,
): InvoiceLineFields[] {
  const lines = store.pendingLines.get(subscription.id) ?? [];
  store.pendingLines.delete(subscription.id);
  return lines;
}

/**
 * An invoice for the subscription now, with its events: `invoice.created`, `invoice.finalized`,
 * then paid (`invoice.paid`, `invoice.payment_succeeded`) or declined
 * (`invoice.payment_failed`). Returns whether it was paid.
 */
export function invoiceNow(
  store: Store,
  batch: EventBatch,
  subscription: SubscriptionObject,
  lines: InvoiceLineFields[],
  billingReason: BillingReason,
  period: { start: number; end: number },
): { invoice: InvoiceObject; paid: boolean } {
  const customer = store.customer(subscription.customer);
  const invoice = store.invoices.add(
    buildInvoice({
      customer,
      subscription: subscription.id,
      subscriptionMetadata: subscription.metadata,
      billingReason,
      currency: subscription.currency,
      lines,
      periodStart: period.start,
      periodEnd: period.end,
    }),
  );
  subscription.latest_invoice = invoice.id;
  batch.emit('invoice.created', invoice);
  finalizeInvoice(invoice, customer);
  batch.emit('invoice.finalized', invoice);
  const paid = chargeInvoice(store, batch, invoice, customer, 'Subscription update');
  return { invoice, paid };
}

function requireRunning(subscription: SubscriptionObject, action: string): void {
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
    throw stateError(`This subscription is ${subscription.status} and cannot be changed.`);
  }
  if (subscription.status === 'paused') {
    throw stateError(`A paused subscription cannot ${action}. Resume it first.`);
  }
}

/**
 * A new price on the subscription's item (`items[0][price]`), as `POST /v1/subscriptions/:id`
 * with `proration_behavior` does: `always_invoice` bills the difference for the rest of the period
 * at once (billing_reason `subscription_update`), `create_prorations` keeps it for the next
 * invoice, `none` changes the price from the next period only. A new interval starts a new period
 * now, billed in full less the unused time. Returns the proration invoice, if one was made.
 */
export function changeItemPrice(
  store: Store,
  batch: EventBatch,
  subscription: SubscriptionObject,
  change: { itemId: string; price: PriceObject; prorationBehavior: ProrationBehavior },
): InvoiceObject | null {
  requireRunning(subscription, 'change its price');
  if (subscription.schedule !== null) {
    throw stateError(
      `The subscription is managed by the subscription schedule \`${subscription.schedule}\`, and updating its items directly is not allowed.`,
    );
  }
  const item = subscription.items.data.find((candidate) => candidate.id === change.itemId);
  if (item === undefined)
    throw stateError(`No such subscription item: '${change.itemId}'`, { param: 'items[0][id]' });
  const price = change.price;
  const next = recurrenceOf(price);
  if (next === null) throw stateError('The price must be recurring.', { param: 'items[0][price]' });
  if (price.currency !== subscription.currency) {
    throw stateError("The price must be in the subscription's currency.", {
      param: 'items[0][price]',
    });
  }
  if (price.id === item.price.id) return null;
  const now = nowSeconds();
  const current = recurrenceOf(item.price);
  const sameCadence =
    current?.interval === next.interval && current.interval_count === next.interval_count;
  const credit = unusedTimeLine(store, subscription, item, now);
  let lines: InvoiceLineFields[];
  let reason: BillingReason = 'subscription_update';
  if (sameCadence) {
    lines = [credit, remainingTimeLine(store, item, price, now)];
    item.price = price;
  } else {
    // A new cadence starts a new period now, as Stripe resets the billing cycle anchor.
    item.price = price;
    subscription.billing_cycle_anchor = now;
    store.cycles.set(subscription.id, 0);
    item.current_period_start = now;
    item.current_period_end = addInterval(now, next);
    lines = [
      credit,
      {
        price,
        quantity: item.quantity ?? 1,
        description: `${item.quantity ?? 1} × ${productName(store, price)}`,
        subscriptionItem: item.id,
        periodStart: now,
        periodEnd: item.current_period_end,
      },
    ];
    reason = 'subscription_update';
  }
  item.plan = {
    ...item.plan,
    id: price.id,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    interval: next.interval,
    interval_count: next.interval_count,
    product: price.product,
  };
  if (change.prorationBehavior === 'none' && sameCadence) return null;
  if (change.prorationBehavior === 'create_prorations' && sameCadence) {
    addPendingLines(store, subscription, lines);
    return null;
  }
  const first = subscription.items.data[0];
  const { invoice, paid } = invoiceNow(store, batch, subscription, lines, reason, {
    start: now,
    end: first?.current_period_end ?? now,
  });
  if (!paid) subscription.status = 'past_due';
  return invoice;
}

/** `customer.subscription.updated` for a price change (the invoice events came first). */
export function emitItemsChanged(
  batch: EventBatch,
  before: SubscriptionObject,
  after: SubscriptionObject,
): void {
  if (JSON.stringify(before.items) === JSON.stringify(after.items)) return;
  const previous: Record<string, unknown> = { items: before.items };
  if (before.status !== after.status) previous.status = before.status;
  if (before.latest_invoice !== after.latest_invoice)
    previous.latest_invoice = before.latest_invoice;
  batch.emit('customer.subscription.updated', after, previous);
}

type PauseType = 'pause_requested';

/**
 * Pauses the subscription (`POST /v1/subscriptions/:id/pause`): status `paused` with
 * `status_details`, no invoices until it resumes; the unused time of the current period is
 * credited (`bill_for[unused_time_from][type]` `now`, the default) on the next invoice
 * (`invoicing_behavior` `pending_invoice_item`) or at once (`invoice`). Flexible billing mode
 * only, and not while a schedule manages it, as on Stripe.
 */
export function pauseSubscription(
  store: Store,
  subscription: SubscriptionObject,
  options: {
    unusedTimeFrom: 'now' | 'none' | 'item_current_period_start';
    invoicingBehavior: 'invoice' | 'pending_invoice_item';
  },
  batch: EventBatch,
): SubscriptionObject {
  if (subscription.billing_mode.type !== 'flexible') {
    throw stateError(
      'To pause a subscription, it must use flexible billing mode (`billing_mode[type]=flexible`).',
    );
  }
  if (subscription.schedule !== null) {
    throw stateError('Cannot pause subscriptions with attached schedules.');
  }
  if (subscription.status !== 'active' && subscription.status !== 'trialing') {
    throw stateError(
      `Only active or trialing subscriptions can be paused; this one is ${subscription.status}.`,
    );
  }
  const before = structuredClone(subscription);
  const now = nowSeconds();
  const credits: InvoiceLineFields[] = [];
  for (const item of subscription.items.data) {
    if (options.unusedTimeFrom === 'now')
      credits.push(unusedTimeLine(store, subscription, item, now));
    if (options.unusedTimeFrom === 'item_current_period_start') {
      credits.push({
        ...unusedTimeLine(store, subscription, item, item.current_period_start),
        periodStart: item.current_period_start,
      });
    }
    item.current_period_end = now;
  }
  const owed = credits.filter((line) => (line.amount ?? 0) !== 0);
  if (owed.length > 0 && options.invoicingBehavior === 'invoice') {
    invoiceNow(store, batch, subscription, owed, 'subscription_update', { start: now, end: now });
  } else if (owed.length > 0) {
    addPendingLines(store, subscription, owed);
  }
  const type: PauseType = 'pause_requested';
  subscription.status = 'paused';
  subscription.status_details = {
    paused: { subscription: { type }, transitioned_at: now, type: 'subscription' },
  };
  batch.emit('customer.subscription.paused', subscription);
  batch.emit(
    'customer.subscription.updated',
    subscription,
    previousAttributes(before, subscription),
  );
  return subscription;
}

/**
 * Resumes a paused subscription (`POST /v1/subscriptions/:id/resume`). With
 * `billing_cycle_anchor` `now` (the default) a new period starts now and its invoice (with the
 * pause's credit; billing_reason `subscription_update`) is paid at once; `unchanged` continues the
 * old cycle from the period around now without an invoice. A declined card leaves it `past_due`
 * (`resume_on_payment_attempt`, the default) or still `paused` (`resume_on_payment_success`).
 */
export function resumeSubscription(
  store: Store,
  batch: EventBatch,
  subscription: SubscriptionObject,
  options: {
    anchor: 'now' | 'unchanged';
    paymentBehavior: 'resume_on_payment_attempt' | 'resume_on_payment_success';
  },
): SubscriptionObject {
  if (subscription.status !== 'paused') {
    throw stateError(
      `Only a paused subscription can be resumed; this one is ${subscription.status}.`,
    );
  }
  const before = structuredClone(subscription);
  const now = nowSeconds();
  const first = subscription.items.data[0];
  const recurrence = (first && recurrenceOf(first.price)) ?? {
    interval: 'month' as const,
    interval_count: 1,
  };
  if (options.anchor === 'unchanged') {
    let cycle = 0;
    while (addInterval(subscription.billing_cycle_anchor, recurrence, cycle + 1) <= now) cycle += 1;
    store.cycles.set(subscription.id, cycle);
    for (const item of subscription.items.data) {
      item.current_period_start = addInterval(subscription.billing_cycle_anchor, recurrence, cycle);
      item.current_period_end = addInterval(
        subscription.billing_cycle_anchor,
        recurrence,
        cycle + 1,
      );
    }
    return finishResume(batch, subscription, before, 'active');
  }
  subscription.billing_cycle_anchor = now;
  store.cycles.set(subscription.id, 0);
  for (const item of subscription.items.data) {
    item.current_period_start = now;
    item.current_period_end = addInterval(now, recurrenceOf(item.price) ?? recurrence);
  }
  const lines: InvoiceLineFields[] = [
    ...subscription.items.data.map((item) => ({
      price: item.price,
      quantity: item.quantity ?? 1,
      description: `${item.quantity ?? 1} × ${productName(store, item.price)}`,
      subscriptionItem: item.id,
      periodStart: item.current_period_start,
      periodEnd: item.current_period_end,
    })),
    ...takePendingLines(store, subscription),
  ];
  const { paid } = invoiceNow(store, batch, subscription, lines, 'subscription_update', {
    start: now,
    end: now,
  });
  if (!paid && options.paymentBehavior === 'resume_on_payment_success') {
    subscription.status = 'paused';
    return subscription;
  }
  return finishResume(batch, subscription, before, paid ? 'active' : 'past_due');
}

function finishResume(
  batch: EventBatch,
  subscription: SubscriptionObject,
  before: SubscriptionObject,
  status: 'active' | 'past_due',
): SubscriptionObject {
  subscription.status = status;
  delete subscription.status_details;
  batch.emit('customer.subscription.resumed', subscription);
  batch.emit(
    'customer.subscription.updated',
    subscription,
    previousAttributes(before, subscription),
  );
  return subscription;
}

/** The top-level fields that differ, with their old values (Stripe's `previous_attributes`). */
export function previousAttributes(
  before: SubscriptionObject,
  after: SubscriptionObject,
): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<
    keyof SubscriptionObject
  >;
  for (const key of keys) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      previous[key] = before[key] ?? null;
  }
  return previous;
}
