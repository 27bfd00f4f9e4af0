import type {
  PushKind,
  PushPreferences,
  PushQuietHours,
  StoredPushSubscription,
  UserWatch,
} from '@studio/core';
import type { PushSupport, TurnOnOutcome } from '../../../lib/push-device';
import type { Unsubscribe } from '../../../lib/realtime';

/** A device of the member's, as `PushSubscriptions/{uid}/{deviceId}` holds it. */
export type PushDevice = StoredPushSubscription & { id: string };

/** Push on the member's devices, their push choices, and the classes they watch. */
export interface PushApi {
  /** What this browser allows (read each time: the member may change it in the browser). */
  support: () => PushSupport;
  /** This browser's push endpoint, or null when push is off here. */
  thisDevice: () => Promise<string | null>;
  /** Asks the browser, subscribes and saves the device (`savePushSubscription`). */
  turnOn: () => Promise<TurnOnOutcome>;
  /** `removePushSubscription`; on this device also ends the browser's subscription. */
  removeDevice: (endpoint: string) => Promise<void>;
  /** `PushSubscriptions/{uid}`, live. */
  watchDevices: (uid: string, onChange: (devices: PushDevice[]) => void) => Unsubscribe;
  /** `Users/{uid}/push-preferences`, live: kind → false when turned off. */
  watchPreferences: (uid: string, onChange: (preferences: PushPreferences) => void) => Unsubscribe;
  setPreference: (uid: string, kind: PushKind, on: boolean) => Promise<void>;
  /** `Users/{uid}/push-quiet-hours`, live, the default when unset. */
  watchQuietHours: (uid: string, onChange: (quiet: PushQuietHours) => void) => Unsubscribe;
  setQuietHours: (uid: string, quiet: PushQuietHours) => Promise<void>;
  /** `UserWatches/{uid}`, live: classId → the watch. */
  watchMyWatches: (
    uid: string,
    onChange: (watches: Record<string, UserWatch>) => void,
  ) => Unsubscribe;
  /** `watchClass`: how many watched it before the member. */
  watchClass: (classId: string) => Promise<{ ahead: number }>;
  unwatchClass: (classId: string) => Promise<void>;
}
