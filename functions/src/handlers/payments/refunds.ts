import { paths } from '@studio/core';
import { applyPurchaseReturn } from './credit-grants';
import { purchaseOfCharge } from './charge-purchase';
import type { PaymentDeps } from './deps';
import { creditsRevoked } from './logs';
import { notifyMember } from './notify';
import { ignored, processed } from './outcome';
import type { EventOutcome } from './outcome';
import type { ChargeObject } from './stripe-objects';

/**
 * `charge.refunded`: records the refund on the purchase and takes back its share of the credits
 * the purchase's grant created (a full refund: every unused one; a partial one: the refunded
 * share, rounded up, of those still unused; core `settlePurchaseReturn`). A refund that arrives
 * before the purchase is fulfilled is recorded first, and the grant then keeps nothing of what was
 * refunded. Stripe's `amount_refunded` is cumulative, so a replay or a stale event takes nothing
 * more.
 */
export async function chargeRefunded(
  deps: PaymentDeps,
  charge: ChargeObject,
): Promise<EventOutcome> {
  const { db, now } = deps;
  const purchase = await purchaseOfCharge(deps, charge);
  if (typeof purchase === 'string') return ignored(purchase);
  const { uid, purchaseId } = purchase;
  const outcome = await applyPurchaseReturn(
    db,
    {
      uid,
      purchaseId,
      grantKeys: purchase.grantKeys,
      update: { chargeId: charge.id, amount: charge.amount, refunded: charge.amount_refunded },
    },
    now(),
  );
  const refunded = outcome.state.refunded;
  if (purchase.record) {
    await db.ref(paths.payment(purchase.recordId)).update({
      status: refunded >= outcome.state.amount ? 'refunded' : 'partially-refunded',
      amountRefunded: refunded,
      stripeChargeId: charge.id,
      creditsRevoked: outcome.state.taken,
      updatedAt: now(),
    });
  }
  if (outcome.taken > 0) {
    creditsRevoked({ uid, sourceId: purchaseId, count: outcome.taken });
    await notifyMember(
      db,
      uid,
      `revoked-${charge.id}-${refunded}`,
      'credits-revoked',
      'notifCreditsRevoked',
      { count: outcome.taken },
      now(),
    );
  }
  return processed(`revoked ${outcome.taken}`);
}
