import { AuditLink } from '../../features/admin-catalog';
import {
  AdminStudioScreen,
  GuestSettings,
  firebaseAdminStudioApi,
  firebaseGuestSettingsApi,
} from '../../features/admin-studio';
import { firebaseWaiverAdminApi, WaiverEditor } from '../../features/waiver';

/**
 * Studio and branding: name, logo, colour and contact details (`Studio`), and the studio's
 * guest-seat settings (`Settings`), and the written waiver members sign (`saveWaiver`), audited.
 */
export default function AdminStudioPage() {
  return (
    <>
      <AdminStudioScreen api={firebaseAdminStudioApi} />
      <div className="studio-more">
        <GuestSettings api={firebaseGuestSettingsApi} />
        <WaiverEditor api={firebaseWaiverAdminApi} />
      </div>
      <AuditLink />
    </>
  );
}
