// `Notifications/{uid}/{id}`: what a member is told in the app. Which notification a change
// deserves is the domains' choice (core's notices for bookings); this only writes one, once.
import type { Database } from 'firebase-admin/database';
import { paths } from '@studio/core';
import type { MessageKey, MessageParams, Notification, NotificationType } from '@studio/core';
import { SKIP, toDatabase, transact } from './transact';

/** A notification with an id derived from what it is about: sent once, however often asked. */
export async function notify(
  db: Database,
  uid: string,
  notificationId: string,
  fields: {
    type: NotificationType;
    messageKey: MessageKey;
    params: MessageParams;
    classId?: string;
    at: number;
  },
): Promise<void> {
  const notification: Notification = {
    type: fields.type,
    messageKey: fields.messageKey,
    params: { ...fields.params },
    at: fields.at,
    read: false,
  };
  if (fields.classId !== undefined) notification.classId = fields.classId;
  await transact(
    db.ref(paths.notification(uid, notificationId)),
    (current) =>
      current === null
        ? { next: toDatabase(notification), result: null }
        : { next: SKIP, result: null },
    { primed: false },
  );
}
