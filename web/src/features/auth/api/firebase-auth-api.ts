import type { AuthApi } from './auth-api';

/** Each call loads its module on first use, so the sign-in screens stay small. */
export const firebaseAuthApi: AuthApi = {
  signIn: async (email, password) => (await import('./sign-in')).signIn(email, password),
  signInWithGoogle: async () => (await import('./sign-in-with-google')).signInWithGoogle(),
  createUser: async (email, password) =>
    (await import('./create-user')).createUser(email, password),
  sendVerification: async () => (await import('./create-user')).sendVerification(),
  writeProfile: async (uid, profile) =>
    (await import('./write-profile')).writeProfile(uid, profile),
  sendPasswordReset: async (email) =>
    (await import('./send-password-reset')).sendPasswordReset(email),
};
