import { COUPON_MISS_COST, isDomainError } from '@studio/core';
import type { RateLimiter } from '../../../engine';

/**
 * A `previewPrice` with a coupon code counts as one coupon attempt, and an unknown code as
 * `COUPON_MISS_COST` (a guess). The count runs next to the price lookup, which writes nothing,
 * so a member within the limit waits for neither; over it, the preview is refused whatever the
 * lookup found, and the extra cost of a miss is charged only to an attempt that was counted. A preview without a code is not counted.
 */
export async function withCouponAttempt<T>(
  limits: RateLimiter,
  uid: string,
  promocode: string | undefined,
  preview: () => Promise<T>,
): Promise<T> {
  if (promocode === undefined) return preview();
  const [taken, previewed] = await Promise.allSettled([limits.take(uid, 'coupon'), preview()]);
  // Over the limit: refused, and nothing more is counted.
  if (taken.status === 'rejected') throw taken.reason;
  if (previewed.status === 'fulfilled') return previewed.value;
  const error: unknown = previewed.reason;
  if (isDomainError(error) && error.messageKey === 'couponUnknown')
    await limits.charge(uid, 'coupon', COUPON_MISS_COST - 1);
  throw error;
}
