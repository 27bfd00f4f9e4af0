import { signOut as firebaseSignOut } from 'firebase/auth';
import { getFirebase } from '../../../lib/firebase';

export function signOut(): Promise<void> {
  return firebaseSignOut(getFirebase().auth);
}
