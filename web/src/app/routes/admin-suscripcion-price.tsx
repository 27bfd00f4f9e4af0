import {
  AuditLink,
  SubscribersLink,
  SuscriptionPriceForm,
  firebaseAdminCatalogApi,
} from '../../features/admin-catalog';
import { AdminOnly } from '../admin-only';

/** Admin Suscription Price: the discounted and regular monthly prices, and the subscribers. */
export default function AdminSuscripcionPricePage() {
  return (
    <AdminOnly title="menuAdminSubscriptionPrice">
      <SuscriptionPriceForm api={firebaseAdminCatalogApi} />
      <SubscribersLink />
      <AuditLink />
    </AdminOnly>
  );
}
