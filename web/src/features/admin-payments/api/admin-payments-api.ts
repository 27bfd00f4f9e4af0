import type { Branch, CallableResult, SumPaymentsInput } from '@studio/core';
import type { ReadMemberContact } from '../../../lib/member-names';
import type { IndexedQuery } from '../../../lib/indexed-query';
import type { Unsubscribe } from '../../../lib/realtime';
import type { WatchMemberPlanFlags } from '../subscribers';

export interface AdminPaymentsApi {
  /**
   * A page of `Payments`: the last `limit` of `query` (the range by the indexed `createdAt`),
   * live. The list never reads a range whole.
   */
  watchPaymentsPage: (
    query: IndexedQuery,
    limit: number,
    onChange: (value: unknown) => void,
  ) => Unsubscribe;
  /** Every payment of `query`, read once in pages (the CSV export). */
  readAllPayments: (query: IndexedQuery) => Promise<unknown>;
  /** The `sumPayments` callable: the range's totals, added up on the server. */
  sumPayments: (input: SumPaymentsInput) => Promise<CallableResult<'sumPayments'>>;
  /** One member's name and e-mail, for the payments shown. */
  readMember: ReadMemberContact;
  /** The studio's branches, live (the branch filter of a studio with more than one). */
  watchBranches: (onChange: (branches: Record<string, Branch>) => void) => Unsubscribe;
  /**
   * A page of `StripeSubscriptions`: the last `limit` of `query` (by the indexed
   * `currentPeriodEnd` or `status`), live; admin-suscripcion never reads the node whole.
   */
  watchSubscriptionsPage: (
    query: IndexedQuery,
    limit: number,
    onChange: (value: unknown) => void,
  ) => Unsubscribe;
  /** One member's `Users/{uid}/activeSuscription` and `activeSuscriptionId`, live. */
  watchMemberPlanFlags: WatchMemberPlanFlags;
}
