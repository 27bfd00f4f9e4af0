import {
  paths,
  parseStored,
  pushEventIds,
  settingsFromStored,
  subscriptionGrantSchema,
} from '@studio/core';
import type { CreditKind, SubscriptionGrant } from '@studio/core';
import { enqueuePush } from '../../../push';
import { planInvoicePaid } from '../../plans/plan-invoices';
import { isPlanSubscription } from '../../plans/plan-subscriptions';
import { grantCredits } from '../credit-grants';
import { uidForCustomer } from '../customers';
import type { PaymentDeps } from '../deps';
import { creditsGranted } from '../logs';
import { mailPaymentFailed, mailRenewed } from '../mails';
import { notifyMember } from '../notify';
import { cancelDuplicateSubscription, holdSubscription } from './subscription-claims';
import { ignored, processed } from '../outcome';
import type { EventOutcome } from '../outcome';
import type { PurchaseRecord } from '../purchase-record';
import { invoicePeriod, periodKey, uidFromMetadata } from '../stripe-objects';
import type { InvoiceObject } from '../stripe-objects';

/** Invoices that pay for a period of the plan (not prorations, not one-offs). */
const PERIOD_BILLING_REASONS: ReadonlySet<string> = new Set([
  'subscription_create',
  'subscription_cycle',
]);

export interface PeriodGrant {
  uid: string;
  subscriptionId: string;
  invoiceId: string;
  /** Unix seconds, as Stripe gives them. */
  period: { start: number; end: number };
  /** A credits plan's own count and kind (docs/architecture/plans.md); else `Settings`' monthly. */
  credits?: { count: number; kind: CreditKind } | undefined;
}

/**
 * Grants a subscription period's credits exactly once. The period is claimed first in
 * `SubscriptionGrants/{subId}/{period}` with the invoice that pays it; the credits are keyed by
 * that invoice, so the webhook and the monthly repair, in any order or at once, grant one set.
 * Returns whether this call added the credits.
 */
export async function grantSubscriptionPeriod(
  { db, now }: Pick<PaymentDeps, 'db' | 'now'>,
  grant: PeriodGrant,
  { notify = true }: { notify?: boolean } = {},
): Promise<boolean> {
  const settings = settingsFromStored((await db.ref(paths.settings()).get()).val());
  const path = paths.subscriptionGrant(grant.subscriptionId, periodKey(grant.period.start));
  const claim: SubscriptionGrant = {
    uid: grant.uid,
    invoiceId: grant.invoiceId,
    credits: grant.credits?.count ?? settings.subscriptionCredits,
    grantedAt: now(),
    periodStart: grant.period.start * 1000,
    periodEnd: grant.period.end * 1000,
  };
  const { snapshot } = await db
    .ref(path)
    .transaction((current: unknown) => (current === null ? claim : current), undefined, false);
  const marker = parseStored(subscriptionGrantSchema, snapshot.val(), path);
  const added = await grantCredits(
    db,
    [
      {
        uid: marker.uid,
        kind: grant.credits?.kind ?? 'regular',
        count: marker.credits,
        source: 'subscription',
        sourceId: marker.invoiceId,
        key: marker.invoiceId,
        validityDays: settings.creditValidityDays,
        reasonKey: 'ledgerGrantSubscription',
      },
    ],
    now(),
  );
  if (added > 0)
    creditsGranted({
      uid: marker.uid,
      sourceId: marker.invoiceId,
      kind: grant.credits?.kind ?? 'regular',
      count: marker.credits,
    });
  // Told even when a crash left the credits granted and the member untold (created once).
  if (notify || added > 0)
    await notifyMember(
      db,
      marker.uid,
      `granted-${marker.invoiceId}`,
      'credits-granted',
      'notifCreditsGranted',
      { count: marker.credits },
      now(),
    );
  return added > 0;
}

