import { AuditLog, firebaseAdminCatalogApi } from '../../features/admin-catalog';

/** Who changed what in the catalogue (docs/architecture/admin-and-audit.md#catalogue). */
export default function AdminAuditPage() {
  return <AuditLog api={firebaseAdminCatalogApi} />;
}
