import { paramError, stateError } from '../http/errors';
import type { MetadataPatch } from '../http/params';
import { applyMetadata } from '../http/params';
import { addInterval, recurrenceOf } from '../objects/catalog';
import { nowSeconds } from '../objects/ids';
import type { InvoiceLineFields } from '../objects/invoice';
import { buildSubscription } from '../objects/subscription';
import type { InvoiceObject, PriceObject, SubscriptionObject } from '../objects/types';
import { ApiError } from '../http/errors';
import {
  buildInvoice,
  buildInvoicePayment,
  finalizeInvoice,
  markInvoicePaymentFailed,
} from '../objects/invoice';
import type { EventBatch } from '../state/events';
import type { Store } from '../state/store';
import { takePendingLines } from './billing-changes';
import { payInvoice } from './checkout';
import { createPayment, customerPaymentMethods } from './payments';
import { enterNextPhase } from './schedules';

function requireNotCanceled(subscription: SubscriptionObject): void {
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
    throw stateError(
      `This subscription is ${subscription.status} and cannot be changed. A canceled subscription can only update its cancellation_details and metadata.`,
    );
  }
}

function requireNotPaused(subscription: SubscriptionObject): void {
  if (subscription.status === 'paused') {
    throw stateError(
      'The subscription is paused and will not generate invoices until it has been resumed.',
    );
  }
}

/** A trial that ends now: the next period starts at its end, billed from there. */
function endTrial(store: Store, subscription: SubscriptionObject): void {
  if (subscription.status !== 'trialing') return;
  const end = subscription.trial_end ?? subscription.items.data[0]?.current_period_end;
  if (end === undefined) return;
  subscription.billing_cycle_anchor = end;
  store.cycles.set(subscription.id, -1);
}

function openInvoiceOf(store: Store, subscription: SubscriptionObject): InvoiceObject | null {
  if (subscription.latest_invoice === null) return null;
  const invoice = store.invoices.find(subscription.latest_invoice);
  return invoice?.status === 'open' ? invoice : null;
}

function payerOf(store: Store, subscription: SubscriptionObject) {
  const customer = store.customer(subscription.customer);
  return { customer, payer: { email: customer.email, name: customer.name ?? null } };
}

/**
 * Moves every item to the next billing period and drafts the `subscription_cycle` invoice for it
 * (its own period is the one that just ended, like Stripe's).
 */
function startNextPeriod(store: Store, subscription: SubscriptionObject): InvoiceObject {
  const { customer } = payerOf(store, subscription);
  const cycle = (store.cycles.get(subscription.id) ?? 0) + 1;
  store.cycles.set(subscription.id, cycle);
  const first = subscription.items.data[0];
  const previousStart = first?.current_period_start ?? subscription.start_date;
  const previousEnd = first?.current_period_end ?? nowSeconds();
  for (const item of subscription.items.data) {
    const recurrence = recurrenceOf(item.price) ?? { interval: 'month', interval_count: 1 };
    item.current_period_start = item.current_period_end;
    item.current_period_end = addInterval(subscription.billing_cycle_anchor, recurrence, cycle + 1);
  }
  const invoice = store.invoices.add(
    buildInvoice({
      customer,
      subscription: subscription.id,
      subscriptionMetadata: subscription.metadata,
      billingReason: 'subscription_cycle',
      currency: subscription.currency,
      lines: [
        ...subscription.items.data.map((item) => ({
          price: item.price,
          quantity: item.quantity ?? 1,
          description: `${item.quantity ?? 1} × ${store.products.find(item.price.product)?.name ?? 'Subscription'}`,
          subscriptionItem: item.id,
          periodStart: item.current_period_start,
          periodEnd: item.current_period_end,
        })),
        // Prorations kept for this invoice, and a pause's credit for unused time.
        ...takePendingLines(store, subscription),
      ],
      periodStart: previousStart,
      periodEnd: previousEnd,
    }),
  );
  subscription.latest_invoice = invoice.id;
  return invoice;
}

/** The top-level fields that differ, with their old values (Stripe's `previous_attributes`). */
function changedAttributes(
  before: SubscriptionObject,
  after: SubscriptionObject,
): Record<string, unknown> | null {
  const previous: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof SubscriptionObject)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key];
  }
  return Object.keys(previous).length === 0 ? null : previous;
}

