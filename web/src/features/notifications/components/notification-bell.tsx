import { notificationsMessages } from '../notifications-messages';
import './notification-bell.css';
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import type { NotificationsApi } from '../api/notifications-api';
import { useNotifications } from '../hooks/use-notifications';
import { NotificationItems } from './notification-items';

export interface NotificationBellProps {
  api: NotificationsApi;
  uid: string;
}

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Header bell: the unread count of `Notifications/{uid}`, live, and the list behind it
 * (promoted from the waiting list, class cancelled, credits), a disclosure closed by Escape.
 */
export function NotificationBell({ api, uid }: NotificationBellProps) {
  const t = useT(notificationsMessages);
  const panelId = useId();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const { rows, loading, unread, markRead } = useNotifications(api, uid);

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="notification-bell">
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-label={unread > 0 ? t('notificationsUnread', { count: unread }) : t('notifications')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <BellIcon />
        {unread > 0 && (
          <span className="bell-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <section id={panelId} className="bell-panel" aria-labelledby={titleId} hidden={!open}>
        <h2 id={titleId}>{t('notifications')}</h2>
        {open && <NotificationItems rows={rows} loading={loading} markRead={markRead} />}
      </section>
    </div>
  );
}
