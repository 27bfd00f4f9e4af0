import { AdminImport, firebaseAdminImportApi } from '../../features/admin-import';

/** The import wizard (docs/architecture/import.md): files, mapping, preview, dry run, import. */
export default function AdminImportPage() {
  return <AdminImport api={firebaseAdminImportApi} />;
}
