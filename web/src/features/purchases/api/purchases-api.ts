import type { CallableResult, Package, Payment, StudioEvent } from '@studio/core';
import type { CallableInput } from '../../../lib/firebase';
import type { Unsubscribe } from '../../../lib/realtime';

export type PriceRequest = CallableInput<'previewPrice'>;
export type CheckoutRequest = CallableInput<'createCheckoutSession'>;

export interface PurchasesApi {
  /** `Packages`, live (credit, special-event and train packs). */
  watchPackages: (onChange: (packages: Record<string, Package>) => void) => Unsubscribe;
  /**
   * `SuscriptionPrices` as the monthly plan's price pair, in cents (first entry: what the member
   * pays; second: the regular price), live; null when there is no plan on sale.
   */
  watchSubscriptionPrices: (
    onChange: (prices: { discounted: number; regular: number } | null) => void,
  ) => Unsubscribe;
  /** `Events`, live. */
  watchEvents: (onChange: (events: Record<string, StudioEvent>) => void) => Unsubscribe;
  /** The member's own `Payments`, live (query `orderByChild('uid').equalTo(uid)`). */
  watchMyPayments: (
    uid: string,
    onChange: (payments: Record<string, Payment>) => void,
  ) => Unsubscribe;
  previewPrice: (request: PriceRequest) => Promise<CallableResult<'previewPrice'>>;
  createCheckoutSession: (
    request: CheckoutRequest,
  ) => Promise<CallableResult<'createCheckoutSession'>>;
}
