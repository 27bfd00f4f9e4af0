// The entry calls this, so it holds only a storage read and a dynamic import.
import { readStorage } from './storage';

/**
 * Starts Auth at once when this device remembers a signed-in account (`UID`, spec §3): restoring
 * the session takes a round trip (`accounts:lookup`) before Auth hands out a token, and the
 * member's first reads wait for that token, so it overlaps the page's own loading rather than
 * following its first render. A guest's device loads nothing.
 */
export function startAuthForRememberedAccount(): void {
  const uid = readStorage('UID');
  if (!uid || uid === 'null') return;
  import('./firebase-sdk').then(
    ({ getFirebase }) => getFirebase(),
    (error: unknown) => console.error('Auth did not load', error),
  );
}
