import {
  AuditLink,
  CatalogEditor,
  singleClassConfig,
  firebaseAdminCatalogApi,
} from '../../features/admin-catalog';

/** The single-class price: a one-credit package. */
export default function AdminPrecioIndividualPage() {
  return (
    <>
      <CatalogEditor api={firebaseAdminCatalogApi} config={singleClassConfig} />
      <AuditLink />
    </>
  );
}
