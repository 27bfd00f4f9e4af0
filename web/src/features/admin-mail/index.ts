export type { AdminMailApi } from './api/admin-mail-api';
export { firebaseAdminMailApi } from './api/firebase-admin-mail-api';
export { SentMessages } from './components/sent-messages';
