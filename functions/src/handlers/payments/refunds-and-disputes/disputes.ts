import type { DisputeState, MessageKey } from '@studio/core';
import { applyPurchaseReturn } from '../credit-grants';
import { patchPurchase } from '../purchase-record';
import { purchaseOfCharge, recordOfCharge } from './charge-purchase';
import type { PaymentDeps } from '../deps';
import { creditsRevoked } from '../logs';
import { notifyMember } from '../notify';
import { ignored, processed } from '../outcome';
import type { EventOutcome } from '../outcome';
import { chargeSchema } from '../stripe-objects';
import type { DisputeObject } from '../stripe-objects';

/**
 * A closed dispute's outcome for the member's credits: `lost` gives the money back to the card
 * (the credits go); anything else that closes one (`won`, `warning_closed` for an inquiry,
 * `prevented`) leaves the studio paid, so the credits are released.
 */
function closedState(status: string): DisputeState {
  return status === 'lost' ? 'lost' : 'won';
}

/**
 * `charge.dispute.created` (state `open`) and `charge.dispute.closed`: the dispute is recorded on
 * the purchase (`purchase-returns`) and, in the same wallet transaction, the purchase's unused
 * credits are held (not usable, not expiring) while it is open; when it closes they are released,
 * or taken back if it was lost (ledger `hold`, `release`, `revoke`). A dispute that arrives
 * before the purchase is granted is applied by the grant. The charge is fetched for its amount
 * and member.
 */
export async function chargeDisputed(
  deps: PaymentDeps,
  dispute: DisputeObject,
  phase: 'created' | 'closed',
): Promise<EventOutcome> {
  const { db, now } = deps;
  const charge = chargeSchema.parse(await deps.stripe.charges.retrieve(dispute.charge));
  const purchase = await purchaseOfCharge(deps, charge);
  if (typeof purchase === 'string') return ignored(purchase);
  const { uid, purchaseId } = purchase;
  const status: DisputeState = phase === 'created' ? 'open' : closedState(dispute.status);
  const outcome = await applyPurchaseReturn(
    db,
    {
      uid,
      purchaseId,
      grantKeys: purchase.grantKeys,
      update: {
        chargeId: charge.id,
        amount: charge.amount,
        refunded: charge.amount_refunded,
        dispute: { id: dispute.id, status, amount: dispute.amount },
      },
    },
    now(),
  );
  const recordId = await recordOfCharge(deps, charge);
  if (recordId !== undefined) {
    // Events of one purchase finish in any order: a closed dispute is never reopened here.
    await patchPurchase(db, recordId, (record) => {
      const stored = record.disputeId === dispute.id ? record.disputeStatus : undefined;
      const latest = outcome.state.disputes?.[dispute.id]?.status ?? status;
      return {
        stripeChargeId: charge.id,
        disputeId: dispute.id,
        disputeStatus: stored !== undefined && stored !== 'open' ? stored : latest,
        creditsRevoked: Math.max(record.creditsRevoked ?? 0, outcome.state.taken),
        updatedAt: now(),
      };
    });
  }
  const told: [number, string, MessageKey][] = [
    [outcome.held, 'held', 'notifCreditsHeld'],
    [outcome.released, 'released', 'notifCreditsReleased'],
    [outcome.taken, 'revoked', 'notifCreditsRevokedDispute'],
  ];
  for (const [count, what, messageKey] of told) {
    if (count === 0) continue;
    await notifyMember(
      db,
      uid,
      `dispute-${what}-${dispute.id}`,
      what === 'revoked' ? 'credits-revoked' : 'general',
      messageKey,
      { count },
      now(),
    );
  }
  if (outcome.taken > 0) creditsRevoked({ uid, sourceId: purchaseId, count: outcome.taken });
  return processed(
    `dispute ${status}: held ${outcome.held}, released ${outcome.released}, revoked ${outcome.taken}`,
  );
}
