import {
  AuditLink,
  CatalogEditor,
  couponsConfig,
  firebaseAdminCatalogApi,
} from '../../features/admin-catalog';

/** Add coupons: code, discount, what it applies to, validity and limits. */
export default function CrearCuponesPage() {
  return (
    <>
      <CatalogEditor api={firebaseAdminCatalogApi} config={couponsConfig} />
      <AuditLink />
    </>
  );
}
