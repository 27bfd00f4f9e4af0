import { notificationSchema, paths } from '@studio/core';
import { getDatabaseClient } from '../../../lib/firebase';
import { parseEntries, watchPath } from '../../../lib/realtime';
import type { NotificationsApi } from './notifications-api';

export const firebaseNotificationsApi: NotificationsApi = {
  watchNotifications: (uid, onChange) =>
    watchPath(paths.notifications(uid), (value) =>
      onChange(parseEntries(value, (entry) => notificationSchema.safeParse(entry), 'notification')),
    ),
  markRead: async (uid, notificationId) => {
    const [db, { ref, update }] = await Promise.all([
      getDatabaseClient(),
      import('firebase/database'),
    ]);
    await update(ref(db, paths.notification(uid, notificationId)), { read: true });
  },
};
