import { AuditLog, firebaseAdminCatalogApi } from '../../features/admin-catalog';

/** Who changed what in the catalogue (docs/decisions/040). */
export default function AdminAuditPage() {
  return <AuditLog api={firebaseAdminCatalogApi} />;
}
