import { stateError } from '../http/errors';
import { newId } from '../objects/ids';
import type { PaymentFields } from '../objects/payment';
import { buildCharge, buildPaymentIntent, buildRefund } from '../objects/payment';
import type { ChargeObject, PaymentIntentObject, RefundObject } from '../objects/types';
import type { EventBatch } from '../state/events';
import type { Store } from '../state/store';

/** A card payment: its PaymentIntent and the one Charge behind it. */
export function createPayment(
  store: Store,
  fields: Omit<PaymentFields, 'paymentMethod'>,
): { paymentIntent: PaymentIntentObject; charge: ChargeObject } {
  const withMethod: PaymentFields = { ...fields, paymentMethod: newId('pm') };
  const chargeId = newId('ch');
  const paymentIntent = store.paymentIntents.add(buildPaymentIntent(withMethod, chargeId));
  const charge = store.charges.add(
    buildCharge(chargeId, withMethod, paymentIntent.id, store.baseUrl),
  );
  return { paymentIntent, charge };
}

function money(amount: number, currency: string): string {
  return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

/** Refunds part or all of a charge: `charge.refunded`, then `refund.created`. */
export function refundCharge(
  store: Store,
  batch: EventBatch,
  charge: ChargeObject,
  options: {
    amount: number | null;
    reason: RefundObject['reason'];
    metadata: Record<string, string>;
  },
): RefundObject {
  if (charge.status !== 'succeeded') {
    throw stateError(`Charge ${charge.id} has not succeeded and cannot be refunded.`, {
      code: 'charge_not_refundable',
    });
  }
  if (charge.disputed) {
    throw stateError(`Charge ${charge.id} has been charged back; you cannot issue a refund.`, {
      code: 'charge_disputed',
    });
  }
  const remaining = charge.amount - charge.amount_refunded;
  if (remaining <= 0) {
    throw stateError(`Charge ${charge.id} has already been refunded.`, {
      code: 'charge_already_refunded',
    });
  }
  const amount = options.amount ?? remaining;
  if (amount > remaining) {
    throw stateError(
      `Refund amount (${money(amount, charge.currency)}) is greater than unrefunded amount on charge (${money(remaining, charge.currency)})`,
      { param: 'amount' },
    );
  }
  const refund = store.refunds.add(buildRefund(charge, amount, options.reason, options.metadata));
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  batch.emit('charge.refunded', charge, previous);
  batch.emit('refund.created', refund);
  return refund;
}
