/**
 * One read over the Realtime Database's REST API (`GET <databaseURL>/<path>.json`,
 * https://firebase.google.com/docs/reference/rest/database): a single `fetch`, no SDK. It gives a
 * page its first answer while the Database SDK is still loading (lib/realtime.ts); the SDK's
 * listener then keeps it live. Reads obey the same rules: a signed-in read sends the account's
 * ID token as `auth` (https://firebase.google.com/docs/database/rest/auth#authenticate_with_an_id_token):
 * the one kept on the device when it is still valid (lib/kept-token.ts), so the read waits for
 * neither the Auth SDK nor its session check.
 */
import { firebaseSetup } from './firebase-setup';
import { keptIdToken } from './kept-token';
import type { RestParams } from './rest-url';
import { restUrl } from './rest-url';

export type { RestParams } from './rest-url';

/** Who may read the node: anyone (no token), or the signed-in account (its ID token). */
export type RestReader = 'anyone' | 'signed-in';

/** Where a signed-in read gets its token: the one kept on the device, else Auth's own. */
export interface IdTokens {
  kept: () => Promise<string | null>;
  fresh: () => Promise<string | null>;
}

/** The signed-in account's ID token once Auth has restored the session; null for a guest. */
async function sdkIdToken(): Promise<string | null> {
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
  tokens: IdTokens = { kept: () => keptIdToken(), fresh: sdkIdToken },
  databaseUrl?: string,
): Promise<{ value: unknown } | null> {
  const get = async (token: string | undefined) => {
    const response = await fetch(restUrl(firebaseSetup(), path, params, token, databaseUrl), {
      signal,
      cache: 'no-store',
    });
    return response.ok ? { value: (await response.json()) as unknown } : null;
  };
  if (readers === 'anyone') return get(undefined);
  // The token kept on the device needs no SDK; one the server refuses (revoked, rules changed
  // with the account's claims) is asked again with a fresh one from Auth.
  const kept = await tokens.kept();
  if (signal.aborted) return null;
  const answer = kept === null ? null : await get(kept);
  if (answer || signal.aborted) return answer;
  const fresh = await tokens.fresh();
  // The same token refused again would change nothing: the rules refuse this account.
  return fresh === null || fresh === kept || signal.aborted ? null : get(fresh);
}
