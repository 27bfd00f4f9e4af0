// The customer portal's actions: what a member does on Stripe's hosted portal page,
// applied to the same objects and with the same events as the API and Stripe's own billing.
import { paramError, stateError } from '../http/errors';
import { newId, nowSeconds } from '../objects/ids';
import type { PortalSessionObject, SubscriptionObject } from '../objects/types';
import type { EventBatch } from '../state/events';
import type { SavedCard, Store } from '../state/store';
import { sessionConfiguration } from './portal-configurations';
import {
  cancelSubscription,
  failSubscriptionPayment,
  renewSubscription,
  updateSubscription,
} from './subscriptions';

/** A session of the customer's portal, with the configuration named (else the default one). */
export function createPortalSession(
  store: Store,
  fields: {
    customer: string;
    returnUrl: string | null;
    locale: string | null;
    configuration: string | null | undefined;
  },
): PortalSessionObject {
  store.customer(fields.customer, 'customer', 400);
  const configuration = sessionConfiguration(store, fields.configuration);
  const id = newId('bps');
  return store.portalSessions.add({
    id,
    object: 'billing_portal.session',
    configuration: configuration.id,
    created: nowSeconds(),
    customer: fields.customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: fields.locale,
    on_behalf_of: null,
    return_url: fields.returnUrl ?? configuration.default_return_url,
    url: `${store.baseUrl}/portal/${id}`,
  });
}

/** A subscription of the portal session's customer, or a state error (not theirs, or unknown). */
export function portalSubscription(
  store: Store,
  session: PortalSessionObject,
  subscriptionId: string,
): SubscriptionObject {
  const subscription = store.subscriptions.find(subscriptionId);
  if (subscription === undefined || subscription.customer !== session.customer) {
    throw stateError(`No such subscription for this customer: '${subscriptionId}'`);
  }
  return subscription;
}

export type PortalAction = 'cancel' | 'resume' | 'cancel_now';

/**
 * Cancel at period end and resume send `customer.subscription.updated` (with
 * `previous_attributes.cancel_at_period_end`); cancel now sends `customer.subscription.deleted`.
 */
export function applyPortalAction(
  batch: EventBatch,
  subscription: SubscriptionObject,
  action: PortalAction,
): SubscriptionObject {
  if (action === 'cancel_now') {
    return cancelSubscription(batch, subscription, {
      atPeriodEnd: false,
      comment: null,
      feedback: null,
    });
  }
  return updateSubscription(batch, subscription, {
    cancelAtPeriodEnd: action === 'cancel',
    metadata: undefined,
    description: undefined,
  });
}

/** Stripe's test cards the portal's card form knows. */
const TEST_CARDS: Readonly<
  Record<string, { brand: string; outcome: 'ok' | 'failing' | 'declined' }>
> = {
  '4242424242424242': { brand: 'visa', outcome: 'ok' },
  '5555555555554444': { brand: 'mastercard', outcome: 'ok' },
  // Attaches to the customer, then every charge on it is declined.
  '4000000000000341': { brand: 'visa', outcome: 'failing' },
  // Declined when it is saved.
  '4000000000000002': { brand: 'visa', outcome: 'declined' },
};

/**
 * Saves a new card for the customer (`customer.updated`: `invoice_settings.default_payment_method`),
 * then retries every past-due subscription's open invoice with it: paid (`invoice.paid`,
 * `invoice.payment_succeeded`, `customer.subscription.updated` → `active`) or declined again
 * (`invoice.payment_failed`). A declined or unknown card changes nothing.
 */
export function updateCard(
  store: Store,
  batch: EventBatch,
  customerId: string,
  number: string,
): SavedCard {
  const digits = number.replace(/[\s-]/g, '');
  const test = TEST_CARDS[digits];
  if (test === undefined) {
    throw paramError(
      'number',
      'Your card number is invalid. Use one of the test cards.',
      'invalid_number',
    );
  }
  if (test.outcome === 'declined') {
    throw paramError('number', 'Your card was declined.', 'card_declined');
  }
  const customer = store.customer(customerId);
  const card: SavedCard = {
    paymentMethod: newId('pm'),
    brand: test.brand,
    last4: digits.slice(-4),
    failing: test.outcome === 'failing',
  };
  store.cards.set(customerId, card);
  const previous = { invoice_settings: structuredClone(customer.invoice_settings) };
  customer.invoice_settings.default_payment_method = card.paymentMethod;
  batch.emit('customer.updated', customer, previous);
  for (const subscription of store.subscriptions.all()) {
    if (subscription.customer !== customerId || subscription.status !== 'past_due') continue;
    if (card.failing) failSubscriptionPayment(store, batch, subscription);
    else renewSubscription(store, batch, subscription);
  }
  return card;
}
