import { ROOTS, paths } from '@studio/core';
import type { Database, Query } from 'firebase/database';
import type * as DatabaseModule from 'firebase/database';
import { callFunction, getStorageClient } from '../../../lib/firebase';
import { firebaseDirectorySearch } from '../../../lib/firebase-directory-search';
import { readPath, watchPath, watchQuery } from '../../../lib/realtime';
import { watchBranches } from '../../../lib/watch-branches';
import type { AdminUsersApi, MemberNode } from './admin-users-api';

type DatabaseSdk = typeof DatabaseModule;

const MEMBER_PATHS: Readonly<Record<Exclude<MemberNode, 'payments'>, (uid: string) => string>> = {
  user: paths.user,
  ledger: paths.creditLedger,
  bookings: paths.userClasses,
  waivers: paths.waiverSignatures,
};

/** One page of the directory by name: `nameKey` is indexed in database.rules.json. */
export function directoryPageQuery(db: Database, sdk: DatabaseSdk, limit: number): Query {
  return sdk.query(
    sdk.ref(db, paths.userDirectory()),
    sdk.orderByChild('nameKey'),
    sdk.limitToFirst(limit),
  );
}

export const firebaseAdminUsersApi: AdminUsersApi = {
  watchDirectoryPage: (limit, onChange) =>
    watchQuery((db, sdk) => directoryPageQuery(db, sdk, limit), onChange),
  watchDirectorySearch: firebaseDirectorySearch,
  watchDirectoryEntry: (uid, onChange) => watchPath(paths.userDirectoryEntry(uid), onChange),
  watchBranchMembers: (branchId, onChange) => watchPath(paths.branchMembers(branchId), onChange),
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
  readWaiverVersion: (version) => readPath(paths.waiverVersion(version)),
  signatureImageUrl: async (imagePath) => {
    const [storage, { getDownloadURL, ref }] = await Promise.all([
      getStorageClient(),
      import('firebase/storage'),
    ]);
    return getDownloadURL(ref(storage, imagePath));
  },
  watchBranches,
  setUserRole: (input) => callFunction('setUserRole', input),
  revokeMemberPass: (input) => callFunction('revokeMemberPass', input),
  adjustCredits: (input) => callFunction('adjustCredits', input),
};
