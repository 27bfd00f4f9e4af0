import { Link } from 'wouter';
import { paths } from '../../../config/paths';
import type { AdminKey } from '../admin-messages';
import { adminMessages } from '../admin-messages';
import { useT } from '../../../lib/i18n';

function AdminLink({ href, label }: { href: string; label: AdminKey }) {
  const at = useT(adminMessages);
  return (
    <p className="admin-link">
      <Link href={href}>{at(label)}</Link>
    </p>
  );
}

/**
 * The audit log is reached from the admin screens, not the menu
 * (docs/architecture/admin-and-audit.md#catalogue).
 */
export function AuditLink() {
  return <AdminLink href={paths.adminAudit.getHref({})} label="auditLink" />;
}

/**
 * The spec's admin menu is exact, so admin-precios links the training packages
 * (docs/architecture/admin-and-audit.md#catalogue).
 */
export function TrainPackagesLink() {
  return <AdminLink href={paths.adminPreciosTrain.getHref({})} label="trainPackagesLink" />;
}

/** admin-precio-individual has no menu item (the spec's menu is exact): admin-precios links it. */
export function SingleClassPriceLink() {
  return <AdminLink href={paths.adminPrecioIndividual.getHref({})} label="singleClassLink" />;
}

/** admin-suscripcion has no menu item either: the subscription price screen links it. */
export function SubscribersLink() {
  return <AdminLink href={paths.adminSuscripcion.getHref({})} label="subscribersLink" />;
}
