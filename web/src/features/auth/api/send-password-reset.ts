import { sendPasswordResetEmail } from 'firebase/auth';
import { getFirebase } from '../../../lib/firebase';

export async function sendPasswordReset(email: string): Promise<void> {
  await sendPasswordResetEmail(getFirebase().auth, email);
}
