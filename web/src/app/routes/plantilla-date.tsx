import { AuditLink } from '../../features/admin-catalog';
import { TemplateEditor, firebaseAdminClassesApi } from '../../features/admin-classes';

/**
 * plantilla-date: weekly templates applied to a date range
 * (docs/architecture/admin-and-audit.md#classes).
 */
export default function PlantillaDatePage() {
  return (
    <>
      <TemplateEditor api={firebaseAdminClassesApi} />
      <AuditLink />
    </>
  );
}
