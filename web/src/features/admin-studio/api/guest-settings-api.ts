import type { SettingsInput } from '@studio/core';
import { paths } from '@studio/core';
import { getFunctionsClient } from '../../../lib/firebase';
import type { Unsubscribe } from '../../../lib/realtime';
import { watchPath } from '../../../lib/realtime';

/** The studio's guest-seat settings ("bring a friend"): read live, saved audited. */
export interface GuestSettingsApi {
  /** `Settings` as stored; the form reads it through `settingsFromStored`. */
  watchSettings: (onChange: (value: unknown) => void) => Unsubscribe;
  /** `saveCatalogItem` with the `settings` collection: only the fields given change. */
  saveSettings: (changes: SettingsInput) => Promise<void>;
}

export const firebaseGuestSettingsApi: GuestSettingsApi = {
  watchSettings: (onChange) => watchPath(paths.settings(), onChange),
  saveSettings: async (changes) => {
    // The catalogue's one audited writer (docs/architecture/admin-and-audit.md#catalogue).
    const [functions, { httpsCallable }] = await Promise.all([
      getFunctionsClient(),
      import('firebase/functions'),
    ]);
    await httpsCallable(functions, 'saveCatalogItem')({ collection: 'settings', value: changes });
  },
};
