import {
  membershipSchema,
  paths,
  planFeeSchema,
  planSchema,
  settingsFromStored,
} from '@studio/core';
import { callFunction } from '../../../lib/firebase';
import { watchIndexedQuery } from '../../../lib/paged-query';
import { readMemberContact } from '../../../lib/read-member-contact';
import { parseEntries, watchPath } from '../../../lib/realtime';
import { watchBranches } from '../../../lib/watch-branches';
import type { PlansAdminApi, PlansApi } from './plans-api';

export const firebasePlansApi: PlansApi = {
  watchPlans: (onChange) =>
    watchPath(
      paths.plans(),
      (value) => onChange(parseEntries(value, (entry) => planSchema.safeParse(entry), 'plan')),
      undefined,
      { readers: 'anyone' },
    ),
  watchSettings: (onChange) =>
    watchPath(paths.settings(), (value) => onChange(settingsFromStored(value)), undefined, {
      readers: 'anyone',
    }),
  watchMembership: (uid, onChange) => {
    let membership: ReturnType<typeof membershipSchema.safeParse> | null = null;
    let fees: Record<string, ReturnType<typeof planFeeSchema.parse>> = {};
    const emit = () => onChange({ membership: membership?.success ? membership.data : null, fees });
    const stopMembership = watchPath(paths.membership(uid), (value) => {
      membership = value === null ? null : membershipSchema.safeParse(value);
      emit();
    });
    const stopFees = watchPath(paths.planFees(uid), (value) => {
      fees = parseEntries(value, (entry) => planFeeSchema.safeParse(entry), 'plan fee');
      emit();
    });
    return () => {
      stopMembership();
      stopFees();
    };
  },
  startCheckout: (planId, urls) =>
    callFunction('createCheckoutSession', { kind: 'plan', planId, ...urls }),
  freeze: (length) => callFunction('freezeMembership', length),
  endFreeze: () => callFunction('endFreeze', {}),
  changePlan: (planId) => callFunction('changePlan', { planId }),
  cancel: (payEarlyEndFee) =>
    callFunction('cancelMembership', payEarlyEndFee ? { payEarlyEndFee } : {}),
};

export const firebasePlansAdminApi: PlansAdminApi = {
  watchBranches,
  watchMembershipsPage: watchIndexedQuery,
  readMember: readMemberContact,
  savePlan: (plan, planId) =>
    callFunction('savePlan', planId === undefined ? { plan } : { plan, planId }),
  freezeMember: (request) => callFunction('freezeMemberPlan', request),
  endMemberFreeze: (uid, reason) => callFunction('endMemberFreeze', { uid, reason }),
  bulkFreeze: (request) => callFunction('bulkFreeze', request),
  changeMemberPlan: (request) => callFunction('changeMemberPlan', request),
  compMembership: (request) => callFunction('compMembership', request),
  endMembership: (uid, reason) =>
    callFunction('cancelMemberSubscription', { uid, when: 'now', reason }),
};
