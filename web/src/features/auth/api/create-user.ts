import { createUserWithEmailAndPassword, sendEmailVerification } from 'firebase/auth';
import { getFirebase } from '../../../lib/firebase-sdk';

export async function createUser(email: string, password: string): Promise<string> {
  const credential = await createUserWithEmailAndPassword(getFirebase().auth, email, password);
  return credential.user.uid;
}

export async function sendVerification(): Promise<void> {
  const user = getFirebase().auth.currentUser;
  if (user) await sendEmailVerification(user);
}
