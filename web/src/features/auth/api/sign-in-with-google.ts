import { browserPopupRedirectResolver, GoogleAuthProvider, signInWithPopup } from 'firebase/auth';
import { getFirebase } from '../../../lib/firebase-sdk';

/** The resolver is passed here so the popup code stays out of the first bundle. */
export async function signInWithGoogle(): Promise<void> {
  await signInWithPopup(getFirebase().auth, new GoogleAuthProvider(), browserPopupRedirectResolver);
}
