import { CancelPlan, firebasePlanAdminApi } from '../../features/admin-payments';
import { AllUsers, firebaseAdminUsersApi } from '../../features/admin-users';

/**
 * Admin Users: members, their credits, ledger, bookings, payments, role and plan. Cancelling a
 * plan is admin-payments' action (as on admin-suscripcion), offered in the member's sheet.
 */
export default function AllUsersPage() {
  return (
    <AllUsers
      api={firebaseAdminUsersApi}
      planAction={({ uid, name }) => (
        <CancelPlan api={firebasePlanAdminApi} uid={uid} name={name} />
      )}
    />
  );
}
