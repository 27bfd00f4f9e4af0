/**
 * One read over the Realtime Database's REST API (`GET <databaseURL>/<path>.json`,
 * https://firebase.google.com/docs/reference/rest/database): a single `fetch`, no SDK. It gives a
 * page its first answer while the Database SDK is still loading (lib/realtime.ts); the SDK's
 * listener then keeps it live. Reads obey the same rules: a signed-in read sends the account's
 * ID token as `auth` (https://firebase.google.com/docs/database/rest/auth#authenticate_with_an_id_token).
 */
import { firebaseSetup } from './firebase-setup';
import type { RestParams } from './rest-url';
import { restUrl } from './rest-url';

export type { RestParams } from './rest-url';

/** Who may read the node: anyone (no token), or the signed-in account (its ID token). */
export type RestReader = 'anyone' | 'signed-in';

/** The signed-in account's ID token once Auth has restored the session; null for a guest. */
async function idToken(): Promise<string | null> {
  const { getFirebase } = await import('./firebase-sdk');
  const { auth } = getFirebase();
  await auth.authStateReady();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}

/**
 * The value at `path` (null when absent), or null as the answer itself when the read could not be
 * made (no account for a signed-in read, refused by the rules, no network): the live listener
 * then answers, or reports the error.
 */
export async function readOverRest(
  path: string,
  params: RestParams,
  readers: RestReader,
  signal: AbortSignal,
): Promise<{ value: unknown } | null> {
  const token = readers === 'signed-in' ? await idToken() : undefined;
  if (token === null || signal.aborted) return null;
  const response = await fetch(restUrl(firebaseSetup(), path, params, token), {
    signal,
    cache: 'no-store',
  });
  if (!response.ok) return null;
  return { value: (await response.json()) as unknown };
}
