export type { AdminStudioApi } from './api/admin-studio-api';
export { firebaseAdminStudioApi } from './api/firebase-admin-studio-api';
export { AdminStudioScreen } from './components/admin-studio-form';
