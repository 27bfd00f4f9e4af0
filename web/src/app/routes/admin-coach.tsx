import {
  AuditLink,
  CatalogEditor,
  coachesConfig,
  firebaseAdminCatalogApi,
} from '../../features/admin-catalog';

/** Add coachs: coaches, optionally linked to a member account by uid. */
export default function AdminCoachPage() {
  return (
    <>
      <CatalogEditor api={firebaseAdminCatalogApi} config={coachesConfig} />
      <AuditLink />
    </>
  );
}
