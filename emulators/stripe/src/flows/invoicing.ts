import { buildInvoicePayment, markInvoicePaymentFailed } from '../objects/invoice';
import type { CustomerObject, InvoiceObject } from '../objects/types';
import type { EventBatch } from '../state/events';
import type { Store } from '../state/store';
import { payInvoice } from './checkout';
import { createPayment } from './payments';

/**
 * Collects an open invoice from the customer's card: paid (`invoice.paid`,
 * `invoice.payment_succeeded`), or declined when the card saved in the portal fails every charge
 * (`invoice.payment_failed`). Returns whether it was paid.
 */
export function chargeInvoice(
  store: Store,
  batch: EventBatch,
  invoice: InvoiceObject,
  customer: CustomerObject,
  description: string,
): boolean {
  const payer = { email: customer.email, name: customer.name ?? null };
  if (invoice.amount_remaining > 0 && store.cards.get(customer.id)?.failing === true) {
    const { paymentIntent } = createPayment(store, {
      amount: invoice.amount_remaining,
      currency: invoice.currency,
      customer: customer.id,
      description,
      metadata: {},
      receiptEmail: null,
      billingEmail: payer.email,
      billingName: payer.name,
      succeeded: false,
    });
    store.invoicePayments.add(buildInvoicePayment(invoice, paymentIntent.id, false));
    markInvoicePaymentFailed(invoice);
    batch.emit('invoice.payment_failed', invoice);
    return false;
  }
  payInvoice(store, invoice, customer, payer, description);
  batch.emit('invoice.paid', invoice);
  batch.emit('invoice.payment_succeeded', invoice);
  return true;
}
