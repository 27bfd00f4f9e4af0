export type { NotificationsApi } from './api/notifications-api';
export { firebaseNotificationsApi } from './api/firebase-notifications-api';
export { NotificationBell } from './components/notification-bell';
export { NotificationList } from './components/notification-list';
export { useNotifications } from './hooks/use-notifications';
