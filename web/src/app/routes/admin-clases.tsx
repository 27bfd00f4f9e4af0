import { AuditLink } from '../../features/admin-catalog';
import { AdminClassesList, firebaseAdminClassesApi } from '../../features/admin-classes';
import { selectBranchScope, useSessionStore } from '../../features/session';

/** Admin Classes: filter, edit and cancel classes (a branch manager: their branch's). */
export default function AdminClasesPage() {
  const branchScope = useSessionStore(selectBranchScope);
  return (
    <>
      <AdminClassesList api={firebaseAdminClassesApi} branchScope={branchScope} />
      {branchScope === null && <AuditLink />}
    </>
  );
}
