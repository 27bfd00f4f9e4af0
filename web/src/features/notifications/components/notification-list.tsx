import { notificationsMessages } from '../notifications-messages';
import { useT } from '../../../lib/i18n';
import type { NotificationsApi } from '../api/notifications-api';
import { useNotifications } from '../hooks/use-notifications';
import { NotificationItems } from './notification-items';

export interface NotificationListProps {
  api: NotificationsApi;
  uid: string;
  /** How many to show, newest first. */
  limit?: number;
}

/**
 * The member's in-app notifications, live (told at once of a promotion,
 * a cancellation or a position change), rendered in the member's language.
 */
export function NotificationList({ api, uid, limit = 10 }: NotificationListProps) {
  const t = useT(notificationsMessages);
  const { rows, loading, unread, markRead } = useNotifications(api, uid, limit);
  return (
    <section className="notifications" aria-labelledby="notifications-title">
      <h2 id="notifications-title">
        {t('notifications')}
        {unread > 0 && <span className="badge"> ({unread})</span>}
      </h2>
      <NotificationItems rows={rows} loading={loading} markRead={markRead} />
    </section>
  );
}
