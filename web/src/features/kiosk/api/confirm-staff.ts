import { EmailAuthProvider, reauthenticateWithCredential } from 'firebase/auth';
import { getFirebase } from '../../../lib/firebase-sdk';

/** Signs the current account in again with its password: only the front desk leaves the kiosk. */
export async function confirmStaff(password: string): Promise<void> {
  const user = getFirebase().auth.currentUser;
  if (!user?.email) throw new Error('no account with a password is signed in');
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
}
