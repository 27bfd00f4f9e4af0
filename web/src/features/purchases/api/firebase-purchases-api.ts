import { eventSchema, packageSchema, paths, paymentSchema } from '@studio/core';
import { callFunction } from '../../../lib/firebase';
import { parseEntries, watchPath, watchQuery } from '../../../lib/realtime';
import type { PurchasesApi } from './purchases-api';

export const firebasePurchasesApi: PurchasesApi = {
  watchPackages: (onChange) =>
    watchPath(paths.packages(), (value) =>
      onChange(parseEntries(value, (entry) => packageSchema.safeParse(entry), 'package')),
    ),
  watchEvents: (onChange) =>
    watchPath(paths.events(), (value) =>
      onChange(parseEntries(value, (entry) => eventSchema.safeParse(entry), 'event')),
    ),
  watchMyPayments: (uid, onChange) =>
    watchQuery(
      (db, { query, ref, orderByChild, equalTo }) =>
        query(ref(db, paths.payments()), orderByChild('uid'), equalTo(uid)),
      (value) =>
        onChange(parseEntries(value, (entry) => paymentSchema.safeParse(entry), 'payment')),
    ),
  previewPrice: (request) => callFunction('previewPrice', request),
  createCheckoutSession: (request) => callFunction('createCheckoutSession', request),
};
