import type { CallableResult, CancelMemberSubscriptionInput } from '@studio/core';

/** An admin's action on a member's plan; rejects with the HttpsError the function sent. */
export interface PlanAdminApi {
  cancelMemberSubscription: (
    input: CancelMemberSubscriptionInput,
  ) => Promise<CallableResult<'cancelMemberSubscription'>>;
}
