import { isRecord, paths } from '@studio/core';
import type { CouponRedemption, CouponRedemptionEntry } from '@studio/core';
import { ServerValue } from 'firebase-admin/database';
import type { Database } from 'firebase-admin/database';

/**
 * Counts one redemption of a coupon by a paid purchase, exactly once. The marker
 * `CouponRedemptions/{code}/{paymentId}` is created once (transaction, create-if-absent); one
 * atomic multi-path update then raises `Coupons/{code}/redeemed` and sets the marker's
 * `counted`, so a redelivery after a crash counts what was not counted and never counts twice.
 * Coupons from before the marker moved still hold `Coupons/{code}/redemptions/{paymentId}`: a
 * payment found there was counted already. The member's entry `CodeCloudStore/{code}/{uid}/
 * {paymentId}` is keyed by the payment and created once. `hold` is the checkout's hold on the
 * coupon (coupon-holds.ts), removed with the count.
 */
export async function recordCouponRedemption(
  db: Database,
  command: { code: string; uid: string; paymentId: string; discount: number; hold?: string },
  now: number,
): Promise<void> {
  const { code, uid, paymentId, discount, hold } = command;
  // The member's entry first: a checkout opening meanwhile counts it, or the hold, or both
  // (refusing), never neither (coupon-holds.ts).
  const entry: CouponRedemption = { paymentId, discount, at: now };
  await db
    .ref(paths.memberRedemption(code, uid, paymentId))
    .transaction((current: unknown) => (current === null ? entry : current), undefined, false);
  // The checkout's hold on the coupon goes in the update that counts the redemption.
  const released = hold === undefined ? {} : { [paths.couponHold(code, hold)]: null };
  const coupon: unknown = (await db.ref(paths.coupon(code)).get()).val();
  if (isRecord(coupon)) {
    const legacy = coupon['redemptions'];
    const countedBefore = isRecord(legacy) && legacy[paymentId] !== undefined;
    const created: CouponRedemptionEntry = { uid, discount, at: now, counted: countedBefore };
    const { snapshot } = await db
      .ref(paths.couponRedemptionEntry(code, paymentId))
      .transaction((current: unknown) => (current === null ? created : current), undefined, false);
    const marker: unknown = snapshot.val();
    if (isRecord(marker) && marker['counted'] !== true)
      await db.ref().update({
        [`${paths.coupon(code)}/redeemed`]: ServerValue.increment(1),
        [`${paths.couponRedemptionEntry(code, paymentId)}/counted`]: true,
        ...released,
      });
  }
  // Counted before (a redelivery), or a coupon deleted since checkout: the hold still goes.
  if (hold !== undefined) await db.ref(paths.couponHold(code, hold)).remove();
}
