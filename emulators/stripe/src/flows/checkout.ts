import { stateError } from '../http/errors';
import { addInterval, recurrenceOf } from '../objects/catalog';
import { buildCustomer } from '../objects/customer';
import { newId, nowSeconds } from '../objects/ids';
import type { InvoiceLineFields } from '../objects/invoice';
import {
  buildInvoice,
  buildInvoicePayment,
  finalizeInvoice,
  markInvoicePaid,
} from '../objects/invoice';
import { buildSubscription } from '../objects/subscription';
import type { CustomerObject, InvoiceObject, SessionObject } from '../objects/types';
import type { EventBatch } from '../state/events';
import type { SessionSetup, Store } from '../state/store';
import { createPayment } from './payments';

/** What the payer typed on the hosted page (or the control endpoint's body). */
export interface PayerDetails {
  email: string | null;
  name: string | null;
}

const DEFAULT_EMAIL = 'customer@example.com';

function setupOf(store: Store, session: SessionObject): SessionSetup {
  const setup = store.sessionSetups.get(session.id);
  if (setup === undefined) throw stateError(`Checkout Session ${session.id} has no line items.`);
  return setup;
}

function requireOpen(session: SessionObject): void {
  if (session.status !== 'open') {
    throw stateError(
      `This Checkout Session is no longer active: its status is "${session.status ?? 'unknown'}".`,
      { code: 'checkout_session_not_open' },
    );
  }
}

/**
 * Pays an open session as a customer would on the hosted page, producing the objects and the
 * events Stripe produces, in Stripe's order.
 */
