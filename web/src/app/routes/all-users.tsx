import { CancelPlan, firebasePlanAdminApi } from '../../features/admin-payments';
import { AllUsers, firebaseAdminUsersApi } from '../../features/admin-users';
import { MemberPlanActions, firebasePlansAdminApi, firebasePlansApi } from '../../features/plans';
import { selectBranchScope, useSessionStore } from '../../features/session';

/**
 * Admin Users: members, their credits, ledger, bookings, payments, role and plan. Cancelling a
 * plan is admin-payments' action (as on admin-suscripcion); a membership's freeze, change and gift
 * are the plans feature's (docs/architecture/plans.md), both in the member's sheet.
 */
export default function AllUsersPage() {
  // A branch manager lists their branch's members (docs/decisions/175-member-home-branch.md).
  const branchScope = useSessionStore(selectBranchScope);
  return (
    <AllUsers
      api={firebaseAdminUsersApi}
      branchScope={branchScope}
      planAction={({ uid, name }) => (
        <CancelPlan api={firebasePlanAdminApi} uid={uid} name={name} />
      )}
      membershipAction={({ uid, name }) => (
        <MemberPlanActions
          api={firebasePlansApi}
          admin={firebasePlansAdminApi}
          uid={uid}
          name={name}
        />
      )}
    />
  );
}
