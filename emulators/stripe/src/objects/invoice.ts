import { newId, nowSeconds } from './ids';
import type {
  CustomerObject,
  InvoiceLineObject,
  InvoiceObject,
  InvoicePaymentObject,
  PriceObject,
} from './types';

export type BillingReason = 'subscription_create' | 'subscription_cycle' | 'subscription_update';

export interface InvoiceLineFields {
  price: PriceObject;
  quantity: number;
  description: string;
  /** The subscription item billed, or null for a one-time item on the first invoice. */
  subscriptionItem: string | null;
  periodStart: number;
  periodEnd: number;
  /** The line's amount when it is not price × quantity: a proration, or a trial's zero. */
  amount?: number;
  /** A prorated charge or credit (Stripe's `proration: true`). */
  proration?: boolean;
}

export interface InvoiceFields {
  customer: CustomerObject;
  subscription: string;
  /** The subscription's metadata now; Stripe snapshots it onto the invoice. */
  subscriptionMetadata: Record<string, string>;
  billingReason: BillingReason;
  currency: string;
  lines: InvoiceLineFields[];
  periodStart: number;
  periodEnd: number;
}

function buildLine(
  invoice: string,
  subscription: string,
  line: InvoiceLineFields,
): InvoiceLineObject {
  const amount = line.amount ?? (line.price.unit_amount ?? 0) * line.quantity;
  const proration = line.proration ?? false;
  return {
    id: newId('il'),
    object: 'line_item',
    amount,
    currency: line.price.currency,
    description: line.description,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice,
    livemode: false,
    metadata: {},
    parent:
      line.subscriptionItem === null
        ? {
            type: 'invoice_item_details',
            invoice_item_details: {
              invoice_item: newId('ii'),
              proration,
              proration_details: { credited_items: null },
              subscription,
            },
            subscription_item_details: null,
          }
        : {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: {
              invoice_item: null,
              proration,
              proration_details: { credited_items: null },
              subscription,
              subscription_item: line.subscriptionItem,
            },
          },
    period: { start: line.periodStart, end: line.periodEnd },
    pretax_credit_amounts: [],
    pricing: {
      type: 'price_details',
      price_details: { price: line.price.id, product: line.price.product },
      unit_amount_decimal: line.price.unit_amount_decimal,
    },
    quantity: line.quantity,
    quantity_decimal: String(line.quantity),
    subscription,
    subtotal: amount,
    taxes: [],
  };
}

/** A draft subscription invoice; `finalizeInvoice` and `payInvoice` move it on. */
export function buildInvoice(fields: InvoiceFields): InvoiceObject {
  const id = newId('in');
  const lines = fields.lines.map((line) => buildLine(id, fields.subscription, line));
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  // A credit larger than the charges goes to the customer's balance; nothing is due.
  const due = Math.max(0, total);
  const created = nowSeconds();
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Stripe Sandbox',
    account_tax_ids: null,
    amount_due: due,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: due,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: {
      disabled_reason: null,
      enabled: false,
      liability: null,
      provider: null,
      status: null,
    },
    automatically_finalizes_at: created + 3600,
    billing_reason: fields.billingReason,
    collection_method: 'charge_automatically',
    created,
    currency: fields.currency,
    custom_fields: null,
    customer: fields.customer.id,
    customer_account: null,
    customer_address: fields.customer.address ?? null,
    customer_email: fields.customer.email,
    customer_name: fields.customer.name ?? null,
    customer_phone: fields.customer.phone ?? null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: created + 3600,
    number: null,
    on_behalf_of: null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        metadata: { ...fields.subscriptionMetadata },
        subscription: fields.subscription,
      },
    },
    payment_settings: {
      default_mandate: null,
      payment_method_options: null,
      payment_method_types: null,
    },
    period_end: fields.periodEnd,
    period_start: fields.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: {
      finalized_at: null,
      marked_uncollectible_at: null,
      paid_at: null,
      voided_at: null,
    },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
}

/**
 * Draft → open, numbered from the customer's invoice prefix and sequence. The customer's credit
 * balance (negative `balance`) pays what it can, and a negative total becomes credit, as on
 * Stripe.
 */
export function finalizeInvoice(invoice: InvoiceObject, customer: CustomerObject): void {
  const sequence = customer.next_invoice_sequence ?? 1;
  customer.next_invoice_sequence = sequence + 1;
  invoice.number = `${customer.invoice_prefix ?? 'SANDBOX'}-${String(sequence).padStart(4, '0')}`;
  invoice.status = 'open';
  invoice.status_transitions.finalized_at = nowSeconds();
  invoice.effective_at = invoice.status_transitions.finalized_at;
  invoice.automatically_finalizes_at = null;
  const balance = customer.balance ?? 0;
  invoice.starting_balance = balance;
  let due = invoice.total;
  if (due < 0) {
    customer.balance = balance + due;
    due = 0;
  } else if (balance < 0) {
    const applied = Math.min(-balance, due);
    customer.balance = balance + applied;
    due -= applied;
  }
  invoice.amount_due = due;
  invoice.amount_remaining = due;
  invoice.ending_balance = customer.balance ?? 0;
}

export function markInvoicePaid(invoice: InvoiceObject): void {
  const now = nowSeconds();
  invoice.status = 'paid';
  invoice.attempted = true;
  invoice.attempt_count += 1;
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.next_payment_attempt = null;
  invoice.status_transitions.paid_at = now;
  invoice.webhooks_delivered_at = invoice.webhooks_delivered_at ?? now;
}

export function markInvoicePaymentFailed(invoice: InvoiceObject): void {
  invoice.attempted = true;
  invoice.attempt_count += 1;
  // Stripe's Smart Retries would try again in a few days.
  invoice.next_payment_attempt = nowSeconds() + 3 * 86_400;
  invoice.webhooks_delivered_at = invoice.webhooks_delivered_at ?? nowSeconds();
}

export function buildInvoicePayment(
  invoice: InvoiceObject,
  paymentIntent: string,
  paid: boolean,
): InvoicePaymentObject {
  const now = nowSeconds();
  return {
    id: newId('inpay'),
    object: 'invoice_payment',
    amount_paid: paid ? invoice.amount_due : null,
    amount_requested: invoice.amount_due,
    created: now,
    currency: invoice.currency,
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: paymentIntent },
    status: paid ? 'paid' : 'open',
    status_transitions: { canceled_at: null, paid_at: paid ? now : null },
  };
}
