import {
  AuditLink,
  CatalogEditor,
  eventPackagesConfig,
  eventsConfig,
  firebaseAdminCatalogApi,
} from '../../features/admin-catalog';

/** Admin packages events: special-event packages and the events they are for. */
export default function AdminPreciosEventsPage() {
  return (
    <>
      <CatalogEditor api={firebaseAdminCatalogApi} config={eventPackagesConfig} />
      <CatalogEditor api={firebaseAdminCatalogApi} config={eventsConfig} level={2} />
      <AuditLink />
    </>
  );
}
