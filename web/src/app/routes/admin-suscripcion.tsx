import { Subscribers, firebaseAdminPaymentsApi } from '../../features/admin-payments';

/** Subscribers and the status of each subscription. */
export default function AdminSuscripcionPage() {
  return <Subscribers api={firebaseAdminPaymentsApi} />;
}
