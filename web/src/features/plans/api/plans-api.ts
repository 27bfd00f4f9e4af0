import type {
  Branch,
  CallableResult,
  Membership,
  Plan,
  PlanFee,
  PlanInput,
  Settings,
} from '@studio/core';
import type { IndexedQuery } from '../../../lib/indexed-query';
import type { ReadMemberContact } from '../../../lib/member-names';
import type { Unsubscribe } from '../../../lib/realtime';

export type { Unsubscribe };

/** The plan catalogue, the member's plan and its self-service, and the admins' plan tools. */
export interface PlansApi {
  /** `Plans` (public): every plan, on sale or not. */
  watchPlans: (onChange: (plans: Record<string, Plan>) => void) => Unsubscribe;
  /** `Settings` (public): the studio's freeze limits, zone and currency. */
  watchSettings: (onChange: (settings: Settings) => void) => Unsubscribe;
  /** `Users/{uid}/membership` and `plan-fees`: the member's plan as it is now. */
  watchMembership: (
    uid: string,
    onChange: (value: { membership: Membership | null; fees: Record<string, PlanFee> }) => void,
  ) => Unsubscribe;
  /** Opens the plan's hosted checkout; the caller leaves for `url`. */
  startCheckout: (
    planId: string,
    urls: { successUrl: string; cancelUrl: string },
  ) => Promise<CallableResult<'createCheckoutSession'>>;
  freeze: (
    length: { days: number } | { until: string },
  ) => Promise<CallableResult<'freezeMembership'>>;
  endFreeze: () => Promise<CallableResult<'endFreeze'>>;
  changePlan: (planId: string) => Promise<CallableResult<'changePlan'>>;
  cancel: (payEarlyEndFee: boolean) => Promise<CallableResult<'cancelMembership'>>;
}

/** What admins do with plans (admin-planes, a member's page). */
export interface PlansAdminApi {
  /** `Branches`, for a bulk freeze of one branch. */
  watchBranches: (onChange: (branches: Record<string, Branch>) => void) => Unsubscribe;
  /** The first `limit` memberships `query` matches (`Memberships`, admin read), live. */
  watchMembershipsPage: (
    query: IndexedQuery,
    limit: number,
    onChange: (value: unknown) => void,
  ) => Unsubscribe;
  /** A member's name and e-mail for the freezes and commitments lists. */
  readMember: ReadMemberContact;
  savePlan: (plan: PlanInput, planId?: string) => Promise<CallableResult<'savePlan'>>;
  freezeMember: (request: {
    uid: string;
    days: number;
    reason: string;
  }) => Promise<CallableResult<'freezeMemberPlan'>>;
  endMemberFreeze: (uid: string, reason: string) => Promise<CallableResult<'endMemberFreeze'>>;
  bulkFreeze: (request: {
    from: string;
    until: string;
    reason: string;
    branch?: string;
  }) => Promise<CallableResult<'bulkFreeze'>>;
  changeMemberPlan: (request: {
    uid: string;
    planId: string;
    when: 'now' | 'period-end';
    reason: string;
  }) => Promise<CallableResult<'changeMemberPlan'>>;
  compMembership: (request: {
    uid: string;
    planId: string;
    until: string;
    reason: string;
  }) => Promise<CallableResult<'compMembership'>>;
  /** Ends a gift, cash or imported plan now (`cancelMemberSubscription {when: 'now'}`), audited. */
  endMembership: (
    uid: string,
    reason: string,
  ) => Promise<CallableResult<'cancelMemberSubscription'>>;
}
