import { onCall } from 'firebase-functions/v2/https';
import { parseInput, previewPriceInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adminDatabase } from '../../../admin';
import { withCouponAttempt } from '../../../handlers/payments/coupons/coupon-attempts';
import { previewPrice as previewPriceHandler } from '../../../handlers/payments/checkout/preview-price';
import { CALLABLE_OPTIONS, requireAuth, runCallable } from '../../callable';
import { countedCall } from '../../limits';

/** `previewPrice`: the server's price after coupon; needs no Stripe. */
export const previewPrice = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'previewPrice'>> =>
    runCallable('previewPrice', request, async () => {
      const { uid } = requireAuth(request);
      const input = parseInput(previewPriceInput, request.data);
      return countedCall(uid, 'coupon', (limits) =>
        withCouponAttempt(limits, uid, input.promocode, () =>
          previewPriceHandler({ db: adminDatabase(), now: Date.now }, uid, input),
        ),
      );
    }),
);
