// The payments domain's e-mails (docs/decisions/170-email-outbox.md): written into the
// outbox after the grant or record they tell of is committed, in the step that writes the
// matching in-app notification, each keyed by its Stripe object (`mailOutboxIds`), so a
// redelivered event writes nothing new. A write the database refused (logged by `enqueueMail`)
// leaves the event unfinished: the grant is committed and stays, the event's claim is released
// and Stripe delivers it again (5xx), and the redelivery, finding the grant done, writes the mail.
import { purchaseGrantKey } from './credit-grants';
import { creditIdsFor, creditExpiry, mailOutboxIds, paths } from '@studio/core';
import type { CreditBatch, MailToEnqueue } from '../../mail';
import { enqueueMail } from '../../mail';
import type { PaymentDeps } from './deps';
import type { PurchaseRecord } from './purchase-record';
import type { InvoiceObject } from './stripe-objects';

/** Thrown so the webhook answers 5xx and Stripe redelivers: the outbox write did not land. */
export class MailNotQueued extends Error {
  constructor(id: string) {
    super(`mail ${id} not written to the outbox; the event will be redelivered`);
    this.name = 'MailNotQueued';
  }
}

async function enqueue(deps: Pick<PaymentDeps, 'db' | 'now'>, mail: MailToEnqueue): Promise<void> {
  if ((await enqueueMail(deps.db, mail, deps.now())) === 'failed') throw new MailNotQueued(mail.id);
}

/**
 * The credits a purchase granted, with their expiry as stored on the member's credits (each
 * grant's first credit id); a credit used since falls back to the grant plan's validity.
 */
async function grantedBatches(
  { db, now }: Pick<PaymentDeps, 'db' | 'now'>,
  paymentId: string,
  record: PurchaseRecord,
): Promise<CreditBatch[]> {
  const grants = record.grants ?? [];
  return Promise.all(
    grants.map(async (grant) => {
      const key = purchaseGrantKey(paymentId, grants, grant);
      const [firstId] = creditIdsFor(key, grant.count);
      const stored: unknown =
        firstId === undefined
          ? null
          : (await db.ref(`${paths.credit(record.uid, firstId)}/expiresAt`).get()).val();
      const expiresAt =
        typeof stored === 'number' ? stored : creditExpiry(now(), grant.validityDays);
      return { kind: grant.kind, count: grant.count, expiresAt };
    }),
  );
}

/** `receipt-{sessionId}`: amounts, coupon, and the credits granted with their expiry. */
export async function mailReceipt(
  deps: Pick<PaymentDeps, 'db' | 'now'>,
  paymentId: string,
  record: PurchaseRecord,
): Promise<void> {
  const coupon =
    record.coupon !== undefined && record.discount > 0
      ? { coupon: { code: record.coupon, discount: record.discount } }
      : {};
  await enqueue(deps, {
    id: mailOutboxIds.receipt(paymentId),
    uid: record.uid,
    message: {
      kind: 'purchase-receipt',
      reference: paymentId,
      currency: record.currency,
      lines: record.items.map((item) => ({
        item: item.name,
        quantity: item.quantity,
        amount: item.unitAmount * item.quantity,
      })),
      subtotal: record.subtotal,
      ...coupon,
      total: record.amount,
      credits: await grantedBatches(deps, paymentId, record),
    },
  });
}

/** `renewed-{invoiceId}`: a plan's new period was paid and its credits granted. */
export async function mailRenewed(
  deps: PaymentDeps,
  invoice: InvoiceObject,
  uid: string,
  credits: number,
  periodEnd: number | undefined,
): Promise<void> {
  await enqueue(deps, {
    id: mailOutboxIds.renewed(invoice.id),
    uid,
    message: {
      kind: 'subscription-renewed',
      currency: invoice.currency.toUpperCase(),
      amount: invoice.amount_paid,
      credits,
      ...(periodEnd === undefined ? {} : { nextRenewal: periodEnd * 1000 }),
    },
  });
}

/** `payment-failed-{invoiceId}`: once per invoice, however many times Stripe retries the card. */
export async function mailPaymentFailed(
  deps: PaymentDeps,
  invoice: InvoiceObject,
  uid: string,
): Promise<void> {
  // Stripe's hosted page, where the member pays with another card (the schema keeps it as is).
  const hosted = invoice['hosted_invoice_url'];
  await enqueue(deps, {
    id: mailOutboxIds.paymentFailed(invoice.id),
    uid,
    message: {
      kind: 'subscription-payment-failed',
      currency: invoice.currency.toUpperCase(),
      amount: invoice.amount_due,
      ...(typeof hosted === 'string' && /^https?:\/\//.test(hosted) ? { updateUrl: hosted } : {}),
    },
  });
}

/** `subscription-ended-{subscriptionId}`: the member's plan is over. */
export async function mailSubscriptionEnded(
  deps: Pick<PaymentDeps, 'db' | 'now'>,
  uid: string,
  subscriptionId: string,
): Promise<void> {
  await enqueue(deps, {
    id: mailOutboxIds.subscriptionEnded(subscriptionId),
    uid,
    message: { kind: 'subscription-cancelled' },
  });
}
