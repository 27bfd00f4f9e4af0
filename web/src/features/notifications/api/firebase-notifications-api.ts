import { notificationSchema, paths, seatLayoutSchema } from '@studio/core';
import { getDatabaseClient } from '../../../lib/firebase';
import { parseEntries, readPath, watchPath } from '../../../lib/realtime';
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
  spotLabel: async (classId, spot) => {
    const layoutId = await readPath(`${paths.class(classId)}/layout`);
    if (typeof layoutId !== 'string') return null;
    const layout = seatLayoutSchema.safeParse(await readPath(paths.seatLayout(layoutId)));
    if (!layout.success) return null;
    return Object.values(layout.data.spots).find((entry) => entry.id === spot)?.label ?? null;
  },
};
