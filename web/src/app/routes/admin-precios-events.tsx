import {
  AuditLink,
  CatalogEditor,
  eventPackagesConfig,
  eventsConfig,
  firebaseAdminCatalogApi,
} from '../../features/admin-catalog';
import { AdminOnly } from '../admin-only';

/** Admin packages events: special-event packages and the events they are for. */
export default function AdminPreciosEventsPage() {
  return (
    <AdminOnly title="menuAdminPackagesEvents">
      <CatalogEditor api={firebaseAdminCatalogApi} config={eventPackagesConfig} />
      <CatalogEditor api={firebaseAdminCatalogApi} config={eventsConfig} level={2} />
      <AuditLink />
    </AdminOnly>
  );
}
