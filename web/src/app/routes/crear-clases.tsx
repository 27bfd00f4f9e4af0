import { Link } from 'wouter';
import { paths } from '../../config/paths';
import { AuditLink } from '../../features/admin-catalog';
import {
  CreateClassesForm,
  firebaseAdminClassesApi,
  classesMessages,
} from '../../features/admin-classes';
import { useT } from '../../lib/i18n';

/** Add Classes: one class or a weekly series; weekly templates are one link away. */
export default function CrearClasesPage() {
  const t = useT(classesMessages);
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