async function invoiceMember(
  deps: PaymentDeps,
  invoice: InvoiceObject,
): Promise<{ uid: string; subscriptionId: string } | undefined> {
  const details = invoice.parent?.subscription_details;
  if (!details) return undefined;
  const uid =
    uidFromMetadata(details.metadata) ??
    (invoice.customer ? await uidForCustomer(deps, invoice.customer) : undefined);
  return uid === undefined ? undefined : { uid, subscriptionId: details.subscription };
}

/** A renewal's payment record (the first period's is the checkout session's). */
async function recordRenewal(
  { db, now }: PaymentDeps,
  invoice: InvoiceObject,
  member: { uid: string; subscriptionId: string },
  credits: number,
): Promise<void> {
  const at = now();
  const record: PurchaseRecord = {
    uid: member.uid,
    kind: 'subscription',
    items: [
      {
        type: 'subscription',
        id: 'discounted',
        name: 'Monthly plan',
        quantity: 1,
        unitAmount: invoice.amount_paid,
      },
    ],
    subtotal: invoice.amount_paid,
    discount: 0,
    amount: invoice.amount_paid,
    currency: invoice.currency.toUpperCase(),
    status: 'paid',
    credits: { kind: 'regular', count: credits },
    createdAt: at,
    paidAt: at,
    stripeInvoiceId: invoice.id,
    stripeSubscriptionId: member.subscriptionId,
  };
  if (invoice.customer) record.stripeCustomerId = invoice.customer;
  await db
    .ref(paths.payment(invoice.id))
    .transaction((current: unknown) => (current === null ? record : current), undefined, false);
}

/** `invoice.paid`: the period's credits (the grant lives here, not on checkout). */
export async function invoicePaid(
  deps: PaymentDeps,
  invoice: InvoiceObject,
): Promise<EventOutcome> {
  const reason = invoice.billing_reason ?? 'none';
  // A plan's invoices all count (renewals, prorations, a freeze's resumption): plans/plan-invoices.
  const plan = isPlanSubscription(invoice.parent?.subscription_details?.metadata);
  if (!plan && !PERIOD_BILLING_REASONS.has(reason)) return ignored(`billing_reason ${reason}`);
  const member = await invoiceMember(deps, invoice);
  if (!member) return ignored(`no member for invoice ${invoice.id}`);
  const period = invoicePeriod(invoice);
  if (!period) return ignored(`invoice ${invoice.id} has no period`);
  if (!(await holdSubscription(deps, member.uid, member.subscriptionId))) {
    await cancelDuplicateSubscription(deps, member.uid, member.subscriptionId);
    return processed(`duplicate subscription ${member.subscriptionId}: not granted, refunded`);
  }
  if (plan) return planInvoicePaid(deps, invoice, member, grantSubscriptionPeriod);
  await grantSubscriptionPeriod(deps, { ...member, invoiceId: invoice.id, period });
  if (reason === 'subscription_cycle') {
    const settings = settingsFromStored((await deps.db.ref(paths.settings()).get()).val());
    await recordRenewal(deps, invoice, member, settings.subscriptionCredits);
    await mailRenewed(deps, invoice, member.uid, settings.subscriptionCredits, period.end);
  }
  return processed();
}

/** `invoice.payment_failed`: the member is told to update their card; Stripe keeps retrying. */
export async function invoicePaymentFailed(
  deps: PaymentDeps,
  invoice: InvoiceObject,
): Promise<EventOutcome> {
  const member = await invoiceMember(deps, invoice);
  if (!member) return ignored(`no member for invoice ${invoice.id}`);
  await notifyMember(
    deps.db,
    member.uid,
    `payment-failed-${invoice.id}-${invoice.attempt_count ?? 1}`,
    'payment-failed',
    'notifPaymentFailed',
    {},
    deps.now(),
  );
  await mailPaymentFailed(deps, invoice, member.uid);
  // And to the member's devices, once per invoice however often Stripe retries the card.
  const pushed = await enqueuePush(
    deps.db,
    {
      event: pushEventIds.paymentFailed(invoice.id),
      uid: member.uid,
      message: { kind: 'payment-failed' },
    },
    deps.now(),
  );
  if (pushed === 'failed') throw new Error('push outbox write failed');
  return processed();
}
