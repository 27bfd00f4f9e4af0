import { signOut as firebaseSignOut } from 'firebase/auth';
import { getFirebase } from '../../../lib/firebase-sdk';

export function signOut(): Promise<void> {
  return firebaseSignOut(getFirebase().auth);
}
