import type { Notification } from '@studio/core';
import type { Unsubscribe } from '../../../lib/realtime';

export interface NotificationsApi {
  /** `Notifications/{uid}`, live (promotions, cancellations, credits). */
  watchNotifications: (
    uid: string,
    onChange: (notifications: Record<string, Notification>) => void,
  ) => Unsubscribe;
  markRead: (uid: string, notificationId: string) => Promise<void>;
  /**
   * The room's label of a class's spot ("7" for `s7`), null when the class has no room or the
   * room no such spot. Without it notifications name the spot as the functions wrote it.
   */
  spotLabel?: (classId: string, spot: string) => Promise<string | null>;
}
