import type { AuthApi, RegistrationProfile } from '../../src/features/auth';

/** The shape Firebase Auth rejects with: an Error carrying the provider's `code`. */
export function authError(code: string): Error & { code: string } {
  return Object.assign(new Error(code), { code });
}

/** In-memory auth: records calls; `fail` makes the named call reject with that error. */
export function createFakeAuthApi(fail: Partial<Record<keyof AuthApi, Error>> = {}) {
  const state = {
    signIns: [] as Array<{ email: string; password: string }>,
    googleSignIns: 0,
    created: [] as string[],
    verifications: 0,
    profiles: [] as Array<{ uid: string; profile: RegistrationProfile }>,
    resets: [] as string[],
  };
  const outcome = (call: keyof AuthApi) => {
    const error = fail[call];
    return error ? Promise.reject(error) : Promise.resolve();
  };
  const api: AuthApi = {
    signIn: (email, password) => {
      state.signIns.push({ email, password });
      return outcome('signIn');
    },
    signInWithGoogle: () => {
      state.googleSignIns += 1;
      return outcome('signInWithGoogle');
    },
    createUser: (email) => {
      state.created.push(email);
      return outcome('createUser').then(() => `uid-${state.created.length}`);
    },
    sendVerification: () => {
      state.verifications += 1;
      return outcome('sendVerification');
    },
    writeProfile: (uid, profile) => {
      state.profiles.push({ uid, profile });
      return outcome('writeProfile');
    },
    sendPasswordReset: (email) => {
      state.resets.push(email);
      return outcome('sendPasswordReset');
    },
  };
  return { api, state };
}
