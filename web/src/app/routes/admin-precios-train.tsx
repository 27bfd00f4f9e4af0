import {
  AuditLink,
  CatalogEditor,
  firebaseAdminCatalogApi,
  trainPackagesConfig,
} from '../../features/admin-catalog';

/** Training-credit packages (decision 120): what buy-train-credits sells. */
export default function AdminPreciosTrainPage() {
  return (
    <>
      <CatalogEditor api={firebaseAdminCatalogApi} config={trainPackagesConfig} />
      <AuditLink />
    </>
  );
}
