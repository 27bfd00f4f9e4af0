/**
 * The last value the database sent for a few of the member's own nodes (My Classes, profile,
 * credit ledger, waiting list, notifications), kept in IndexedDB so the app shows them at once
 * when it starts, then the live value (stale-while-revalidate), and read-only when it starts
 * without a network: the web Database SDK keeps nothing across reloads. No local-storage key is
 * added (the spec lists them exactly); the copies are dropped at logout.
 */
import { readStorage } from './storage';
import type { Unsubscribe } from './unsubscribe';

/**
 * Whether `uid` is the account signed in on this device (`UID`): only its own nodes are
 * kept, never those of a member a coach or an admin opens.
 */
export function isOwnAccount(uid: string): boolean {
  return readStorage('UID') === uid;
}

export interface OfflineStore {
  read: (key: string) => Promise<unknown>;
  write: (key: string, value: unknown) => Promise<void>;
  clear: () => Promise<void>;
}

/** Where the copies are kept: an IndexedDB database and its one object store. */
export const OFFLINE_DATABASE = { name: 'studio-offline', store: 'last-known' } as const;
const DB_NAME = OFFLINE_DATABASE.name;
const STORE = OFFLINE_DATABASE.store;

function request<T>(open: (store: IDBObjectStore) => IDBRequest<T>, mode: IDBTransactionMode) {
  return new Promise<T>((resolve, reject) => {
    const opening = indexedDB.open(DB_NAME, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
    opening.onerror = () => reject(opening.error ?? new Error('IndexedDB did not open'));
    opening.onsuccess = () => {
      const db = opening.result;
      const pending = open(db.transaction(STORE, mode).objectStore(STORE));
      pending.onsuccess = () => {
        db.close();
        resolve(pending.result);
      };
      pending.onerror = () => {
        db.close();
        reject(pending.error ?? new Error('IndexedDB request failed'));
      };
    };
  });
}

/** The browser's store; `null` where IndexedDB is unavailable (private modes, old browsers). */
export function browserOfflineStore(): OfflineStore | null {
  if (typeof indexedDB === 'undefined') return null;
  return {
    read: (key) => request<unknown>((store) => store.get(key), 'readonly'),
    write: async (key, value) => {
      await request((store) => store.put(value, key), 'readwrite');
    },
    clear: async () => {
      await request((store) => store.clear(), 'readwrite');
    },
  };
}

/**
 * Wraps a live subscription: every value it reports is saved under `key`, and the saved one is
 * reported first if the live one has not arrived by the time it is read (offline, the live one
 * never does). Values are passed as the database sent them; the caller parses both alike.
 */
export function withOfflineCopy(
  store: OfflineStore | null,
  key: string,
  subscribe: (onChange: (value: unknown) => void) => Unsubscribe,
  onChange: (value: unknown) => void,
): Unsubscribe {
  if (!store) return subscribe(onChange);
  let live = false;
  let stopped = false;
  store.read(key).then(
    (saved) => {
      if (!live && !stopped && saved !== undefined) onChange(saved);
    },
    (error: unknown) => console.error('offline copy not read', error),
  );
  const stop = subscribe((value) => {
    live = true;
    onChange(value);
    store.write(key, value).catch((error: unknown) => {
      console.error('offline copy not saved', error);
    });
  });
  return () => {
    stopped = true;
    stop();
  };
}

/** Logout: the next person on this device must not see the previous member's classes. */
export async function clearOfflineCopies(store = browserOfflineStore()): Promise<void> {
  await store?.clear();
}
