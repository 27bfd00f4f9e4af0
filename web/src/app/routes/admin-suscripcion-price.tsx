import {
  AuditLink,
  SubscribersLink,
  SuscriptionPriceForm,
  firebaseAdminCatalogApi,
} from '../../features/admin-catalog';

/** Admin Suscription Price: the discounted and regular monthly prices, and the subscribers. */
export default function AdminSuscripcionPricePage() {
  return (
    <>
      <SuscriptionPriceForm api={firebaseAdminCatalogApi} />
      <SubscribersLink />
      <AuditLink />
    </>
  );
}
