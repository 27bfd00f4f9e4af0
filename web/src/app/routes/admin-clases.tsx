import { AuditLink } from '../../features/admin-catalog';
import { AdminClassesList, firebaseAdminClassesApi } from '../../features/admin-classes';

/** Admin Classes: filter, edit and cancel classes. */
export default function AdminClasesPage() {
  return (
    <>
      <AdminClassesList api={firebaseAdminClassesApi} />
      <AuditLink />
    </>
  );
}
