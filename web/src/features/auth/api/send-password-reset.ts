import { sendPasswordResetEmail } from 'firebase/auth';
import { getFirebase } from '../../../lib/firebase-sdk';

export async function sendPasswordReset(email: string): Promise<void> {
  await sendPasswordResetEmail(getFirebase().auth, email);
}
