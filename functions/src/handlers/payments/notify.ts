import { paths } from '@studio/core';
import type { MessageKey, MessageParams, Notification, NotificationType } from '@studio/core';
import type { Database } from 'firebase-admin/database';

/**
 * Tells a member something in the app (`Notifications/{uid}/{id}`). The id derives from the
 * business event, so a replayed webhook rewrites the same notification instead of adding one.
 */
export async function notifyMember(
  db: Database,
  uid: string,
  notificationId: string,
  type: NotificationType,
  messageKey: MessageKey,
  params: MessageParams,
  now: number,
): Promise<void> {
  const ref = db.ref(paths.notification(uid, notificationId));
  // Created once: a replay must not mark a notification the member has read as unread.
  await ref.transaction(
    (current: unknown) => {
      if (current !== null) return current;
      const notification: Notification = { type, messageKey, params, at: now, read: false };
      return notification;
    },
    undefined,
    false,
  );
}
