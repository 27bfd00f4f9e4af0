import '../../../lib/member-messages';
import type { Notification } from '@studio/core';
import { formatDateTime } from '@studio/core';
import { useT } from '../../../lib/i18n';
import { useLive } from '../../../lib/use-live';
import type { NotificationsApi } from '../api/notifications-api';

export interface NotificationListProps {
  api: NotificationsApi;
  uid: string;
  /** How many to show, newest first. */
  limit?: number;
}

const NONE: Record<string, Notification> = {};

/**
 * The member's in-app notifications, live (market.md pain 6: told at once of a promotion,
 * a cancellation or a position change), rendered in the member's language.
 */
export function NotificationList({ api, uid, limit = 10 }: NotificationListProps) {
  const t = useT();
  const notifications = useLive((onChange) => api.watchNotifications(uid, onChange), NONE, [
    api,
    uid,
  ]);
  const rows = Object.entries(notifications)
    .sort((a, b) => b[1].at - a[1].at)
    .slice(0, limit);
  const unread = rows.filter(([, entry]) => !entry.read).length;

  const markRead = (id: string) => {
    api.markRead(uid, id).catch((error: unknown) => {
      console.error('notification not marked read', error);
    });
  };

  return (
    <section className="notifications" aria-labelledby="notifications-title">
      <h2 id="notifications-title">
        {t('notifications')}
        {unread > 0 && <span className="badge"> ({unread})</span>}
      </h2>
      {rows.length === 0 ? (
        <p>{t('noNotifications')}</p>
      ) : (
        <ul className="plain-list" aria-live="polite">
          {rows.map(([id, entry]) => (
            <li key={id} className={entry.read ? 'card' : 'card unread'}>
              <p>{t(entry.messageKey, entry.params)}</p>
              <small>{formatDateTime(entry.at)}</small>{' '}
              {!entry.read && (
                <button type="button" className="button-link" onClick={() => markRead(id)}>
                  {t('markRead')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
