import {
  Subscribers,
  firebaseAdminPaymentsApi,
  firebasePlanAdminApi,
} from '../../features/admin-payments';

/** Subscribers and the status of each subscription; admins can cancel a member's plan. */
export default function AdminSuscripcionPage() {
  return <Subscribers api={firebaseAdminPaymentsApi} planActions={firebasePlanAdminApi} />;
}
