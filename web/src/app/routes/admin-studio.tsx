import { AuditLink } from '../../features/admin-catalog';
import {
  AdminStudioScreen,
  GuestSettings,
  firebaseAdminStudioApi,
  firebaseGuestSettingsApi,
} from '../../features/admin-studio';

/**
 * Studio and branding: name, logo, colour and contact details (`Studio`), and the studio's
 * guest-seat settings (`Settings`), audited.
 */
export default function AdminStudioPage() {
  return (
    <>
      <AdminStudioScreen api={firebaseAdminStudioApi} />
      <GuestSettings api={firebaseGuestSettingsApi} />
      <AuditLink />
    </>
  );
}
