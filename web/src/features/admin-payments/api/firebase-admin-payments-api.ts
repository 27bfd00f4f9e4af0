import { paths } from '@studio/core';
import { callFunction } from '../../../lib/firebase';
import { readMemberContact } from '../../../lib/read-member-contact';
import { readWholeQuery, watchIndexedQuery } from '../../../lib/paged-query';
import { watchPath } from '../../../lib/realtime';
import { watchBranches } from '../../../lib/watch-branches';
import { PAYMENT_EXPORT_PAGE_SIZE } from '../payments';
import type { WatchMemberPlanFlags } from '../subscribers';
import type { AdminPaymentsApi } from './admin-payments-api';

/** The two flag fields, never `Users/{uid}` whole (it holds one key per credit). */
const watchMemberPlanFlags: WatchMemberPlanFlags = (uid, onChange) => {
  const seen: { active?: unknown; id?: unknown } = {};
  const report = () => {
    if (!('active' in seen) || !('id' in seen)) return;
    onChange({
      activeSuscription: seen.active === true,
      ...(typeof seen.id === 'string' ? { activeSuscriptionId: seen.id } : {}),
    });
  };
  const stops = [
    watchPath(paths.userField(uid, 'activeSuscription'), (value) => {
      seen.active = value;
      report();
    }),
    watchPath(paths.userField(uid, 'activeSuscriptionId'), (value) => {
      seen.id = value;
      report();
    }),
  ];
  return () => stops.forEach((stop) => stop());
};

export const firebaseAdminPaymentsApi: AdminPaymentsApi = {
  watchPaymentsPage: watchIndexedQuery,
  readAllPayments: (query) => readWholeQuery(query, PAYMENT_EXPORT_PAGE_SIZE),
  sumPayments: (input) => callFunction('sumPayments', input),
  readMember: readMemberContact,
  watchBranches,
  watchSubscriptionsPage: watchIndexedQuery,
  watchMemberPlanFlags,
};
