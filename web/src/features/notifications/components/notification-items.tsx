import { notificationsMessages } from '../notifications-messages';
import type { Notification } from '@studio/core';
import { formatDateTime } from '@studio/core';
import { useT } from '../../../lib/i18n';
import { LoadingLine } from '../../../components/ui/loading-line';

export interface NotificationItemsProps {
  rows: [id: string, entry: Notification][];
  loading: boolean;
  markRead: (id: string) => void;
}

/** The notifications themselves, in the member's language; unread ones offer "Mark as read". */
export function NotificationItems({ rows, loading, markRead }: NotificationItemsProps) {
  const t = useT(notificationsMessages);
  if (loading) return <LoadingLine />;
  if (rows.length === 0) return <p>{t('noNotifications')}</p>;
  return (
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
  );
}
