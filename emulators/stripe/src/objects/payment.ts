import { clientSecret, newId, nowSeconds } from './ids';
import type { ChargeObject, PaymentIntentObject, RefundObject } from './types';

export interface PaymentFields {
  amount: number;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  receiptEmail: string | null;
  billingEmail: string | null;
  billingName: string | null;
  paymentMethod: string;
  /** false: the card is declined (a failed subscription renewal). */
  succeeded: boolean;
}

export function buildPaymentIntent(fields: PaymentFields, charge: string): PaymentIntentObject {
  const id = newId('pi');
  return {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: fields.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: fields.succeeded ? fields.amount : 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: clientSecret(id),
    confirmation_method: 'automatic',
    created: nowSeconds(),
    currency: fields.currency,
    customer: fields.customer,
    customer_account: null,
    description: fields.description,
    excluded_payment_method_types: null,
    last_payment_error: fields.succeeded
      ? null
      : {
          charge,
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          doc_url: 'https://stripe.com/docs/error-codes/card-declined',
          message: 'Your card has insufficient funds.',
          type: 'card_error',
        },
    latest_charge: charge,
    livemode: false,
    managed_payments: null,
    metadata: fields.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: fields.succeeded ? fields.paymentMethod : null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: {
        installments: null,
        mandate_options: null,
        network: null,
        request_three_d_secure: 'automatic',
      },
    },
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: fields.receiptEmail,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: fields.succeeded ? 'succeeded' : 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  };
}

export function buildCharge(
  id: string,
  fields: PaymentFields,
  paymentIntent: string,
  baseUrl: string,
): ChargeObject {
  const created = nowSeconds();
  return {
    id,
    object: 'charge',
    amount: fields.amount,
    amount_captured: fields.succeeded ? fields.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: {
      address: null,
      email: fields.billingEmail,
      name: fields.billingName,
      phone: null,
      tax_id: null,
    },
    calculated_statement_descriptor: 'STRIPE SANDBOX',
    captured: fields.succeeded,
    created,
    currency: fields.currency,
    customer: fields.customer,
    description: fields.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: fields.succeeded ? null : 'card_declined',
    failure_message: fields.succeeded ? null : 'Your card has insufficient funds.',
    fraud_details: {},
    livemode: false,
    metadata: fields.metadata,
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: fields.succeeded ? 'approved_by_network' : 'declined_by_network',
      reason: fields.succeeded ? null : 'insufficient_funds',
      risk_level: 'normal',
      risk_score: 20,
      seller_message: fields.succeeded
        ? 'Payment complete.'
        : 'The bank returned the decline code `insufficient_funds`.',
      type: fields.succeeded ? 'authorized' : 'issuer_declined',
    },
    paid: fields.succeeded,
    payment_intent: paymentIntent,
    payment_method: fields.paymentMethod,
    payment_method_details: {
      type: 'card',
      card: {
        amount_authorized: fields.succeeded ? fields.amount : null,
        authorization_code: fields.succeeded ? '123456' : null,
        brand: 'visa',
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        electronic_commerce_indicator: null,
        exp_month: 12,
        exp_year: new Date(created * 1000).getUTCFullYear() + 3,
        funding: 'credit',
        installments: null,
        last4: fields.succeeded ? '4242' : '9995',
        mandate: null,
        network: 'visa',
        network_transaction_id: null,
        regulated_status: 'unregulated',
        three_d_secure: null,
        transaction_link_id: null,
        wallet: null,
      },
    },
    receipt_email: fields.receiptEmail,
    receipt_number: null,
    receipt_url: fields.succeeded ? `${baseUrl}/receipts/${id}` : null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: fields.succeeded ? 'succeeded' : 'failed',
    transfer_data: null,
    transfer_group: null,
  };
}

export function buildRefund(
  charge: ChargeObject,
  amount: number,
  reason: RefundObject['reason'],
  metadata: Record<string, string>,
): RefundObject {
  return {
    id: newId('re'),
    object: 'refund',
    amount,
    balance_transaction: null,
    charge: charge.id,
    created: nowSeconds(),
    currency: charge.currency,
    customer: charge.customer,
    customer_account: null,
    destination_details: {
      type: 'card',
      card: {
        reference_status: 'pending',
        reference_type: 'acquirer_reference_number',
        type: 'refund',
      },
    },
    metadata,
    payment_intent: charge.payment_intent,
    payment_method: charge.payment_method,
    reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}
