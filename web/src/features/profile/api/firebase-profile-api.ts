import { ledgerEntrySchema, paths, userSchema } from '@studio/core';
import { parseEntries, watchPath } from '../../../lib/realtime';
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
};
