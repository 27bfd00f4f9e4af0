import { notificationsMessages } from '../notifications-messages';
import type { Notification } from '@studio/core';
import { isDateString } from '@studio/core';
import { useT } from '../../../lib/i18n';
import { useFormat } from '../../../lib/format';
import { LoadingLine } from '../../../components/ui/loading-line';

export interface NotificationItemsProps {
  rows: [id: string, entry: Notification][];
  loading: boolean;
  markRead: (id: string) => void;
}

/** The notifications themselves, in the member's language; unread ones offer "Mark as read". */
export function NotificationItems({ rows, loading, markRead }: NotificationItemsProps) {
  const t = useT(notificationsMessages);
  const format = useFormat();
  // The server writes a class's day as stored ("2026-11-26"); the member reads "Thu 26 Nov".
  const readable = (params: Notification['params']) =>
    params &&
    Object.fromEntries(
      Object.entries(params).map(([name, value]) => [
        name,
        typeof value === 'string' && isDateString(value) ? format.date(value) : value,
      ]),
    );
  if (loading) return <LoadingLine />;
  if (rows.length === 0) return <p>{t('noNotifications')}</p>;
  return (
    <ul className="plain-list" aria-live="polite">
      {rows.map(([id, entry]) => (
        <li key={id} className={entry.read ? 'card' : 'card unread'}>
          <p>{t(entry.messageKey, readable(entry.params))}</p>
          <small>{format.moment(entry.at)}</small>{' '}
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
