import type { Notification } from '@studio/core';
import type { Unsubscribe } from '../../../lib/realtime';

export interface NotificationsApi {
  /** `Notifications/{uid}`, live (promotions, cancellations, credits). */
  watchNotifications: (
    uid: string,
    onChange: (notifications: Record<string, Notification>) => void,
  ) => Unsubscribe;
  markRead: (uid: string, notificationId: string) => Promise<void>;
}
