// Which purchase a charge paid, and whose it is: what refunds and disputes need before they can
// touch credits. Stripe is asked (the session with that payment intent, or the invoice it paid),
// so this works before the purchase's own events have been processed.
import type { PaymentDeps } from '../deps';
import { uidForCustomer } from '../customers';
import { readPurchase } from '../purchase-record';
import type { PurchaseRecord } from '../purchase-record';
import { uidFromMetadata } from '../stripe-objects';
import type { ChargeObject } from '../stripe-objects';

export interface ChargePurchase {
  /** Checkout session id (packages, carts) or invoice id (subscription periods). */
  purchaseId: string;
  subscription: boolean;
  uid: string;
  /**
   * The purchase's `Payments` record and its id: the session's for a package or a plan's first
   * period (its invoice is the checkout's), the invoice's for a renewal.
   */
  record: PurchaseRecord | undefined;
  recordId: string;
  /** The purchase's grant keys (`grant-{key}` ledger entries). */
  grantKeys: string[];
}

/** A plan's first invoice is paid by its checkout: that session's id, or undefined. */
async function checkoutOfInvoice(
  { stripe }: PaymentDeps,
  invoiceId: string,
): Promise<string | undefined> {
  const invoice = await stripe.invoices.retrieve(invoiceId);
  const subscription = invoice.parent?.subscription_details?.subscription;
  const subscriptionId = typeof subscription === 'string' ? subscription : subscription?.id;
  if (subscriptionId === undefined) return undefined;
  const [session] = (
    await stripe.checkout.sessions.list({ subscription: subscriptionId, limit: 1 })
  ).data;
  const sessionInvoice =
    typeof session?.invoice === 'string' ? session.invoice : session?.invoice?.id;
  return session && sessionInvoice === invoiceId ? session.id : undefined;
}

async function purchaseIdOf(
  { stripe }: PaymentDeps,
  paymentIntent: string,
): Promise<{ purchaseId: string; subscription: boolean } | undefined> {
  const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
  const session = sessions.data[0];
  if (session) return { purchaseId: session.id, subscription: false };
  const invoicePayments = await stripe.invoicePayments.list({
    payment: { type: 'payment_intent', payment_intent: paymentIntent },
    limit: 1,
  });
  const invoice = invoicePayments.data[0]?.invoice;
  const id = typeof invoice === 'string' ? invoice : invoice?.id;
  return id ? { purchaseId: id, subscription: true } : undefined;
}

/** Keys as the grant wrote them (fulfil-checkout: one line → the session id). */
function grantKeysOf(purchaseId: string, record: PurchaseRecord | undefined): string[] {
  const grants = record?.grants ?? [];
  if (grants.length <= 1) return [purchaseId];
  return grants.map((grant) => `${purchaseId}-${grant.line}`);
}

/** The purchase a charge paid, or why it cannot be named (the event is then ignored). */
export async function purchaseOfCharge(
  deps: PaymentDeps,
  charge: ChargeObject,
): Promise<ChargePurchase | string> {
  if (!charge.payment_intent) return `charge ${charge.id} has no payment intent`;
  const found = await purchaseIdOf(deps, charge.payment_intent);
  if (!found) return `no purchase for charge ${charge.id}`;
  let recordId = found.purchaseId;
  let record = await readPurchase(deps.db, recordId);
  if (!record && found.subscription) {
    const sessionId = await checkoutOfInvoice(deps, found.purchaseId);
    if (sessionId !== undefined) {
      recordId = sessionId;
      record = await readPurchase(deps.db, sessionId);
    }
  }
  const uid =
    record?.uid ??
    uidFromMetadata(charge.metadata) ??
    (charge.customer ? await uidForCustomer(deps, charge.customer) : undefined);
  if (uid === undefined) return `no member for charge ${charge.id}`;
  return {
    ...found,
    uid,
    record,
    recordId,
    grantKeys: found.subscription ? [found.purchaseId] : grantKeysOf(found.purchaseId, record),
  };
}

/**
 * The record to mirror a refund or dispute on, looked up again once its wallet change has
 * committed: the events of one purchase run at once, and the record (or the checkout an invoice
 * belongs to) may have been found only after this event's first look. The last event to commit
 * its change then always mirrors the final state. Undefined while there is no record.
 */
export async function recordOfCharge(
  deps: PaymentDeps,
  charge: ChargeObject,
): Promise<string | undefined> {
  const purchase = await purchaseOfCharge(deps, charge);
  return typeof purchase !== 'string' && purchase.record ? purchase.recordId : undefined;
}
