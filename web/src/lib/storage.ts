/**
 * Local storage under the spec's keys, plus the interface language (decision 130) and
 * the studio's branding, and nothing else. Reads and writes never throw: storage can be
 * unavailable (private windows, quota, disabled cookies) and the app must still run.
 */
import { STORAGE_KEYS } from '@studio/core';
import { BRANDING_STORAGE_KEY } from './kept-branding';

/** The language chosen on this device, named after the profile's own `Lang` field. */
export const LANG_STORAGE_KEY = 'Lang';
/**
 * `StudioBranding`: the studio's last known name, logo and colour tokens, applied by index.html
 * before the app starts (lib/kept-branding.ts); kept at logout like `Lang`.
 */
export { BRANDING_STORAGE_KEY };

/** The kiosk's lock on this device (lib/kiosk-lock.ts): set while `/kiosk` is open. */
export const KIOSK_STORAGE_KEY = 'KioskLock';

export type StorageKey =
  | (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS]
  | typeof LANG_STORAGE_KEY
  | typeof BRANDING_STORAGE_KEY
  | typeof KIOSK_STORAGE_KEY;
export { STORAGE_KEYS };

function store(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readStorage(key: StorageKey): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    store()?.setItem(key, value);
  } catch {
    // Full or blocked storage only loses a cache; the session itself lives in memory.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    store()?.removeItem(key);
  } catch {
    // As above: nothing to clean up when storage is unavailable.
  }
}
