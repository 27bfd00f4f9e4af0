import { eventSchema, packageSchema, paths } from '@studio/core';
import { callFunction } from '../../../lib/firebase';
import { parseEntries, watchPath } from '../../../lib/realtime';
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
  previewPrice: (request) => callFunction('previewPrice', request),
  createCheckoutSession: (request) => callFunction('createCheckoutSession', request),
};