export function completeSession(
  store: Store,
  batch: EventBatch,
  session: SessionObject,
  payer: PayerDetails,
): SessionObject {
  expireIfDue(store, batch, session);
  requireOpen(session);
  const setup = setupOf(store, session);
  const existing = session.customer === null ? null : store.customer(session.customer);
  const email = payer.email ?? existing?.email ?? session.customer_email ?? DEFAULT_EMAIL;
  const name = payer.name ?? existing?.name ?? null;

  if (session.mode === 'subscription') {
    const customer = existing ?? createCustomer(store, batch, email, name);
    session.customer = customer.id;
    completeSubscription(store, batch, session, setup, customer, { email, name });
  } else {
    completePayment(store, batch, session, setup, existing, { email, name });
  }
  session.customer_details = {
    address: null,
    business_name: null,
    email,
    individual_name: null,
    name,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
  session.status = 'complete';
  session.payment_status = 'paid';
  session.url = null;
  batch.emit('checkout.session.completed', session);
  return session;
}

function createCustomer(
  store: Store,
  batch: EventBatch,
  email: string,
  name: string | null,
): CustomerObject {
  const customer = store.customers.add(
    buildCustomer({
      email,
      name,
      phone: null,
      description: null,
      address: null,
      preferred_locales: [],
      metadata: {},
    }),
  );
  batch.emit('customer.created', customer);
  return customer;
}

function completePayment(
  store: Store,
  batch: EventBatch,
  session: SessionObject,
  setup: SessionSetup,
  customer: CustomerObject | null,
  payer: { email: string; name: string | null },
): void {
  const { paymentIntent, charge } = createPayment(store, {
    amount: session.amount_total ?? 0,
    currency: session.currency ?? 'usd',
    customer: customer?.id ?? null,
    description: setup.paymentIntentData.description,
    metadata: setup.paymentIntentData.metadata,
    receiptEmail: setup.paymentIntentData.receiptEmail,
    billingEmail: payer.email,
    billingName: payer.name,
    succeeded: true,
  });
  session.payment_intent = paymentIntent.id;
  batch.emit('payment_intent.succeeded', paymentIntent);
  batch.emit('charge.succeeded', charge);
}

function completeSubscription(
  store: Store,
  batch: EventBatch,
  session: SessionObject,
  setup: SessionSetup,
  customer: CustomerObject,
  payer: { email: string; name: string | null },
): void {
  const recurring = setup.lineItems.filter((item) => item.price.recurring !== null);
  const recurrence = recurring[0] === undefined ? null : recurrenceOf(recurring[0].price);
  if (recurrence === null) {
    throw stateError('You must provide at least one recurring price in `subscription` mode.');
  }
  const start = nowSeconds();
  const end = addInterval(start, recurrence);
  const subscription = store.subscriptions.add(
    buildSubscription({
      customer: customer.id,
      currency: session.currency ?? 'usd',
      items: recurring.map((item) => ({ price: item.price, quantity: item.quantity ?? 1 })),
      metadata: { ...setup.subscriptionData.metadata },
      description: setup.subscriptionData.description,
      defaultPaymentMethod: newId('pm'),
      periodStart: start,
      periodEnd: end,
      trialEnd: setup.subscriptionData.trialEnd,
      billingMode: setup.subscriptionData.billingMode,
    }),
  );
  const trialEnd = setup.subscriptionData.trialEnd;
  store.cycles.set(subscription.id, 0);

  // Recurring items are billed through their subscription item; one-time items ride along once.
  const subscriptionItems = [...subscription.items.data];
  const lines: InvoiceLineFields[] = setup.lineItems.map((item) => {
    const subscriptionItem =
      item.price.recurring === null
        ? null
        : (subscriptionItems.splice(
            subscriptionItems.findIndex((candidate) => candidate.price.id === item.price.id),
            1,
          )[0]?.id ?? null);
    // In a trial the recurring price is not charged yet: a zero line, as Stripe's "Trial period".
    if (trialEnd !== null && subscriptionItem !== null) {
      return {
        price: item.price,
        quantity: item.quantity ?? 1,
        description: `Trial period for ${item.description ?? 'Item'}`,
        subscriptionItem,
        periodStart: start,
        periodEnd: trialEnd,
        amount: 0,
      };
    }
    return {
      price: item.price,
      quantity: item.quantity ?? 1,
      description: `${item.quantity ?? 1} × ${item.description ?? 'Item'}`,
      subscriptionItem,
      periodStart: start,
      periodEnd: subscriptionItem === null ? start : end,
    };
  });
  const invoice = store.invoices.add(
    buildInvoice({
      customer,
      subscription: subscription.id,
      subscriptionMetadata: subscription.metadata,
      billingReason: 'subscription_create',
      currency: subscription.currency,
      lines,
      periodStart: start,
      periodEnd: start,
    }),
  );
  subscription.latest_invoice = invoice.id;
  session.subscription = subscription.id;
  session.invoice = invoice.id;

  batch.emit('customer.subscription.created', subscription);
  batch.emit('invoice.created', invoice);
  finalizeInvoice(invoice, customer);
  batch.emit('invoice.finalized', invoice);
  payInvoice(store, invoice, customer, payer, 'Subscription creation');
  batch.emit('invoice.paid', invoice);
  batch.emit('invoice.payment_succeeded', invoice);
}

/**
 * Charges the card on file for an open invoice and records the payment. Nothing due (a trial, a
 * credit as large as the charges): paid without a charge, as on Stripe.
 */
export function payInvoice(
  store: Store,
  invoice: InvoiceObject,
  customer: CustomerObject,
  payer: { email: string | null; name: string | null },
  description: string,
): void {
  if (invoice.amount_remaining === 0) {
    markInvoicePaid(invoice);
    return;
  }
  const { paymentIntent } = createPayment(store, {
    amount: invoice.amount_remaining,
    currency: invoice.currency,
    customer: customer.id,
    description,
    metadata: {},
    receiptEmail: null,
    billingEmail: payer.email,
    billingName: payer.name,
    succeeded: true,
  });
  store.invoicePayments.add(buildInvoicePayment(invoice, paymentIntent.id, true));
  markInvoicePaid(invoice);
}

/** `checkout.session.expired`: the session can no longer be paid. */
export function expireSession(
  store: Store,
  batch: EventBatch,
  session: SessionObject,
): SessionObject {
  if (session.status !== 'open') {
    throw stateError(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status ?? 'unknown'}".`,
    );
  }
  session.status = 'expired';
  session.url = null;
  batch.emit('checkout.session.expired', session);
  return session;
}

/** Expires a session whose `expires_at` has passed, as Stripe does on its own. */
export function expireIfDue(store: Store, batch: EventBatch, session: SessionObject): void {
  if (session.status === 'open' && session.expires_at <= nowSeconds()) {
    expireSession(store, batch, session);
  }
}
