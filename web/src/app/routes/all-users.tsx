import { AllUsers, firebaseAdminUsersApi } from '../../features/admin-users';

/** Admin Users: members, their credits, ledger, bookings, payments and role. */
export default function AllUsersPage() {
  return <AllUsers api={firebaseAdminUsersApi} />;
}
