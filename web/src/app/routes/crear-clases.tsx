import { Link } from 'wouter';
import { paths } from '../../config/paths';
import { AuditLink } from '../../features/admin-catalog';
import {
  CreateClassesForm,
  firebaseAdminClassesApi,
  classesMessages,
} from '../../features/admin-classes';
import { selectBranchScope, useSessionStore } from '../../features/session';
import { useT } from '../../lib/i18n';

/**
 * Add Classes: one class or a weekly series; weekly templates are one link away. A branch
 * manager adds their branch's classes (the templates and the audit log are the chain admins').
 */
export default function CrearClasesPage() {
  const t = useT(classesMessages);
  const branchScope = useSessionStore(selectBranchScope);
  return (
    <>
      <CreateClassesForm api={firebaseAdminClassesApi} branchScope={branchScope} />
      {branchScope === null && (
        <>
          <p>
            <Link href={paths.plantillaDate.getHref({})}>{t('templateTitle')}</Link>
          </p>
          <AuditLink />
        </>
      )}
    </>
  );
}
