import {
  ledgerEntrySchema,
  paths,
  settingsFromStored,
  userClassSchema,
  userSchema,
} from '@studio/core';
import { getDatabaseClient } from '../../../lib/firebase';
import { uploadPicture } from '../../../lib/pictures/upload';
import { profileUpdate } from '../../../lib/profile-update';
import { isOwnAccount } from '../../../lib/offline-copy';
import { parseEntries, readPath, watchPath } from '../../../lib/realtime';
import type { ProfileApi } from './profile-api';

export const firebaseProfileApi: ProfileApi = {
  watchUser: (uid, onChange, onError) =>
    watchPath(
      paths.user(uid),
      (value) => {
        if (value === null) return onChange(null);
        const parsed = userSchema.safeParse(value);
        if (parsed.success) onChange(parsed.data);
        else console.error('ignored malformed user', uid);
      },
      onError,
      // The member's own nodes are shown from the device's copy at once, then live
      // (docs/architecture/web-app.md#offline).
      { keepOffline: isOwnAccount(uid), readers: 'signed-in' },
    ),
  watchLedger: (uid, onChange) =>
    watchPath(
      paths.creditLedger(uid),
      (value) =>
        onChange(
          parseEntries(value, (entry) => ledgerEntrySchema.safeParse(entry), 'ledger entry'),
        ),
      undefined,
      { keepOffline: isOwnAccount(uid), readers: 'signed-in' },
    ),
  watchMyClasses: (uid, onChange) =>
    watchPath(
      paths.userClasses(uid),
      (value) =>
        onChange(parseEntries(value, (entry) => userClassSchema.safeParse(entry), 'class view')),
      undefined,
      { keepOffline: isOwnAccount(uid), readers: 'signed-in' },
    ),
  loadStudioCutoffMinutes: async () =>
    settingsFromStored(await readPath(paths.settings(), 'anyone')).waitlistCutoffMinutes,
  saveDetails: async (uid, details) => {
    const [db, { ref, update }] = await Promise.all([
      getDatabaseClient(),
      import('firebase/database'),
    ]);
    // With its mirror in the admins' member directory, checked by the rules (lib/profile-update.ts).
    await update(ref(db), profileUpdate(uid, details));
  },
  savePromotionCutoff: async (uid, hours) => {
    const [db, { ref, update }] = await Promise.all([
      getDatabaseClient(),
      import('firebase/database'),
    ]);
    await update(ref(db, paths.user(uid)), { PromotionCutoffHours: hours });
  },
  uploadPicture,
  savePhoto: async (uid, url) => {
    const [db, { ref, remove, set }] = await Promise.all([
      getDatabaseClient(),
      import('firebase/database'),
    ]);
    const img = ref(db, paths.userField(uid, 'Img'));
    // The rules take only a data URL or a download URL under the member's own avatar folder.
    await (url === null ? remove(img) : set(img, url));
  },
};
