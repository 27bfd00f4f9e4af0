import { couponRedemptionSchema, isRecord, paths } from '@studio/core';
import type { CouponRedemptionEntry } from '@studio/core';
import type { Database } from 'firebase-admin/database';

export interface MoveCouponRedemptionsReport {
  /** Coupons whose old `redemptions` map was removed. */
  coupons: number;
  /** `CouponRedemptions/{code}/{paymentId}` markers written (counted) from `CodeCloudStore`. */
  markers: number;
}

/**
 * The one-off backfill for coupons counted before the markers moved out of `Coupons`
 * (`npm run admin -- coupon-redemptions`): each member entry `CodeCloudStore/{code}/{uid}/
 * {paymentId}` becomes a counted marker where none exists, then the coupon's old `redemptions`
 * map goes, so crear-cupones lists the old redemptions and reads a small `Coupons`. The counts
 * (`redeemed`) are left as they are. Until it runs, recordCouponRedemption still honours the old
 * map (a payment listed there is never counted again); safe to repeat.
 */
export async function moveCouponRedemptions(db: Database): Promise<MoveCouponRedemptionsReport> {
  const report: MoveCouponRedemptionsReport = { coupons: 0, markers: 0 };
  const coupons: unknown = (await db.ref(paths.coupons()).get()).val();
  if (!isRecord(coupons)) return report;
  for (const [code, coupon] of Object.entries(coupons)) {
    if (!isRecord(coupon) || coupon['redemptions'] === undefined) continue;
    const byMember: unknown = (await db.ref(paths.couponRedemptions(code)).get()).val();
    const existing: unknown = (await db.ref(paths.couponRedemptionLog(code)).get()).val();
    const updates: Record<string, unknown> = {};
    for (const [uid, list] of Object.entries(isRecord(byMember) ? byMember : {})) {
      for (const value of Object.values(isRecord(list) ? list : {})) {
        const entry = couponRedemptionSchema.safeParse(value);
        if (!entry.success) continue;
        const { paymentId, discount, at } = entry.data;
        if (isRecord(existing) && existing[paymentId] !== undefined) continue;
        const marker: CouponRedemptionEntry = { uid, discount, at, counted: true };
        updates[paths.couponRedemptionEntry(code, paymentId)] = marker;
      }
    }
    report.markers += Object.keys(updates).length;
    // Markers first: once the old map is gone, a redelivered payment finds its marker counted.
    if (Object.keys(updates).length > 0) await db.ref().update(updates);
    await db.ref(`${paths.coupon(code)}/redemptions`).remove();
    report.coupons += 1;
  }
  return report;
}
