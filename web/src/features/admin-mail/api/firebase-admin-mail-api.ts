import { paths } from '@studio/core';
import { callFunction } from '../../../lib/firebase';
import { readMemberContact } from '../../../lib/read-member-contact';
import { watchQuery } from '../../../lib/realtime';
import type { AdminMailApi } from './admin-mail-api';

export const firebaseAdminMailApi: AdminMailApi = {
  watchNewestMail: ({ limit, status }, onChange) =>
    watchQuery(
      (db, sdk) =>
        status === ''
          ? sdk.query(
              sdk.ref(db, paths.mailOutbox()),
              sdk.orderByChild('createdAt'),
              sdk.limitToLast(limit),
            )
          : sdk.query(
              sdk.ref(db, paths.mailOutbox()),
              sdk.orderByChild('status'),
              sdk.equalTo(status),
              sdk.limitToLast(limit),
            ),
      onChange,
    ),
  watchNewestPush: ({ limit, status }, onChange) =>
    watchQuery(
      (db, sdk) =>
        status === ''
          ? sdk.query(
              sdk.ref(db, paths.pushOutbox()),
              sdk.orderByChild('createdAt'),
              sdk.limitToLast(limit),
            )
          : sdk.query(
              sdk.ref(db, paths.pushOutbox()),
              sdk.orderByChild('status'),
              sdk.equalTo(status),
              sdk.limitToLast(limit),
            ),
      onChange,
    ),
  readMember: readMemberContact,
  resendMail: (input) => callFunction('resendMail', input),
};
