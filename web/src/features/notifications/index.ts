export type { NotificationsApi } from './api/notifications-api';
export { firebaseNotificationsApi } from './api/firebase-notifications-api';
export { NotificationList } from './components/notification-list';
