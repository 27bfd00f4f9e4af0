import {
  ledgerEntrySchema,
  paths,
  settingsFromStored,
  userClassSchema,
  userSchema,
} from '@studio/core';
import { getDatabaseClient } from '../../../lib/firebase';
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
    ),
  watchLedger: (uid, onChange) =>
    watchPath(paths.creditLedger(uid), (value) =>
      onChange(parseEntries(value, (entry) => ledgerEntrySchema.safeParse(entry), 'ledger entry')),
    ),
  watchMyClasses: (uid, onChange) =>
    watchPath(paths.userClasses(uid), (value) =>
      onChange(parseEntries(value, (entry) => userClassSchema.safeParse(entry), 'class view')),
    ),
  loadStudioCutoffMinutes: async () =>
    settingsFromStored(await readPath(paths.settings())).waitlistCutoffMinutes,
  savePromotionCutoff: async (uid, hours) => {
    const [db, { ref, update }] = await Promise.all([
      getDatabaseClient(),
      import('firebase/database'),
    ]);
    await update(ref(db, paths.user(uid)), { PromotionCutoffHours: hours });
  },
};
