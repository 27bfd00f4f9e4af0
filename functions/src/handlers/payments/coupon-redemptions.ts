import { paths } from '@studio/core';
import type { CouponRedemption } from '@studio/core';
import type { Database } from 'firebase-admin/database';

/**
 * Counts one redemption of a coupon by a paid purchase, exactly once: the coupon node remembers
 * which payments it counted (`Coupons/{code}/redemptions/{paymentId}`) in the same transaction
 * that increments `redeemed`; the member's entry `CodeCloudStore/{code}/{uid}/{paymentId}` is
 * keyed by the payment and created once.
 */
export async function recordCouponRedemption(
  db: Database,
  command: { code: string; uid: string; paymentId: string; discount: number },
  now: number,
): Promise<void> {
  const { code, uid, paymentId, discount } = command;
  await db.ref(paths.coupon(code)).transaction((current: unknown) => {
    if (current === null || typeof current !== 'object') return current;
    const coupon = current as Record<string, unknown>;
    const redemptions = (coupon['redemptions'] ?? {}) as Record<string, unknown>;
    if (redemptions[paymentId] !== undefined) return current;
    const redeemed = typeof coupon['redeemed'] === 'number' ? coupon['redeemed'] : 0;
    return {
      ...coupon,
      redeemed: redeemed + 1,
      redemptions: { ...redemptions, [paymentId]: now },
    };
  });
  const entry: CouponRedemption = { paymentId, discount, at: now };
  await db
    .ref(paths.memberRedemption(code, uid, paymentId))
    .transaction((current: unknown) => (current === null ? entry : current));
}
