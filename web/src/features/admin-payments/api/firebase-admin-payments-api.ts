import { paths } from '@studio/core';
import { watchPath, watchQuery } from '../../../lib/realtime';
import type { AdminPaymentsApi } from './admin-payments-api';

export const firebaseAdminPaymentsApi: AdminPaymentsApi = {
  watchPayments: ({ startMs, endMs }, onChange) =>
    watchQuery(
      (db, sdk) =>
        sdk.query(
          sdk.ref(db, paths.payments()),
          sdk.orderByChild('createdAt'),
          sdk.startAt(startMs),
          sdk.endAt(endMs),
        ),
      onChange,
    ),
  watchSubscriptionPayments: (onChange) =>
    watchQuery(
      (db, sdk) =>
        sdk.query(
          sdk.ref(db, paths.payments()),
          sdk.orderByChild('kind'),
          sdk.equalTo('subscription'),
        ),
      onChange,
    ),
  watchSubscriptions: (onChange) => watchPath(paths.stripeSubscriptions(), onChange),
  watchUsers: (onChange) => watchPath(paths.users(), onChange),
};
