import { paths, purchaseReturnSchema } from '@studio/core';
import type { PaymentStatus } from '@studio/core';
import { settleIntroClaims } from '../../plans/intro-offers';
import { recordCouponRedemption } from '../coupons/coupon-redemptions';
import { grantCredits, purchaseGrantCommands } from '../credit-grants';
import type { PaymentDeps } from '../deps';
import { creditsGranted } from '../logs';
import { mailReceipt } from '../mails';
import { notifyMember } from '../notify';
import { ignored, processed } from '../outcome';
import type { EventOutcome } from '../outcome';
import { patchPurchase, readPurchase } from '../purchase-record';
import type { PurchaseRecord } from '../purchase-record';
import type { CheckoutSessionObject } from '../stripe-objects';
import { subscriptionSchema } from '../stripe-objects';
import { releaseCheckoutClaim } from '../subscriptions/subscription-claims';
import { applySubscriptionState } from '../subscriptions/subscription-status';
import { releaseCouponHold } from '../coupons/coupon-holds';

/** Statuses a checkout event may still move a payment out of; refunds are never undone. */
const OPEN_STATUSES: ReadonlySet<PaymentStatus> = new Set(['pending', 'failed', 'expired']);

async function setStatus(
  { db, now }: PaymentDeps,
  paymentId: string,
  status: PaymentStatus,
  extra: Partial<PurchaseRecord> = {},
): Promise<void> {
  await patchPurchase(db, paymentId, (record) =>
    OPEN_STATUSES.has(record.status) ? { ...extra, status, updatedAt: now() } : undefined,
  );
}

/**
 * The purchase's credits, every line in one wallet transaction
 * (docs/architecture/payments.md#grants-exactly-once). The member is
 * told whenever the event is being processed, not only when this call added the credits: after
 * a crash between the grant and the notification, the redelivery adds nothing and must still
 * tell them (the notification is created once, so a true replay changes nothing).
 */
async function grantPurchase(
  deps: PaymentDeps,
  paymentId: string,
  record: PurchaseRecord,
): Promise<void> {
  const { db, now } = deps;
  const grants = record.grants ?? [];
  const added = await grantCredits(db, purchaseGrantCommands(paymentId, record), now());
  if (added > 0)
    for (const grant of grants)
      creditsGranted({
        uid: record.uid,
        sourceId: paymentId,
        kind: grant.kind,
        count: grant.count,
      });
  // A refund or dispute that came first was applied by the grant: the payment says what it took.
  const returned = purchaseReturnSchema.safeParse(
    (await db.ref(paths.purchaseReturn(record.uid, paymentId)).get()).val(),
  );
  const taken = returned.success ? returned.data.taken : 0;
  if (returned.success)
    await patchPurchase(db, paymentId, (stored) => ({
      creditsRevoked: Math.max(stored.creditsRevoked ?? 0, taken),
      updatedAt: now(),
    }));
  const total = grants.reduce((sum, grant) => sum + grant.count, 0) - taken;
  if (total > 0)
    await notifyMember(
      db,
      record.uid,
      `granted-${paymentId}`,
      'credits-granted',
      'notifCreditsGranted',
      { count: total },
      now(),
    );
}

/**
 * `checkout.session.completed` and `checkout.session.async_payment_succeeded`: a paid package or
 * cart grants its credits; a subscription checkout only links the subscription to the member
 * (its credits come with `invoice.paid`, so the first month is not granted twice).
 */
export async function checkoutPaid(
  deps: PaymentDeps,
  session: CheckoutSessionObject,
  eventCreated: number,
): Promise<EventOutcome> {
  const record = await readPurchase(deps.db, session.id);
  if (!record) return ignored(`no payment recorded for session ${session.id}`);
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required')
    return processed(`awaiting payment (${session.payment_status})`);

  const extra: Partial<PurchaseRecord> = { paidAt: deps.now() };
  if (session.payment_intent) extra.stripePaymentIntentId = session.payment_intent;
  if (session.subscription) extra.stripeSubscriptionId = session.subscription;
  if (session.invoice) extra.stripeInvoiceId = session.invoice;

  if (session.mode === 'subscription') {
    if (!session.subscription)
      return ignored(`subscription session ${session.id} without subscription`);
    // Re-fetched, so linking does not depend on the order of the subscription's own events.
    const subscription = subscriptionSchema.parse(
      await deps.stripe.subscriptions.retrieve(session.subscription),
    );
    await applySubscriptionState(deps, subscription, eventCreated);
  } else {
    await grantPurchase(deps, session.id, record);
  }
  if (record.coupon !== undefined)
    await recordCouponRedemption(
      deps.db,
      {
        code: record.coupon,
        uid: record.uid,
        paymentId: session.id,
        discount: record.discount,
        ...(record.couponHold === undefined ? {} : { hold: record.couponHold }),
      },
      deps.now(),
    );
  if (session.metadata?.['intro'] !== undefined)
    await settleIntroClaims(deps, record.uid, record.email, session.id, 'paid');
  await setStatus(deps, session.id, 'paid', extra);
  // After the grant and the record: a redelivery finds the receipt written (create-if-absent).
  await mailReceipt(deps, session.id, record);
  return processed();
}

/**
 * `checkout.session.async_payment_failed` and `checkout.session.expired`; a subscription
 * checkout gives the member's subscription claim back, any checkout its coupon hold.
 */
export async function checkoutUnpaid(
  deps: PaymentDeps,
  session: CheckoutSessionObject,
  status: 'failed' | 'expired',
): Promise<EventOutcome> {
  const record = await readPurchase(deps.db, session.id);
  if (!record) return ignored(`no payment recorded for session ${session.id}`);
  if (session.mode === 'subscription')
    await releaseCheckoutClaim(deps, record.uid, { sessionId: session.id });
  if (session.metadata?.['intro'] !== undefined)
    await settleIntroClaims(deps, record.uid, record.email, session.id, 'unpaid');
  // Its hold on a limited coupon goes back (a failed payment's page is closed too).
  if (record.coupon !== undefined && record.couponHold !== undefined && record.status === 'pending')
    await releaseCouponHold(deps.db, record.coupon, record.couponHold);
  if (record.status !== 'pending') return processed(`payment already ${record.status}`);
  await setStatus(deps, session.id, status);
  return processed();
}
