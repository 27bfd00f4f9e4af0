export type { AdminStudioApi } from './api/admin-studio-api';
export { firebaseAdminStudioApi } from './api/firebase-admin-studio-api';
export { AdminStudioScreen } from './components/admin-studio-form';
export type { GuestSettingsApi } from './api/guest-settings-api';
export { firebaseGuestSettingsApi } from './api/guest-settings-api';
export { GuestSettings } from './components/guest-settings';
