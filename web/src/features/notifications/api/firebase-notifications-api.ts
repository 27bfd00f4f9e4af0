import { notificationSchema, paths } from '@studio/core';
import { getDatabaseClient } from '../../../lib/firebase';
import { instancesOfPath } from '../../../lib/instances';
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
    const path = paths.notification(uid, notificationId);
    const [urls, { get, ref, update }] = await Promise.all([
      instancesOfPath(path),
      import('firebase/database'),
    ]);
    // A class's notice lives in its branch's instance (lib/instances.ts): marked where it is.
    for (const url of urls) {
      const db = await getDatabaseClient(url);
      if (urls.length === 1 || (await get(ref(db, path))).exists())
        await update(ref(db, path), { read: true });
    }
  },
};
