import type { Notification } from '@studio/core';
import { useCallback, useEffect, useState } from 'react';
import { useLive } from '../../../lib/use-live';
import type { NotificationsApi } from '../api/notifications-api';

const NONE: Record<string, Notification> = {};

export interface NotificationsView {
  /** Newest first, at most `limit`; a spot is named by its room label once that is known. */
  rows: [id: string, entry: Notification][];
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
  const notifications = useLive((onChange) => api.watchNotifications(uid, onChange), NONE, [
    api,
    uid,
  ]);
  const all = Object.entries(notifications).sort((a, b) => b[1].at - a[1].at);
  const rows = all.slice(0, limit);
  const labels = useSpotLabels(api, rows);
  const markRead = useCallback(
    (id: string) => {
      api.markRead(uid, id).catch((error: unknown) => {
        console.error('notification not marked read', error);
      });
    },
    [api, uid],
  );
  return {
    rows: rows.map(([id, entry]) => [id, withSpotLabel(entry, labels)]),
    unread: all.filter(([, entry]) => !entry.read).length,
    markRead,
  };
}

/** `classId/spot` of a notification that names a spot of a class (a waiting-list promotion). */
function spotKey(entry: Notification): string | null {
  const spot = entry.params?.['spot'];
  if (entry.classId === undefined || spot === undefined) return null;
  return `${entry.classId}/${String(spot)}`;
}

function withSpotLabel(entry: Notification, labels: Record<string, string>): Notification {
  const key = spotKey(entry);
  const label = key === null ? undefined : labels[key];
  return label === undefined ? entry : { ...entry, params: { ...entry.params, spot: label } };
}

/**
 * The functions write the spot's id (`s7`); the member knows it by the room's label ("7", decision
 * 112). Each class's label is looked up once; until it arrives, and where there is none, the id shows.
 */
function useSpotLabels(
  api: NotificationsApi,
  rows: [string, Notification][],
): Record<string, string> {
  const [labels, setLabels] = useState<Record<string, string>>({});
  const wanted = [...new Set(rows.map(([, entry]) => spotKey(entry)).filter((key) => key !== null))]
    .sort()
    .join('\n');

  useEffect(() => {
    const lookUp = api.spotLabel;
    if (!lookUp || wanted === '') return undefined;
    let current = true;
    for (const key of wanted.split('\n')) {
      const [classId = '', spot = ''] = key.split('/');
      lookUp(classId, spot).then(
        (label) => {
          if (current && label !== null) setLabels((known) => ({ ...known, [key]: label }));
        },
        (error: unknown) => console.error('spot label not read', error),
      );
    }
    return () => {
      current = false;
    };
  }, [api, wanted]);
  return labels;
}
