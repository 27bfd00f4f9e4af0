import type {
  AdjustCreditsInput,
  CallableResult,
  DirectoryPrefixQuery,
  RevokeMemberPassInput,
  SetUserRoleInput,
  Branch,
} from '@studio/core';
import type { Unsubscribe } from '../../../lib/realtime';

/** A member's nodes the detail view watches (each an admin read in database.rules.json). */
export type MemberNode = 'user' | 'ledger' | 'bookings' | 'payments' | 'waivers';

/**
 * What all-users reads. The list never reads `Users` whole: it pages and searches the member
 * directory (`UserDirectory`, indexed), and the detail reads one member.
 */
export interface AdminUsersApi {
  /** The first `limit` directory entries by name (`orderByChild('nameKey')`), live. */
  watchDirectoryPage: (limit: number, onChange: (value: unknown) => void) => Unsubscribe;
  /** At most `limit` directory entries in one prefix range of one index, live. */
  watchDirectorySearch: (
    query: DirectoryPrefixQuery,
    limit: number,
    onChange: (value: unknown) => void,
  ) => Unsubscribe;
  /**
   * `BranchMembers/{branchId}`: the branch's members, home and visiting, as the nightly job
   * left them (a chain admin's filter, a branch manager's own list).
   */
  watchBranchMembers: (branchId: string, onChange: (value: unknown) => void) => Unsubscribe;
  /** One member's directory entry (the Reports view and a branch's list name each account by it). */
  watchDirectoryEntry: (uid: string, onChange: (value: unknown) => void) => Unsubscribe;
  /** `Reports`: accounts without a name. */
  watchReports: (onChange: (value: unknown) => void) => Unsubscribe;
  /**
   * One member's record, ledger, bookings, payments (`Payments` queried by uid) or signed waivers
   * (`WaiverSignatures/{uid}`).
   */
  watchMember: (uid: string, node: MemberNode, onChange: (value: unknown) => void) => Unsubscribe;
  /** The written waiver's text of one version (`Waivers/versions/{n}`, public), once. */
  readWaiverVersion: (version: number) => Promise<unknown>;
  /** A download URL of a signature's image in Storage (admins and the front desk may read it). */
  signatureImageUrl: (imagePath: string) => Promise<string>;
  /** The studio's branches, live: a role may be scoped to one (a branch manager). */
  watchBranches: (onChange: (branches: Record<string, Branch>) => void) => Unsubscribe;
  /** The callables; each rejects with the HttpsError the function sent. */
  setUserRole: (input: SetUserRoleInput) => Promise<CallableResult<'setUserRole'>>;
  revokeMemberPass: (input: RevokeMemberPassInput) => Promise<CallableResult<'revokeMemberPass'>>;
  adjustCredits: (input: AdjustCreditsInput) => Promise<CallableResult<'adjustCredits'>>;
}
