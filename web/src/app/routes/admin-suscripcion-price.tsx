import {
  AuditLink,
  SuscriptionPriceForm,
  firebaseAdminCatalogApi,
} from '../../features/admin-catalog';

/** Admin Suscription Price: the discounted and regular monthly prices. */
export default function AdminSuscripcionPricePage() {
  return (
    <>
      <SuscriptionPriceForm api={firebaseAdminCatalogApi} />
      <AuditLink />
    </>
  );
}
