import { onAuthStateChanged } from 'firebase/auth';
import { getFirebase } from '../../../lib/firebase-sdk';

export interface AuthUser {
  uid: string;
  email: string | null;
}

/** Calls `listener` with the signed-in user (or null) now and on every change. */
export function observeAuth(listener: (user: AuthUser | null) => void): () => void {
  return onAuthStateChanged(getFirebase().auth, (user) =>
    listener(user ? { uid: user.uid, email: user.email } : null),
  );
}
