import type { AdjustCreditsInput, CallableResult, SetUserRoleInput } from '@studio/core';
import type { Unsubscribe } from '../../../lib/realtime';

/** A member's nodes the detail view watches (each an admin read in database.rules.json). */
export type MemberNode = 'user' | 'ledger' | 'bookings' | 'payments';

export interface AdminUsersApi {
  /** `Users`, live (null when empty). */
  watchUsers: (onChange: (value: unknown) => void) => Unsubscribe;
  /** `Reports`: accounts without a name. */
  watchReports: (onChange: (value: unknown) => void) => Unsubscribe;
  /** One member's record, ledger, bookings or payments (`Payments` queried by uid). */
  watchMember: (uid: string, node: MemberNode, onChange: (value: unknown) => void) => Unsubscribe;
  /** The callables; each rejects with the HttpsError the function sent. */
  setUserRole: (input: SetUserRoleInput) => Promise<CallableResult<'setUserRole'>>;
  adjustCredits: (input: AdjustCreditsInput) => Promise<CallableResult<'adjustCredits'>>;
}
