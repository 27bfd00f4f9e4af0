import type { SubscriptionOffer } from './get-suscription-prices';

export type { SubscriptionOffer };

export interface SubscriptionApi {
  getSuscriptionPrices: () => Promise<SubscriptionOffer | null>;
}
