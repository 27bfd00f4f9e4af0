import { AuditLink } from '../../features/admin-catalog';
import { AdminStudioScreen, firebaseAdminStudioApi } from '../../features/admin-studio';

/** Studio and branding: name, logo, colour and contact details (`Studio`), audited. */
export default function AdminStudioPage() {
  return (
    <>
      <AdminStudioScreen api={firebaseAdminStudioApi} />
      <AuditLink />
    </>
  );
}
