/**
 * The signed-in account's last ID token, kept on the device beside the member's kept copies
 * (lib/offline-copy.ts, IndexedDB), so a page's signed-in first answer over REST
 * (lib/rest-read.ts) can be asked for at once, without waiting for the Auth SDK to load and
 * restore the session (docs/decisions/173-kept-id-token.md). Auth keeps it fresh: the session
 * writes each token the SDK issues (every hour while the app is open). It is dropped with the
 * copies at logout, and a token for another account or about to expire is never used.
 */
import type { OfflineStore } from './offline-copy';
import { browserOfflineStore, isOwnAccount } from './offline-copy';

/** The key of the kept token in the offline store; no database path starts with a dot. */
export const KEPT_TOKEN_KEY = '.id-token';

/** A token closer than this to its expiry is not used: the request could reach the server late. */
export const TOKEN_MARGIN_MS = 5 * 60_000;

export interface KeptToken {
  uid: string;
  token: string;
  /** When the token expires, in ms since the epoch. */
  expiresAt: number;
}

function isKeptToken(value: unknown): value is KeptToken {
  if (typeof value !== 'object' || value === null) return false;
  const { uid, token, expiresAt } = value as Record<string, unknown>;
  return typeof uid === 'string' && typeof token === 'string' && typeof expiresAt === 'number';
}

/** Keeps `token` for `uid` (the session calls it with each token Auth issues). */
export async function keepIdToken(
  kept: KeptToken,
  store: OfflineStore | null = browserOfflineStore(),
): Promise<void> {
  // Kept whoever `UID` names now: Auth may report the token before the session records the
  // account, and a read uses it only while its account is the device's (keptIdToken).
  await store?.write(KEPT_TOKEN_KEY, kept);
}

/**
 * The kept token of the account signed in on this device (`UID`), or null: none kept, another
 * account's, expiring within `TOKEN_MARGIN_MS`, or the store unreadable.
 */
export async function keptIdToken(
  now: number = Date.now(),
  store: OfflineStore | null = browserOfflineStore(),
): Promise<string | null> {
  if (!store) return null;
  const kept = await store.read(KEPT_TOKEN_KEY).catch(() => undefined);
  if (!isKeptToken(kept) || !isOwnAccount(kept.uid)) return null;
  return kept.expiresAt - now > TOKEN_MARGIN_MS ? kept.token : null;
}
