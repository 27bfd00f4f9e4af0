import {
  paths,
  pushPreferencesSchema,
  quietHoursFromStored,
  storedPushSubscriptionSchema,
  userWatchSchema,
} from '@studio/core';
import { callFunction, getDatabaseClient } from '../../../lib/firebase';
import {
  pushSupport,
  removePushDevice,
  thisDeviceEndpoint,
  turnOnPushHere,
} from '../../../lib/push-device';
import { parseEntries, watchPath } from '../../../lib/realtime';
import type { PushApi } from './push-api';

async function write(path: string, value: unknown): Promise<void> {
  const [db, { ref, set }] = await Promise.all([getDatabaseClient(), import('firebase/database')]);
  await set(ref(db, path), value);
}

export const firebasePushApi: PushApi = {
  support: pushSupport,
  thisDevice: thisDeviceEndpoint,
  turnOn: turnOnPushHere,
  removeDevice: removePushDevice,
  watchDevices: (uid, onChange) =>
    watchPath(
      paths.pushSubscriptions(uid),
      (value) =>
        onChange(
          Object.entries(
            parseEntries(
              value,
              (entry) => storedPushSubscriptionSchema.safeParse(entry),
              'push device',
            ),
          )
            .map(([id, device]) => ({ ...device, id }))
            .sort((a, b) => a.createdAt - b.createdAt),
        ),
      undefined,
      { readers: 'signed-in' },
    ),
  watchPreferences: (uid, onChange) =>
    watchPath(
      paths.pushPreferences(uid),
      (value) => onChange(pushPreferencesSchema.parse(value)),
      undefined,
      { readers: 'signed-in' },
    ),
  setPreference: (uid, kind, on) => write(paths.pushPreference(uid, kind), on),
  watchQuietHours: (uid, onChange) =>
    watchPath(
      paths.pushQuietHours(uid),
      (value) => onChange(quietHoursFromStored(value)),
      undefined,
      { readers: 'signed-in' },
    ),
  setQuietHours: (uid, quiet) => write(paths.pushQuietHours(uid), quiet),
  watchMyWatches: (uid, onChange) =>
    watchPath(
      paths.userWatches(uid),
      (value) =>
        onChange(parseEntries(value, (entry) => userWatchSchema.safeParse(entry), 'watched class')),
      undefined,
      { readers: 'signed-in' },
    ),
  watchClass: (classId) => callFunction('watchClass', { classId }),
  unwatchClass: async (classId) => {
    await callFunction('unwatchClass', { classId });
  },
};
