import type { User } from 'firebase/auth';
import { onAuthStateChanged, onIdTokenChanged } from 'firebase/auth';
import { keepIdToken } from '../../../lib/kept-token';
import { getFirebase } from '../../../lib/firebase-sdk';

export interface AuthUser {
  uid: string;
  email: string | null;
}

/**
 * Keeps each ID token Auth issues for the account (at sign-in, on restore, on each hourly
 * refresh), so the next start's first answers need no Auth SDK (lib/kept-token.ts).
 */
async function keepTokenOf(user: User): Promise<void> {
  const { token, expirationTime } = await user.getIdTokenResult();
  await keepIdToken({ uid: user.uid, token, expiresAt: Date.parse(expirationTime) });
}

/** Calls `listener` with the signed-in user (or null) now and on every change. */
export function observeAuth(listener: (user: AuthUser | null) => void): () => void {
  const { auth } = getFirebase();
  const stopState = onAuthStateChanged(auth, (user) =>
    listener(user ? { uid: user.uid, email: user.email } : null),
  );
  const stopTokens = onIdTokenChanged(auth, (user) => {
    if (user)
      keepTokenOf(user).catch((error: unknown) => console.error('ID token not kept', error));
  });
  return () => {
    stopState();
    stopTokens();
  };
}
