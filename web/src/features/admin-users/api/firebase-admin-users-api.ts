import { ROOTS, paths } from '@studio/core';
import { callFunction } from '../../../lib/firebase';
import { watchPath, watchQuery } from '../../../lib/realtime';
import type { AdminUsersApi, MemberNode } from './admin-users-api';

const MEMBER_PATHS: Readonly<Record<Exclude<MemberNode, 'payments'>, (uid: string) => string>> = {
  user: paths.user,
  ledger: paths.creditLedger,
  bookings: paths.userClasses,
};

export const firebaseAdminUsersApi: AdminUsersApi = {
  watchUsers: (onChange) => watchPath(paths.users(), onChange),
  watchReports: (onChange) => watchPath(ROOTS.reports, onChange),
  watchMember: (uid, node, onChange) =>
    node === 'payments'
      ? // `Payments` is indexed on uid, so one member's payments are one query.
        watchQuery(
          (db, sdk) =>
            sdk.query(sdk.ref(db, paths.payments()), sdk.orderByChild('uid'), sdk.equalTo(uid)),
          onChange,
        )
      : watchPath(MEMBER_PATHS[node](uid), onChange),
  setUserRole: (input) => callFunction('setUserRole', input),
  adjustCredits: (input) => callFunction('adjustCredits', input),
};
