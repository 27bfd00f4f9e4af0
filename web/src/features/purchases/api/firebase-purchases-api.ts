import {
  eventSchema,
  majorToCents,
  packageSchema,
  paths,
  paymentSchema,
  subscriptionPricePair,
  suscriptionPricesSchema,
} from '@studio/core';
import { callFunction } from '../../../lib/firebase';
import { parseEntries, watchIndexed, watchPath } from '../../../lib/realtime';
import type { PurchasesApi } from './purchases-api';

export const firebasePurchasesApi: PurchasesApi = {
  watchPackages: (onChange) =>
    watchPath(
      paths.packages(),
      (value) =>
        onChange(parseEntries(value, (entry) => packageSchema.safeParse(entry), 'package')),
      undefined,
      { readers: 'anyone' },
    ),
  watchSubscriptionPrices: (onChange) =>
    watchPath(
      paths.suscriptionPrices(),
      (value) => {
        const parsed = suscriptionPricesSchema.safeParse(value ?? []);
        const pair = parsed.success ? subscriptionPricePair(parsed.data) : undefined;
        onChange(
          pair
            ? { discounted: majorToCents(pair.discounted), regular: majorToCents(pair.regular) }
            : null,
        );
      },
      undefined,
      { readers: 'anyone' },
    ),
  watchEvents: (onChange) =>
    watchPath(
      paths.events(),
      (value) => onChange(parseEntries(value, (entry) => eventSchema.safeParse(entry), 'event')),
      undefined,
      { readers: 'anyone' },
    ),
  watchMyPayments: (uid, onChange) =>
    watchIndexed(
      { path: paths.payments(), orderByChild: 'uid', equalTo: uid },
      (value) =>
        onChange(parseEntries(value, (entry) => paymentSchema.safeParse(entry), 'payment')),
      // No copy kept on the device: a stale money record misleads
      // (docs/architecture/web-app.md#offline).
      { readers: 'signed-in' },
    ),
  previewPrice: (request) => callFunction('previewPrice', request),
  createCheckoutSession: (request) => callFunction('createCheckoutSession', request),
};