/** `customer.subscription.updated` if anything changed since `before`. */
function emitUpdated(
  batch: EventBatch,
  before: SubscriptionObject,
  after: SubscriptionObject,
): void {
  const previous = changedAttributes(before, after);
  if (previous !== null) batch.emit('customer.subscription.updated', after, previous);
}

/**
 * The next billing period, paid: `invoice.created`, `invoice.finalized`, `invoice.paid`,
 * `invoice.payment_succeeded` (billing_reason `subscription_cycle`), then
 * `customer.subscription.updated`. A past-due subscription instead pays its open invoice;
 * one set to cancel at period end is canceled (`customer.subscription.deleted`).
 */
export function renewSubscription(
  store: Store,
  batch: EventBatch,
  subscription: SubscriptionObject,
): SubscriptionObject {
  requireNotCanceled(subscription);
  requireNotPaused(subscription);
  const periodEnd = subscription.items.data[0]?.current_period_end ?? nowSeconds();
  if (subscription.cancel_at_period_end) {
    return endSubscription(batch, subscription, periodEnd);
  }
  // `cancel_at` (a commitment's end) within this period ends it there.
  if (subscription.cancel_at !== null && subscription.cancel_at <= periodEnd) {
    return endSubscription(batch, subscription, subscription.cancel_at);
  }
  const before = structuredClone(subscription);
  endTrial(store, subscription);
  // A schedule's next phase starts with the new period (a downgrade booked for the period's end).
  enterNextPhase(store, batch, subscription, periodEnd);
  // A card saved in the customer portal that declines every charge (test card …0341).
  if (store.cards.get(subscription.customer)?.failing === true) {
    return failSubscriptionPayment(store, batch, subscription);
  }
  const { customer, payer } = payerOf(store, subscription);
  const outstanding = openInvoiceOf(store, subscription);
  if (outstanding !== null) {
    payInvoice(store, outstanding, customer, payer, 'Subscription update');
    subscription.status = 'active';
    batch.emit('invoice.paid', outstanding);
    batch.emit('invoice.payment_succeeded', outstanding);
    emitUpdated(batch, before, subscription);
    return subscription;
  }
  const invoice = startNextPeriod(store, subscription);
  batch.emit('invoice.created', invoice);
  finalizeInvoice(invoice, customer);
  batch.emit('invoice.finalized', invoice);
  payInvoice(store, invoice, customer, payer, 'Subscription update');
  batch.emit('invoice.paid', invoice);
  batch.emit('invoice.payment_succeeded', invoice);
  if (subscription.status === 'trialing') subscription.status = 'active';
  emitUpdated(batch, before, subscription);
  return subscription;
}

/**
 * The renewal charge is declined: `invoice.created`, `invoice.finalized`,
 * `invoice.payment_failed`, then `customer.subscription.updated` with status `past_due`.
 * On a subscription already past due, the open invoice fails once more.
 */
export function failSubscriptionPayment(
  store: Store,
  batch: EventBatch,
  subscription: SubscriptionObject,
): SubscriptionObject {
  requireNotCanceled(subscription);
  requireNotPaused(subscription);
  const { customer, payer } = payerOf(store, subscription);
  const before = structuredClone(subscription);
  endTrial(store, subscription);
  let invoice = openInvoiceOf(store, subscription);
  if (invoice === null) {
    invoice = startNextPeriod(store, subscription);
    batch.emit('invoice.created', invoice);
    finalizeInvoice(invoice, customer);
    batch.emit('invoice.finalized', invoice);
  }
  const { paymentIntent } = createPayment(store, {
    amount: invoice.amount_remaining,
    currency: invoice.currency,
    customer: customer.id,
    description: 'Subscription update',
    metadata: {},
    receiptEmail: null,
    billingEmail: payer.email,
    billingName: payer.name,
    succeeded: false,
  });
  store.invoicePayments.add(buildInvoicePayment(invoice, paymentIntent.id, false));
  markInvoicePaymentFailed(invoice);
  batch.emit('invoice.payment_failed', invoice);
  subscription.status = 'past_due';
  emitUpdated(batch, before, subscription);
  return subscription;
}

