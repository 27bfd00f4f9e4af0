import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import { useAdminT } from '../admin-messages';

/** The audit log is reached from the admin screens, not the menu (docs/decisions/040). */
export function AuditLink() {
  const at = useAdminT();
  return (
    <p>
      <Link href={paths.adminAudit.getHref({})}>{at('auditLink')}</Link>
    </p>
  );
}
