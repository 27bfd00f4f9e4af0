import { Link } from 'wouter';
import { paths } from '../../config/paths';
import { AuditLink } from '../../features/admin-catalog';
import {
  CreateClassesForm,
  firebaseAdminClassesApi,
  useClassesT,
} from '../../features/admin-classes';

/** Add Classes: one class or a weekly series (issue 7); weekly templates are one link away. */
export default function CrearClasesPage() {
  const t = useClassesT();
  return (
    <>
      <CreateClassesForm api={firebaseAdminClassesApi} />
      <p>
        <Link href={paths.plantillaDate.getHref({})}>{t('templateTitle')}</Link>
      </p>
      <AuditLink />
    </>
  );
}
