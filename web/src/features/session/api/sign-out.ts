import { signOut as firebaseSignOut } from 'firebase/auth';
import { getFirebase } from '../../../lib/firebase-sdk';
import { forgetThisPushDevice } from '../../../lib/push-device';

/** Signing out also stops this device's pushes for the member (docs/architecture/push.md). */
export async function signOut(): Promise<void> {
  await forgetThisPushDevice();
  await firebaseSignOut(getFirebase().auth);
}
