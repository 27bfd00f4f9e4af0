import { ServerValue } from 'firebase-admin/database';
import { paths, settingsFromStored } from '@studio/core';
import { revokeUnusedCredits } from './credit-grants';
import type { PaymentDeps } from './deps';
import { creditsRevoked } from './logs';
import { notifyMember } from './notify';
import { ignored, processed } from './outcome';
import type { EventOutcome } from './outcome';
import { readPurchase } from './purchase-record';
import { uidFromMetadata } from './stripe-objects';
import type { ChargeObject } from './stripe-objects';

/**
 * The purchase a charge paid: the checkout session with that payment intent (packages, cart),
 * or the subscription invoice it paid. Credits are keyed by the one or the other.
 */
async function purchaseOfCharge(
  { stripe }: PaymentDeps,
  paymentIntent: string,
): Promise<{ sourceId: string; subscription: boolean } | undefined> {
  const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
  const session = sessions.data[0];
  if (session) return { sourceId: session.id, subscription: false };
  const invoicePayments = await stripe.invoicePayments.list({
    payment: { type: 'payment_intent', payment_intent: paymentIntent },
    limit: 1,
  });
  const invoice = invoicePayments.data[0]?.invoice;
  if (invoice === undefined) return undefined;
  return {
    sourceId: typeof invoice === 'string' ? invoice : (invoice.id ?? ''),
    subscription: true,
  };
}

/**
 * `charge.refunded`: revokes the purchase's unused credits (a partial refund revokes the refunded
 * share, rounded down) and records the refund on the payment. Each cumulative refunded amount is
 * its own revocation key, so a replay revokes nothing more.
 */
export async function chargeRefunded(
  deps: PaymentDeps,
  charge: ChargeObject,
): Promise<EventOutcome> {
  const { db, now } = deps;
  if (!charge.payment_intent) return ignored(`charge ${charge.id} has no payment intent`);
  const purchase = await purchaseOfCharge(deps, charge.payment_intent);
  if (!purchase || purchase.sourceId === '') return ignored(`no purchase for charge ${charge.id}`);
  const record = await readPurchase(db, purchase.sourceId);
  const uid = record?.uid ?? uidFromMetadata(charge.metadata);
  if (uid === undefined) return ignored(`no member for charge ${charge.id}`);

  const settings = settingsFromStored((await db.ref(paths.settings()).get()).val());
  const granted = purchase.subscription
    ? settings.subscriptionCredits
    : (record?.grants ?? []).reduce((sum, grant) => sum + grant.count, 0);
  const alreadyRevoked = record?.creditsRevoked ?? 0;
  const share = charge.refunded
    ? granted
    : Math.floor((granted * charge.amount_refunded) / Math.max(charge.amount, 1));
  const count = await revokeUnusedCredits(
    db,
    {
      uid,
      sourceId: purchase.sourceId,
      refundKey: `${charge.id}-${charge.amount_refunded}`,
      maxCount: Math.max(0, share - alreadyRevoked),
    },
    now(),
  );

  if (record) {
    await db.ref(paths.payment(purchase.sourceId)).update({
      status: charge.refunded ? 'refunded' : 'partially-refunded',
      amountRefunded: charge.amount_refunded,
      stripeChargeId: charge.id,
      creditsRevoked: ServerValue.increment(count),
      updatedAt: now(),
    });
  }
  if (count > 0) {
    creditsRevoked({ uid, sourceId: purchase.sourceId, count });
    await notifyMember(
      db,
      uid,
      `revoked-${charge.id}-${charge.amount_refunded}`,
      'credits-revoked',
      'notifCreditsRevoked',
      { count },
      now(),
    );
  }
  return processed(`revoked ${count}`);
}
