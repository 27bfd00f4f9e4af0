import { ApiError, stateError } from '../http/errors';
import { newId } from '../objects/ids';
import type { PaymentFields } from '../objects/payment';
import { buildCharge, buildPaymentIntent, buildRefund } from '../objects/payment';
import type { ChargeObject, PaymentIntentObject, RefundObject } from '../objects/types';
import type { EventBatch } from '../state/events';
import type { Store } from '../state/store';

/** A card payment: its PaymentIntent and the one Charge behind it. */
export function createPayment(
  store: Store,
  fields: Omit<PaymentFields, 'paymentMethod'> & { paymentMethod?: string },
): { paymentIntent: PaymentIntentObject; charge: ChargeObject } {
  const withMethod: PaymentFields = {
    ...fields,
    paymentMethod: fields.paymentMethod ?? newId('pm'),
  };
  const chargeId = newId('ch');
  const paymentIntent = store.paymentIntents.add(buildPaymentIntent(withMethod, chargeId));
  const charge = store.charges.add(
    buildCharge(chargeId, withMethod, paymentIntent.id, store.baseUrl),
  );
  return { paymentIntent, charge };
}

function money(amount: number, currency: string): string {
  return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

/** Refunds part or all of a charge: `charge.refunded`, then `refund.created`. */
export function refundCharge(
  store: Store,
  batch: EventBatch,
  charge: ChargeObject,
  options: {
    amount: number | null;
    reason: RefundObject['reason'];
    metadata: Record<string, string>;
  },
): RefundObject {
  if (charge.status !== 'succeeded') {
    throw stateError(`Charge ${charge.id} has not succeeded and cannot be refunded.`, {
      code: 'charge_not_refundable',
    });
  }
  if (charge.disputed) {
    throw stateError(`Charge ${charge.id} has been charged back; you cannot issue a refund.`, {
      code: 'charge_disputed',
    });
  }
  const remaining = charge.amount - charge.amount_refunded;
  if (remaining <= 0) {
    throw stateError(`Charge ${charge.id} has already been refunded.`, {
      code: 'charge_already_refunded',
    });
  }
  const amount = options.amount ?? remaining;
  if (amount > remaining) {
    throw stateError(
      `Refund amount (${money(amount, charge.currency)}) is greater than unrefunded amount on charge (${money(remaining, charge.currency)})`,
      { param: 'amount' },
    );
  }
  const refund = store.refunds.add(buildRefund(charge, amount, options.reason, options.metadata));
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  batch.emit('charge.refunded', charge, previous);
  batch.emit('refund.created', refund);
  return refund;
}

/** The payment methods a customer has: the card saved in the portal, and their checkout cards. */
export function customerPaymentMethods(store: Store, customer: string): Set<string> {
  const methods = new Set<string>();
  const saved = store.cards.get(customer);
  if (saved !== undefined) methods.add(saved.paymentMethod);
  const record = store.customers.find(customer);
  const invoiceDefault =
    record !== undefined && !('deleted' in record)
      ? record.invoice_settings.default_payment_method
      : null;
  if (typeof invoiceDefault === 'string') methods.add(invoiceDefault);
  for (const subscription of store.subscriptions.all()) {
    if (subscription.customer !== customer) continue;
    const method = subscription.default_payment_method;
    if (typeof method === 'string') methods.add(method);
  }
  return methods;
}

export interface IntentInput {
  amount: number;
  currency: string;
  customer: string;
  paymentMethod: string;
  description: string | null;
  metadata: Record<string, string>;
  receiptEmail: string | null;
}

/**
 * `POST /v1/payment_intents` with `confirm` and `off_session`: charges a saved card while the
 * customer is away (a plan's late-cancel fee). `payment_intent.created`, then
 * `payment_intent.succeeded` and `charge.succeeded`; on a card that declines every charge (test
 * card …0341 saved in the portal) `charge.failed` and `payment_intent.payment_failed`, and the
 * request fails with a 402 `card_error` (`card_declined`) carrying the PaymentIntent, as Stripe's
 * does.
 */
export function chargeOffSession(
  store: Store,
  batch: EventBatch,
  input: IntentInput,
): PaymentIntentObject {
  const customer = store.customer(input.customer, 'customer', 400);
  if (!customerPaymentMethods(store, customer.id).has(input.paymentMethod)) {
    throw new ApiError(
      400,
      'invalid_request_error',
      `No such PaymentMethod: '${input.paymentMethod}'`,
      {
        param: 'payment_method',
        code: 'resource_missing',
        validation: true,
      },
    );
  }
  const succeeded = store.cards.get(customer.id)?.failing !== true;
  const { paymentIntent, charge } = createPayment(store, {
    amount: input.amount,
    currency: input.currency,
    customer: customer.id,
    description: input.description,
    metadata: input.metadata,
    receiptEmail: input.receiptEmail,
    billingEmail: customer.email,
    billingName: customer.name ?? null,
    succeeded,
    paymentMethod: input.paymentMethod,
  });
  batch.emit('payment_intent.created', {
    ...paymentIntent,
    status: 'requires_confirmation',
    latest_charge: null,
  });
  if (succeeded) {
    batch.emit('payment_intent.succeeded', paymentIntent);
    batch.emit('charge.succeeded', charge);
    return paymentIntent;
  }
  batch.emit('charge.failed', charge);
  batch.emit('payment_intent.payment_failed', paymentIntent);
  throw new ApiError(402, 'card_error', 'Your card has insufficient funds.', {
    code: 'card_declined',
    extra: {
      decline_code: 'insufficient_funds',
      charge: charge.id,
      payment_intent: structuredClone(paymentIntent),
    },
  });
}
