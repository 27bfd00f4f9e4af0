import {
  AuditLink,
  CatalogEditor,
  firebaseAdminCatalogApi,
  trainPackagesConfig,
} from '../../features/admin-catalog';

/**
 * Training-credit packages (docs/architecture/admin-and-audit.md#catalogue): what buy-train-credits
 * sells.
 */
export default function AdminPreciosTrainPage() {
  return (
    <>
      <CatalogEditor api={firebaseAdminCatalogApi} config={trainPackagesConfig} />
      <AuditLink />
    </>
  );
}
