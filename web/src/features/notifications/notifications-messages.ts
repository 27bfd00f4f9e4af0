/**
 * The notification list's and bell's own labels, English and Spanish. Product texts the spec or the functions define come from
 * `@studio/core`'s catalogue through the same `t`.
 */
import type { MessageKeyOf } from '../../lib/i18n';
import { defineMessages } from '../../lib/i18n';

export const notificationsMessages = defineMessages({
  en: {
    markRead: 'Mark as read',
    noNotifications: 'No notifications.',
    notificationsUnread: 'Notifications, {count} unread',
  },
  es: {
    markRead: 'Marcar como leída',
    noNotifications: 'Sin notificaciones.',
    notificationsUnread: 'Notificaciones, {count} sin leer',
  },
});

export type NotificationsKey = MessageKeyOf<typeof notificationsMessages>;
