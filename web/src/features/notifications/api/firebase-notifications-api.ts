import { notificationSchema, paths } from '@studio/core';
import { getDatabaseClient } from '../../../lib/firebase';
import { parseEntries, watchPath } from '../../../lib/realtime';
import type { NotificationsApi } from './notifications-api';

export const firebaseNotificationsApi: NotificationsApi = {
  watchNotifications: (uid, onChange) =>
    watchPath(
      paths.notifications(uid),
      (value) =>
        onChange(
          parseEntries(value, (entry) => notificationSchema.safeParse(entry), 'notification'),
        ),
      undefined,
      // Shown from the device's copy at once, then live (docs/architecture/web-app.md#offline).
      { keepOffline: true, readers: 'signed-in' },
    ),
  markRead: async (uid, notificationId) => {
    const [db, { ref, update }] = await Promise.all([
      getDatabaseClient(),
      import('firebase/database'),
    ]);
    await update(ref(db, paths.notification(uid, notificationId)), { read: true });
  },
};
