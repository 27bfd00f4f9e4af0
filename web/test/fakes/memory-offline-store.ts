import type { OfflineStore } from '../../src/lib/offline-copy';

/** The device's IndexedDB copies as the app uses them, in memory; `data` shows what was kept. */
export function memoryOfflineStore(saved: Record<string, unknown> = {}) {
  const data = new Map(Object.entries(saved));
  const store: OfflineStore = {
    read: (key) => Promise.resolve(data.get(key)),
    write: (key, value) => {
      data.set(key, value);
      return Promise.resolve();
    },
    clear: () => {
      data.clear();
      return Promise.resolve();
    },
  };
  return { store, data };
}
