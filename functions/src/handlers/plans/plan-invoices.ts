// A plan's paid invoices (`invoice.paid` of a subscription sold as a plan,
// docs/architecture/plans.md): a credits plan's period grants its credits exactly once (the same
// `SubscriptionGrants` claim as the monthly subscription, with the plan's own count and kind), and
// every charge after the checkout (renewals, an upgrade's proration, a freeze's resumption) is
// recorded in `Payments`, so lista-pagos and the insights see the plan's money.
import { paths, settingsFromStored } from '@studio/core';
import type { CreditKind } from '@studio/core';
import type { Database } from 'firebase-admin/database';
import { z } from 'zod';
import type { PaymentDeps } from '../payments/deps';
import type { PurchaseRecord } from '../payments/purchase-record';
import { processed } from '../payments/outcome';
import type { EventOutcome } from '../payments/outcome';
import type { InvoiceObject } from '../payments/stripe-objects';
import { readMembership } from './memberships';

const lineSchema = z.looseObject({
  amount: z.number().int(),
  period: z.looseObject({ start: z.number().int(), end: z.number().int() }),
  parent: z
    .looseObject({
      subscription_item_details: z.looseObject({ proration: z.boolean() }).nullish(),
    })
    .nullish(),
});

/** The period an invoice pays for in full (a line of the subscription's item, not a proration). */
export function paidPeriod(invoice: InvoiceObject): { start: number; end: number } | undefined {
  for (const raw of invoice.lines.data) {
    const line = lineSchema.safeParse(raw);
    if (!line.success) continue;
    const details = line.data.parent?.subscription_item_details;
    if (details !== null && details !== undefined && !details.proration)
      return { start: line.data.period.start, end: line.data.period.end };
  }
  return undefined;
}

/** The credits a plan's period grants: a credits plan's count and kind; other kinds none. */
export async function planPeriodCredits(
  db: Database,
  uid: string,
  subscriptionId: string,
): Promise<{ count: number; kind: CreditKind } | null> {
  const membership = await readMembership(db, uid);
  if (membership?.id !== subscriptionId || membership.terms.kind !== 'credits') return null;
  return { count: membership.terms.credits ?? 0, kind: membership.terms.creditKind ?? 'regular' };
}

export type GrantPeriod = (
  deps: PaymentDeps,
  grant: {
    uid: string;
    subscriptionId: string;
    invoiceId: string;
    period: { start: number; end: number };
    credits: { count: number; kind: CreditKind };
  },
) => Promise<boolean>;

/**
 * `invoice.paid` of a plan. The grant step is payments' own (`grantSubscriptionPeriod`), handed
 * in so the claim is the same one the monthly repair checks.
 */
export async function planInvoicePaid(
  deps: PaymentDeps,
  invoice: InvoiceObject,
  member: { uid: string; subscriptionId: string },
  grantPeriod: GrantPeriod,
): Promise<EventOutcome> {
  const { db, now } = deps;
  const period = paidPeriod(invoice);
  const credits = await planPeriodCredits(db, member.uid, member.subscriptionId);
  if (period !== undefined && credits !== null && credits.count > 0)
    await grantPeriod(deps, { ...member, invoiceId: invoice.id, period, credits });
  // The first invoice is the checkout's payment; later charges are their own.
  if (invoice.billing_reason !== 'subscription_create' && invoice.amount_paid > 0) {
    const membership = await readMembership(db, member.uid);
    const settings = settingsFromStored((await db.ref(paths.settings()).get()).val());
    const at = now();
    const record: PurchaseRecord = {
      uid: member.uid,
      kind: 'plan',
      items: [
        {
          type: 'plan',
          id: membership?.planId ?? member.subscriptionId,
          name: membership?.terms.name ?? 'Plan',
          quantity: 1,
          unitAmount: invoice.amount_paid,
        },
      ],
      subtotal: invoice.amount_paid,
      discount: 0,
      amount: invoice.amount_paid,
      currency: invoice.currency.toUpperCase() || settings.currency,
      status: 'paid',
      createdAt: at,
      paidAt: at,
      stripeInvoiceId: invoice.id,
      stripeSubscriptionId: member.subscriptionId,
    };
    if (credits !== null && credits.count > 0 && period !== undefined)
      record.credits = { kind: credits.kind, count: credits.count };
    if (invoice.customer) record.stripeCustomerId = invoice.customer;
    await db
      .ref(paths.payment(invoice.id))
      .transaction((current: unknown) => (current === null ? record : current), undefined, false);
  }
  return processed(`plan invoice ${invoice.billing_reason ?? ''}`);
}
