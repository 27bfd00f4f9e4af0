import {
  packageSchema,
  paths,
  paymentSchema,
  planSchema,
  waiverVersionNumberSchema,
  waiverVersionSchema,
} from '@studio/core';
import { callFunction } from '../../../lib/firebase';
import { firebaseDirectorySearch } from '../../../lib/firebase-directory-search';
import { parseEntries, watchIndexed, watchPath } from '../../../lib/realtime';
import type { Unsubscribe } from '../../../lib/unsubscribe';
import type { DeskSalesApi } from './desk-sales-api';

export const firebaseDeskSalesApi: DeskSalesApi = {
  watchDirectorySearch: firebaseDirectorySearch,
  watchDirectoryEntry: (uid, onChange) => watchPath(paths.userDirectoryEntry(uid), onChange),
  watchPackages: (onChange) =>
    watchPath(
      paths.packages(),
      (value) =>
        onChange(parseEntries(value, (entry) => packageSchema.safeParse(entry), 'package')),
      undefined,
      { readers: 'anyone' },
    ),
  watchPlans: (onChange) =>
    watchPath(
      paths.plans(),
      (value) => onChange(parseEntries(value, (entry) => planSchema.safeParse(entry), 'plan')),
      undefined,
      { readers: 'anyone' },
    ),
  // No copy kept on the device: a stale money record misleads (docs/architecture/web-app.md).
  watchPayments: (uid, onChange) =>
    watchIndexed({ path: paths.payments(), orderByChild: 'uid', equalTo: uid }, (value) =>
      onChange(parseEntries(value, (entry) => paymentSchema.safeParse(entry), 'payment')),
    ),
  watchWaiver: (onChange) => {
    let stopVersion: Unsubscribe | undefined;
    const stopCurrent = watchPath(paths.waiverCurrent(), (value) => {
      stopVersion?.();
      stopVersion = undefined;
      const current = waiverVersionNumberSchema.safeParse(value);
      if (!current.success) {
        onChange(null);
        return;
      }
      stopVersion = watchPath(paths.waiverVersion(current.data), (stored) => {
        const version = waiverVersionSchema.safeParse(stored);
        onChange(version.success ? version.data : null);
      });
    });
    return () => {
      stopVersion?.();
      stopCurrent();
    };
  },
  recordCashSale: (input) => callFunction('recordCashSale', input),
  refundCashSale: (input) => callFunction('refundCashSale', input),
  createDeskCheckout: (input) => callFunction('createDeskCheckout', input),
  addToClass: (input) => callFunction('addToClass', input),
};
