import type { Notification } from '@studio/core';
import { useCallback } from 'react';
import { useLive } from '../../../lib/use-live';
import type { NotificationsApi } from '../api/notifications-api';

export interface NotificationsView {
  /**
   * Newest first, at most `limit`, as the functions wrote them: a promotion names the spot by
   * its room label (docs/architecture/booking.md#views; older ones by the id they carry).
   */
  rows: [id: string, entry: Notification][];
  /** True until the first answer: "no notifications" would be a guess. */
  loading: boolean;
  /** Unread among all of the member's notifications, not only the rows shown. */
  unread: number;
  markRead: (id: string) => void;
}

/** `Notifications/{uid}`, live, for the bell and the home list alike. */
export function useNotifications(
  api: NotificationsApi,
  uid: string,
  limit = 10,
): NotificationsView {
  const notifications = useLive<Record<string, Notification> | undefined>(
    (onChange) => api.watchNotifications(uid, onChange),
    undefined,
    [api, uid],
  );
  const all = Object.entries(notifications ?? {}).sort((a, b) => b[1].at - a[1].at);
  const markRead = useCallback(
    (id: string) => {
      api.markRead(uid, id).catch((error: unknown) => {
        console.error('notification not marked read', error);
      });
    },
    [api, uid],
  );
  return {
    rows: all.slice(0, limit),
    loading: notifications === undefined,
    unread: all.filter(([, entry]) => !entry.read).length,
    markRead,
  };
}
