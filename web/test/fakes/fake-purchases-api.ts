import type { Package, Payment, StudioEvent } from '@studio/core';
import type { CheckoutRequest, PriceRequest, PurchasesApi } from '../../src/features/purchases';
import { CallableRefusal } from '../../src/lib/callable-errors';

/** In-memory catalogue and price calls; coupon WELCOME10 takes 10 % off, others are unknown. */
export function createFakePurchasesApi(
  packages: Record<string, Package> = {},
  events: Record<string, StudioEvent> = {},
) {
  const calls = { previews: [] as PriceRequest[], checkouts: [] as CheckoutRequest[] };
  const priceOf = (request: PriceRequest): number => {
    if (request.kind === 'subscription') return 3900;
    if (request.kind === 'cart')
      return (request.items ?? []).reduce(
        (sum, item) => sum + (packages[item.id]?.price ?? 0) * item.quantity,
        0,
      );
    return packages[request.packageId ?? '']?.price ?? 0;
  };
  const quote = (request: PriceRequest) => {
    const amount = priceOf(request);
    if (request.promocode === undefined) return { amount, currency: 'USD', discount: 0 };
    if (request.promocode !== 'WELCOME10') throw new CallableRefusal('not-found', 'couponUnknown');
    const discount = Math.round(amount / 10);
    return { amount: amount - discount, currency: 'USD', discount };
  };
  let payments: Record<string, Payment> = {};
  const paymentListeners = new Set<(value: Record<string, Payment>) => void>();
  const api: PurchasesApi = {
    watchMyPayments: (_uid, onChange) => {
      paymentListeners.add(onChange);
      onChange(payments);
      return () => paymentListeners.delete(onChange);
    },
    watchPackages: (onChange) => {
      onChange(packages);
      return () => undefined;
    },
    watchEvents: (onChange) => {
      onChange(events);
      return () => undefined;
    },
    watchSubscriptionPrices: (onChange) => {
      onChange({ discounted: 3900, regular: 4900 });
      return () => undefined;
    },
    previewPrice: (request) => {
      calls.previews.push(request);
      try {
        return Promise.resolve(quote(request));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    createCheckoutSession: (request) => {
      calls.checkouts.push(request);
      return Promise.resolve({ sessionId: 'cs_1', url: 'http://localhost:12111/checkout/cs_1' });
    },
  };
  /** What the payment webhook would write: the member's payments now. */
  const setPayments = (value: Record<string, Payment>) => {
    payments = value;
    for (const listener of paymentListeners) listener(value);
  };
  return { api, calls, setPayments };
}
