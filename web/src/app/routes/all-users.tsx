import { CancelPlan, firebasePlanAdminApi } from '../../features/admin-payments';
import { AllUsers, firebaseAdminUsersApi } from '../../features/admin-users';
import { MemberPlanActions, firebasePlansAdminApi, firebasePlansApi } from '../../features/plans';

/**
 * Admin Users: members, their credits, ledger, bookings, payments, role and plan. Cancelling a
 * plan is admin-payments' action (as on admin-suscripcion); a membership's freeze, change and gift
 * are the plans feature's (docs/architecture/plans.md), both in the member's sheet.
 */
export default function AllUsersPage() {
  return (
    <AllUsers
      api={firebaseAdminUsersApi}
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
