import { applyPurchaseReturn } from '../credit-grants';
import { patchPurchase } from '../purchase-record';
import { purchaseOfCharge, recordOfCharge } from './charge-purchase';
import type { PaymentDeps } from '../deps';
import { creditsRevoked } from '../logs';
import { notifyMember } from '../notify';
import { ignored, processed } from '../outcome';
import type { EventOutcome } from '../outcome';
import type { ChargeObject } from '../stripe-objects';

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
  const recordId = await recordOfCharge(deps, charge);
  if (recordId !== undefined) {
    // Events of one purchase finish in any order: the record keeps the most given back.
    await patchPurchase(db, recordId, (record) => {
      const amountRefunded = Math.max(record.amountRefunded ?? 0, refunded);
      return {
        status: amountRefunded >= outcome.state.amount ? 'refunded' : 'partially-refunded',
        amountRefunded,
        stripeChargeId: charge.id,
        creditsRevoked: Math.max(record.creditsRevoked ?? 0, outcome.state.taken),
        updatedAt: now(),
      };
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
