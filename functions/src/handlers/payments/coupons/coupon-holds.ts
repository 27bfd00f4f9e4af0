// A checkout holds a limited coupon while its page is open (core/src/coupon-holds.ts,
// docs/architecture/payments.md#grants-exactly-once): the hold is taken before Stripe is asked, given back
// when the session expires or fails, and removed by the same update that counts the paid
// redemption, so paid redemptions and open checkouts never add up to more than the limits.
import { couponHoldRefusal, couponIsLimited, liveCouponHolds, paths } from '@studio/core';
import type { Coupon, CouponCounts, CouponHold, DomainError } from '@studio/core';
import type { Database } from 'firebase-admin/database';
import type { PaymentDeps } from '../deps';

async function countsOf(db: Database, code: string, uid: string): Promise<CouponCounts> {
  const [redeemed, mine] = await Promise.all([
    db.ref(`${paths.coupon(code)}/redeemed`).get(),
    db.ref(paths.memberRedemptions(code, uid)).get(),
  ]);
  const paid: unknown = redeemed.val();
  return { redeemed: typeof paid === 'number' ? paid : 0, memberRedeemed: mine.numChildren() };
}

/**
 * Holds `code` for a checkout of `uid` until `expiresAt`, or refuses as the limits would
 * (`couponUsedUp`, `couponPerMemberLimit`) with nothing written. A coupon without limits is not
 * held (undefined). The holds are added in one transaction, so two checkouts cannot take the
 * same last redemption; the paid counts are read again once the hold stands, so a payment
 * counted in between (its hold removed with the count) is seen too.
 */
export async function holdCoupon(
  deps: Pick<PaymentDeps, 'db' | 'now'>,
  request: { code: string; coupon: Coupon; uid: string; expiresAt: number },
): Promise<string | undefined> {
  const { db, now } = deps;
  const { code, coupon, uid } = request;
  if (!couponIsLimited(coupon)) return undefined;
  const holdsRef = db.ref(paths.couponHolds(code));
  const holdId = holdsRef.push().key;
  if (holdId === null) throw new Error('push() gave no key');
  const hold: CouponHold = { uid, expiresAt: request.expiresAt };
  const before = await countsOf(db, code, uid);
  let refusal = null as DomainError | null;
  const { committed } = await holdsRef.transaction(
    (current: unknown) => {
      const live = liveCouponHolds(current, now());
      refusal = couponHoldRefusal(coupon, before, live, uid);
      // Lapsed holds go with the write: the node keeps only open checkouts.
      return refusal ? undefined : { ...live, [holdId]: hold };
    },
    undefined,
    false,
  );
  if (!committed) throw refusal ?? new Error(`coupon hold on ${code} not committed`);
  const after = couponHoldRefusal(
    coupon,
    await countsOf(db, code, uid),
    liveCouponHolds((await holdsRef.get()).val(), now()),
    uid,
    holdId,
  );
  if (after) {
    await releaseCouponHold(db, code, holdId);
    throw after;
  }
  return holdId;
}

/** Gives a hold back (an expired or failed checkout, or one that could not open). */
export async function releaseCouponHold(db: Database, code: string, holdId: string): Promise<void> {
  await db.ref(paths.couponHold(code, holdId)).remove();
}
