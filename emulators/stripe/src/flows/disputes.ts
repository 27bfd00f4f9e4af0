import { stateError } from '../http/errors';
import { buildDispute } from '../objects/dispute';
import type { ChargeObject, DisputeObject } from '../objects/types';
import type { EventBatch } from '../state/events';
import type { Store } from '../state/store';

/** Dispute reasons Stripe reports (a subset; `general` when unsure). */
export const DISPUTE_REASONS = [
  'fraudulent',
  'duplicate',
  'product_not_received',
  'product_unacceptable',
  'subscription_canceled',
  'credit_not_processed',
  'unrecognized',
  'general',
] as const;

const OPEN_STATUSES: ReadonlySet<string> = new Set([
  'needs_response',
  'under_review',
  'warning_needs_response',
  'warning_under_review',
]);

/**
 * The cardholder's bank disputes a charge: the charge becomes `disputed`, the disputed amount is
 * withdrawn. Events, in Stripe's order: `charge.dispute.created`, `charge.dispute.funds_withdrawn`.
 * A charge can be disputed once.
 */
export function disputeCharge(
  store: Store,
  batch: EventBatch,
  charge: ChargeObject,
  options: { amount: number | null; reason: string },
): DisputeObject {
  if (charge.status !== 'succeeded') {
    throw stateError(`Charge ${charge.id} has not succeeded and cannot be disputed.`);
  }
  if (charge.disputed) throw stateError(`Charge ${charge.id} has already been disputed.`);
  const amount = options.amount ?? charge.amount;
  if (amount > charge.amount) {
    throw stateError(`Dispute amount is greater than the charge amount.`, { param: 'amount' });
  }
  const dispute = store.disputes.add(buildDispute(charge, amount, options.reason));
  charge.disputed = true;
  batch.emit('charge.dispute.created', dispute);
  batch.emit('charge.dispute.funds_withdrawn', dispute);
  return dispute;
}

/**
 * The bank decides: `won` (funds reinstated: `charge.dispute.closed`, then
 * `charge.dispute.funds_reinstated`) or `lost` (`charge.dispute.closed`; the money stays with
 * the cardholder). A closed dispute cannot be closed again.
 */
export function closeDispute(
  batch: EventBatch,
  dispute: DisputeObject,
  outcome: 'won' | 'lost',
): DisputeObject {
  if (!OPEN_STATUSES.has(dispute.status)) {
    throw stateError(`Dispute ${dispute.id} is already closed (${dispute.status}).`);
  }
  const previous = { status: dispute.status };
  dispute.status = outcome;
  dispute.evidence_details = {
    ...dispute.evidence_details,
    has_evidence: true,
    submission_count: 1,
    submission_method: 'manual',
  };
  batch.emit('charge.dispute.closed', dispute, previous);
  if (outcome === 'won') batch.emit('charge.dispute.funds_reinstated', dispute);
  return dispute;
}
