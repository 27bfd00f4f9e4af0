// A coupon with limits (`maxRedemptions`, `maxPerMember`) is held by each checkout while its page
// is open: `CouponHolds/{code}/{holdId}`. Limits count paid redemptions and live holds together,
// so two checkouts opened before either is paid cannot both use the last redemption
// (docs/architecture/payments.md#grants-exactly-once). This file is the pure part: which holds are live and
// whether one more fits.
import { z } from 'zod';
import { DomainError } from './errors';
import type { Coupon } from './schemas/catalog';
import { epochMsSchema, keySchema } from './schemas/common';

/** `CouponHolds/{code}/{holdId}`: one open checkout's claim on a limited coupon. */
export const couponHoldSchema = z.object({
  uid: keySchema,
  /** When the checkout page closes (Stripe's `expires_at`): the hold lapses with it. */
  expiresAt: epochMsSchema,
});
export type CouponHold = z.infer<typeof couponHoldSchema>;

type CouponLimits = Pick<Coupon, 'maxRedemptions' | 'maxPerMember'>;

/** Only a coupon with a limit is held; any other is counted when paid, as before. */
export function couponIsLimited(coupon: CouponLimits): boolean {
  return coupon.maxRedemptions !== undefined || coupon.maxPerMember !== undefined;
}

/** The holds still open at `now`, by id (anything unreadable or lapsed is left out). */
export function liveCouponHolds(stored: unknown, now: number): Record<string, CouponHold> {
  const live: Record<string, CouponHold> = {};
  if (typeof stored !== 'object' || stored === null) return live;
  for (const [holdId, value] of Object.entries(stored)) {
    const hold = couponHoldSchema.safeParse(value);
    if (hold.success && hold.data.expiresAt > now) live[holdId] = hold.data;
  }
  return live;
}

export interface CouponCounts {
  /** Paid redemptions of the coupon (`Coupons/{code}/redeemed`). */
  redeemed: number;
  /** Paid redemptions by this member (`CodeCloudStore/{code}/{uid}`). */
  memberRedeemed: number;
}

/**
 * Why one more checkout of `uid` may not hold the coupon, or null: paid redemptions plus the
 * other live holds already reach a limit. `except` leaves one hold out (the caller's own, when it
 * checks again after holding).
 */
export function couponHoldRefusal(
  coupon: CouponLimits,
  counts: CouponCounts,
  holds: Readonly<Record<string, CouponHold>>,
  uid: string,
  except?: string,
): DomainError | null {
  const others = Object.entries(holds).filter(([holdId]) => holdId !== except);
  const total = counts.redeemed + others.length;
  const mine = counts.memberRedeemed + others.filter(([, hold]) => hold.uid === uid).length;
  if (coupon.maxRedemptions !== undefined && total >= coupon.maxRedemptions)
    return new DomainError('failed-precondition', 'couponUsedUp');
  if (coupon.maxPerMember !== undefined && mine >= coupon.maxPerMember)
    return new DomainError('failed-precondition', 'couponPerMemberLimit');
  return null;
}
