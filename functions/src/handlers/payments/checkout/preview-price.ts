import type { CallableResult, PreviewPriceInput } from '@studio/core';
import type { PaymentDeps } from '../deps';
import { quotePlan } from '../../plans/plan-checkout';
import { quotePurchase } from './quote';

/** `previewPrice`: what `createCheckoutSession` would charge, nothing written. */
export async function previewPrice(
  { db, now }: Pick<PaymentDeps, 'db' | 'now'>,
  uid: string,
  input: PreviewPriceInput,
): Promise<CallableResult<'previewPrice'>> {
  if (input.kind === 'plan') {
    const plan = await quotePlan({ db }, input.planId ?? '');
    return { amount: plan.firstCharge, currency: plan.currency, discount: 0 };
  }
  const quote = await quotePurchase(db, uid, input, now());
  return { amount: quote.amount, currency: quote.currency, discount: quote.discount };
}