function endSubscription(
  batch: EventBatch,
  subscription: SubscriptionObject,
  endedAt: number,
): SubscriptionObject {
  const now = nowSeconds();
  subscription.status = 'canceled';
  subscription.canceled_at = subscription.canceled_at ?? now;
  subscription.ended_at = endedAt;
  subscription.cancellation_details = {
    comment: subscription.cancellation_details?.comment ?? null,
    feedback: subscription.cancellation_details?.feedback ?? null,
    feedback_option: null,
    reason: 'cancellation_requested',
  };
  batch.emit('customer.subscription.deleted', subscription);
  return subscription;
}

/** Cancels now (`customer.subscription.deleted`) or at period end (`…updated`). */
type Feedback = NonNullable<SubscriptionObject['cancellation_details']>['feedback'];

export function cancelSubscription(
  batch: EventBatch,
  subscription: SubscriptionObject,
  options: { atPeriodEnd: boolean; comment: string | null; feedback: Feedback },
): SubscriptionObject {
  requireNotCanceled(subscription);
  if (options.atPeriodEnd) {
    return updateSubscription(batch, subscription, {
      cancelAtPeriodEnd: true,
      metadata: undefined,
      description: undefined,
    });
  }
  if (options.comment !== null || options.feedback !== null) {
    subscription.cancellation_details = {
      comment: options.comment,
      feedback: options.feedback,
      feedback_option: null,
      reason: 'cancellation_requested',
    };
  }
  subscription.cancel_at_period_end = false;
  subscription.cancel_at = null;
  return endSubscription(batch, subscription, nowSeconds());
}

/**
 * Ends the subscription at a given time (`cancel_at`: a commitment's last day), or clears it
 * (`null`); the renewal that reaches it ends the subscription (`customer.subscription.deleted`).
 */
export function setCancelAt(
  batch: EventBatch,
  subscription: SubscriptionObject,
  cancelAt: number | null,
): SubscriptionObject {
  requireNotCanceled(subscription);
  if (cancelAt !== null && cancelAt <= nowSeconds()) {
    throw stateError('`cancel_at` must be in the future.', { param: 'cancel_at' });
  }
  if (subscription.cancel_at === cancelAt && !subscription.cancel_at_period_end)
    return subscription;
  const before = structuredClone(subscription);
  subscription.cancel_at = cancelAt;
  subscription.cancel_at_period_end = false;
  subscription.canceled_at = cancelAt === null ? null : nowSeconds();
  subscription.cancellation_details = {
    comment: null,
    feedback: null,
    feedback_option: null,
    reason: cancelAt === null ? null : 'cancellation_requested',
  };
  emitUpdated(batch, before, subscription);
  return subscription;
}

export interface SubscriptionChanges {
  cancelAtPeriodEnd: boolean | undefined;
  metadata: MetadataPatch;
  description: string | null | undefined;
}

/** `customer.subscription.updated` with `previous_attributes` of what changed (none: no event). */
export function updateSubscription(
  batch: EventBatch,
  subscription: SubscriptionObject,
  changes: SubscriptionChanges,
): SubscriptionObject {
  const canceled = subscription.status === 'canceled';
  if (canceled && (changes.cancelAtPeriodEnd !== undefined || changes.description !== undefined)) {
    requireNotCanceled(subscription);
  }
  const before = structuredClone(subscription);
  if (
    changes.cancelAtPeriodEnd !== undefined &&
    changes.cancelAtPeriodEnd !== subscription.cancel_at_period_end
  ) {
    subscription.cancel_at_period_end = changes.cancelAtPeriodEnd;
    if (changes.cancelAtPeriodEnd) {
      subscription.cancel_at = subscription.items.data[0]?.current_period_end ?? null;
      subscription.canceled_at = nowSeconds();
      subscription.cancellation_details = {
        comment: null,
        feedback: null,
        feedback_option: null,
        reason: 'cancellation_requested',
      };
    } else {
      subscription.cancel_at = null;
      subscription.canceled_at = null;
      subscription.cancellation_details = {
        comment: null,
        feedback: null,
        feedback_option: null,
        reason: null,
      };
    }
  }
  subscription.metadata = applyMetadata(subscription.metadata, changes.metadata);
  if (changes.description !== undefined) subscription.description = changes.description;
  emitUpdated(batch, before, subscription);
  return subscription;
}

export interface NewSubscription {
  customer: string;
  items: { price: PriceObject; quantity: number }[];
  /** One of the customer's payment methods; else the customer's invoice default. */
  defaultPaymentMethod: string | null;
  /** A trial until then (Unix seconds): nothing is charged before it. */
  trialEnd: number | null;
  metadata: Record<string, string>;
  description: string | null;
}

