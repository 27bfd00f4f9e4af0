import { signInWithEmailAndPassword } from 'firebase/auth';
import { getFirebase } from '../../../lib/firebase-sdk';

export async function signIn(email: string, password: string): Promise<void> {
  await signInWithEmailAndPassword(getFirebase().auth, email, password);
}
