import { DomainError } from './errors';
import type { Coupon, SuscriptionPrice } from './schemas/catalog';
import type { PurchaseKind } from './schemas/common';

export interface PriceAfterCoupon {
  /** What is charged, cents. */
  amount: number;
  /** What the coupon took off, cents. */
  discount: number;
}

type CouponRules = Pick<
  Coupon,
  | 'active'
  | 'percentOff'
  | 'amountOff'
  | 'appliesTo'
  | 'validFrom'
  | 'validUntil'
  | 'maxRedemptions'
  | 'maxPerMember'
>;

export function couponAppliesTo(coupon: Pick<Coupon, 'appliesTo'>, kind: PurchaseKind): boolean {
  return !coupon.appliesTo || coupon.appliesTo.length === 0 || coupon.appliesTo.includes(kind);
}

/**
 * The price after a coupon, or why the coupon cannot be used. `validFrom` and `validUntil` are
 * inclusive instants; the redemption counts are those made before this purchase. A percentage
 * is rounded to the nearest cent; a fixed amount never takes the price below zero.
 */
export function applyCoupon(
  amountCents: number,
  coupon: CouponRules,
  nowMs: number,
  redemptionsTotal: number,
  redemptionsByMember: number,
  kind?: PurchaseKind,
): PriceAfterCoupon | DomainError {
  if (!coupon.active) return new DomainError('failed-precondition', 'couponInactive');
  if (coupon.validFrom !== undefined && nowMs < coupon.validFrom)
    return new DomainError('failed-precondition', 'couponNotYetValid');
  if (coupon.validUntil !== undefined && nowMs > coupon.validUntil)
    return new DomainError('failed-precondition', 'couponExpired');
  if (kind !== undefined && !couponAppliesTo(coupon, kind))
    return new DomainError('failed-precondition', 'couponNotApplicable');
  if (coupon.maxRedemptions !== undefined && redemptionsTotal >= coupon.maxRedemptions)
    return new DomainError('failed-precondition', 'couponUsedUp');
  if (coupon.maxPerMember !== undefined && redemptionsByMember >= coupon.maxPerMember)
    return new DomainError('failed-precondition', 'couponPerMemberLimit');
  const raw =
    coupon.percentOff !== undefined
      ? Math.round((amountCents * coupon.percentOff) / 100)
      : (coupon.amountOff ?? 0);
  const discount = Math.min(Math.max(raw, 0), amountCents);
  return { amount: amountCents - discount, discount };
}

/** Route placeholders that mean "no promo code" (login/{promocode}, confirmar-compra/…). */
const NO_PROMOCODE = new Set(['', '0', '-', 'null', 'undefined', 'none', 'no', 'sin']);

/** A route's promocode parameter as a code to send, or undefined for a placeholder. */
export function normalizePromocode(param: string | null | undefined): string | undefined {
  const code = (param ?? '').trim();
  if (NO_PROMOCODE.has(code.toLowerCase())) return undefined;
  return code.toUpperCase();
}

/** Spec `Precio` values are major units (dollars); money we compute is cents. */
export function majorToCents(amount: number): number {
  return Math.round(amount * 100);
}

export function centsToMajor(cents: number): number {
  return cents / 100;
}

/** `SuscriptionPrices`: the first entry is the discounted price, the second the regular one. */
export function subscriptionPricePair(
  prices: readonly SuscriptionPrice[],
): { discounted: number; regular: number } | undefined {
  const [first, second] = prices;
  if (!first) return undefined;
  return { discounted: first.Precio, regular: (second ?? first).Precio };
}

export function lineTotal(lines: readonly { unitAmount: number; quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
}

/** Money for people: `formatMoney(4999, 'USD', 'en')` → "$49.99". */
export function formatMoney(cents: number, currency: string, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}
