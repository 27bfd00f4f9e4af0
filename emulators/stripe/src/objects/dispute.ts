import { newId, nowSeconds } from './ids';
import type { ChargeObject, DisputeObject } from './types';

/** Seconds a merchant has to answer a dispute in the sandbox (Stripe: about three weeks). */
const RESPONSE_WINDOW_S = 21 * 24 * 60 * 60;

/** A card dispute as Stripe opens it: `needs_response`, evidence empty, the charge's card. */
export function buildDispute(charge: ChargeObject, amount: number, reason: string): DisputeObject {
  const created = nowSeconds();
  return {
    id: newId('du'),
    object: 'dispute',
    amount,
    balance_transactions: [],
    charge: charge.id,
    created,
    currency: charge.currency,
    enhanced_eligibility_types: [],
    evidence: {
      access_activity_log: null,
      billing_address: null,
      cancellation_policy: null,
      cancellation_policy_disclosure: null,
      cancellation_rebuttal: null,
      customer_communication: null,
      customer_email_address: null,
      customer_name: null,
      customer_purchase_ip: null,
      customer_signature: null,
      duplicate_charge_documentation: null,
      duplicate_charge_explanation: null,
      duplicate_charge_id: null,
      enhanced_evidence: {},
      product_description: null,
      receipt: null,
      refund_policy: null,
      refund_policy_disclosure: null,
      refund_refusal_explanation: null,
      service_date: null,
      service_documentation: null,
      shipping_address: null,
      shipping_carrier: null,
      shipping_date: null,
      shipping_documentation: null,
      shipping_tracking_number: null,
      uncategorized_file: null,
      uncategorized_text: null,
    },
    evidence_details: {
      due_by: created + RESPONSE_WINDOW_S,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: 'not_submitted',
    },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    network_reason_code: '10.4',
    payment_intent: charge.payment_intent,
    payment_method_details: {
      type: 'card',
      card: {
        brand: 'visa',
        case_type: 'chargeback',
        network: 'visa',
        network_reason_code: '10.4',
      },
    },
    reason,
    status: 'needs_response',
  };
}
