import type { SubscriptionApi } from './subscription-api';

/** Loaded on first use: prices are read 1 s after start, after the first paint. */
export const firebaseSubscriptionApi: SubscriptionApi = {
  getSuscriptionPrices: async () =>
    (await import('./get-suscription-prices')).getSuscriptionPrices(),
};
