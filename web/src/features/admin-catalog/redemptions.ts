// Coupon redemptions as crear-cupones lists them: the coupons come from the small
// `Coupons` node with their `redeemed` count; one coupon's redemptions are read only when the
// admin opens it, a page at a time, from `CouponRedemptions/{code}/{paymentId}` (indexed by `at`),
// written once per paid payment by the webhook (functions/src/handlers/payments).
import { couponRedemptionEntrySchema, isRecord, paths } from '@studio/core';
import type { CouponRedemptionEntry } from '@studio/core';
import type { IndexedQuery } from '../../lib/indexed-query';

/** Redemptions per page of one coupon; 'load more' adds another page. */
export const REDEMPTION_PAGE_SIZE = 50;

export interface CouponCount {
  code: string;
  /** Redemptions so far (`Coupons/{code}/redeemed`). */
  redeemed: number;
}

/** The coupons with their counts, by code, from the raw `Coupons` node. */
export function couponCounts(coupons: unknown): CouponCount[] {
  if (!isRecord(coupons)) return [];
  return Object.entries(coupons)
    .map(([code, coupon]) => ({
      code,
      redeemed: isRecord(coupon) && typeof coupon['redeemed'] === 'number' ? coupon['redeemed'] : 0,
    }))
    .sort((a, b) => a.code.localeCompare(b.code));
}

/** The newest redemptions of one coupon, by the `at` index. */
export function redemptionsQuery(code: string): IndexedQuery {
  return { path: paths.couponRedemptionLog(code), orderByChild: 'at', from: 'last' };
}

export interface RedemptionRow extends CouponRedemptionEntry {
  paymentId: string;
}

/** A page's redemptions, newest first (entries that do not parse are left out). */
export function redemptionRows(page: unknown): RedemptionRow[] {
  if (!isRecord(page)) return [];
  return Object.entries(page)
    .flatMap(([paymentId, value]): RedemptionRow[] => {
      const parsed = couponRedemptionEntrySchema.safeParse(value);
      return parsed.success ? [{ paymentId, ...parsed.data }] : [];
    })
    .sort((a, b) => b.at - a.at || a.paymentId.localeCompare(b.paymentId));
}
