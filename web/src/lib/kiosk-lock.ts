/**
 * The kiosk's lock (docs/architecture/front-desk.md#check-in-and-the-kiosk): while `/kiosk` is
 * open on a device, every other address leads back to it (the router's guard), across reloads,
 * until the front desk confirms its password there. Sign-in stays reachable, for a session that
 * has ended.
 */
import { KIOSK_STORAGE_KEY, readStorage, removeStorage, writeStorage } from './storage';

export const KIOSK_PATH = '/kiosk';

export function lockKiosk(): void {
  writeStorage(KIOSK_STORAGE_KEY, 'locked');
}

export function unlockKiosk(): void {
  removeStorage(KIOSK_STORAGE_KEY);
}

export function kioskLocked(): boolean {
  return readStorage(KIOSK_STORAGE_KEY) === 'locked';
}

function pageOf(pathname: string): string | undefined {
  return pathname
    .replace(/^\/(tabs\/)?/i, '')
    .split('/')[0]
    ?.toLowerCase();
}

/** The kiosk's own address, under the tabs or at the root. */
export function isKioskPath(pathname: string): boolean {
  return pageOf(pathname) === 'kiosk';
}

/** Where a locked device may be: the kiosk itself and sign-in. */
export function allowedWhileLocked(pathname: string): boolean {
  return isKioskPath(pathname) || pageOf(pathname) === 'login';
}