/**
 * `POST /v1/subscriptions` for a customer with a card on file: the first invoice
 * (`subscription_create`) is paid at once with that card, or, in a trial, is a zero "Trial
 * period" line and the first charge comes at `trial_end` (the sandbox's renew moves it on).
 * Events as Stripe sends them: `customer.subscription.created`, `invoice.created`,
 * `invoice.finalized`, `invoice.paid`, `invoice.payment_succeeded`.
 */
export function createSubscription(
  store: Store,
  batch: EventBatch,
  input: NewSubscription,
): SubscriptionObject {
  const customer = store.customer(input.customer, 'customer', 400);
  const methods = customerPaymentMethods(store, customer.id);
  const paymentMethod =
    input.defaultPaymentMethod ??
    (typeof customer.invoice_settings.default_payment_method === 'string'
      ? customer.invoice_settings.default_payment_method
      : null);
  if (paymentMethod === null) {
    throw stateError(
      'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
      { code: 'resource_missing' },
    );
  }
  if (!methods.has(paymentMethod)) {
    throw new ApiError(
      400,
      'invalid_request_error',
      `The customer does not have a payment method with the ID ${paymentMethod}. The payment method must be attached to the customer.`,
      { param: 'default_payment_method', code: 'resource_missing', validation: true },
    );
  }
  const first = input.items[0];
  const recurrence = first === undefined ? null : recurrenceOf(first.price);
  if (first === undefined || recurrence === null) {
    throw paramError('items', 'A subscription needs at least one recurring price.');
  }
  const currency = first.price.currency;
  if (input.items.some((item) => item.price.currency !== currency)) {
    throw paramError('items', 'All prices on a subscription must have the same currency.');
  }
  const start = nowSeconds();
  const trialEnd = input.trialEnd;
  if (trialEnd !== null && (trialEnd <= start || trialEnd > start + 730 * 24 * 3600)) {
    throw paramError(
      'trial_end',
      'Invalid timestamp: must be an integer Unix timestamp in the future and at most two years away.',
      'parameter_invalid_integer',
    );
  }
  if (trialEnd === null && store.cards.get(customer.id)?.failing === true) {
    throw new ApiError(402, 'card_error', 'Your card has insufficient funds.', {
      code: 'card_declined',
      extra: { decline_code: 'insufficient_funds' },
    });
  }
  const end = addInterval(start, recurrence);
  const subscription = store.subscriptions.add(
    buildSubscription({
      customer: customer.id,
      currency,
      items: input.items,
      metadata: { ...input.metadata },
      description: input.description,
      defaultPaymentMethod: paymentMethod,
      periodStart: start,
      periodEnd: end,
      trialEnd,
    }),
  );
  store.cycles.set(subscription.id, 0);
  const name = (price: PriceObject) => store.products.find(price.product)?.name ?? 'Subscription';
  const lines: InvoiceLineFields[] = subscription.items.data.map((item) =>
    trialEnd === null
      ? {
          price: item.price,
          quantity: item.quantity ?? 1,
          description: `${item.quantity ?? 1} × ${name(item.price)}`,
          subscriptionItem: item.id,
          periodStart: start,
          periodEnd: end,
        }
      : {
          price: item.price,
          quantity: item.quantity ?? 1,
          description: `Trial period for ${name(item.price)}`,
          subscriptionItem: item.id,
          periodStart: start,
          periodEnd: trialEnd,
          amount: 0,
        },
  );
  const invoice = store.invoices.add(
    buildInvoice({
      customer,
      subscription: subscription.id,
      subscriptionMetadata: subscription.metadata,
      billingReason: 'subscription_create',
      currency,
      lines,
      periodStart: start,
      periodEnd: start,
    }),
  );
  subscription.latest_invoice = invoice.id;
  batch.emit('customer.subscription.created', subscription);
  batch.emit('invoice.created', invoice);
  finalizeInvoice(invoice, customer);
  batch.emit('invoice.finalized', invoice);
  payInvoice(
    store,
    invoice,
    customer,
    { email: customer.email, name: customer.name ?? null },
    'Subscription creation',
  );
  batch.emit('invoice.paid', invoice);
  batch.emit('invoice.payment_succeeded', invoice);
  return subscription;
}
