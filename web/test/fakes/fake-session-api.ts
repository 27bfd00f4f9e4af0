import type { Lang, User } from '@studio/core';
import type { AuthUser, ServerStamp, SessionApi } from '../../src/features/session';

/** An in-memory stand-in for the session's Firebase calls, recording what the app wrote. */
export function createFakeSessionApi(users: Record<string, User> = {}) {
  let listener: ((user: AuthUser | null) => void) | undefined;
  const state = {
    stamp: null as ServerStamp | null | Error,
    users: { ...users },
    lastSeen: [] as Array<{ uid: string; lastSeen: string }>,
    reports: [] as string[],
    langs: [] as Array<{ uid: string; lang: Lang }>,
    userReads: [] as string[],
    stamps: [] as string[],
    keptCopies: [] as string[],
    signOuts: 0,
  };
  const api: SessionApi = {
    observeAuth: (next) => {
      listener = next;
      return () => {
        listener = undefined;
      };
    },
    stampServerTime: (uid) => {
      state.stamps.push(uid);
      return state.stamp instanceof Error
        ? Promise.reject(state.stamp)
        : Promise.resolve(state.stamp);
    },
    getUser: (uid) => {
      state.userReads.push(uid);
      return Promise.resolve(state.users[uid] ?? null);
    },
    updateLastSeen: (uid, lastSeen) => {
      state.lastSeen.push({ uid, lastSeen });
      return Promise.resolve();
    },
    reportMissingName: (uid) => {
      state.reports.push(uid);
      return Promise.resolve();
    },
    saveLang: (uid, lang) => {
      state.langs.push({ uid, lang });
      return Promise.resolve();
    },
    keepOwnCopies: (uid) => {
      state.keptCopies.push(uid);
      return Promise.resolve();
    },
    signOut: () => {
      state.signOuts += 1;
      return Promise.resolve();
    },
  };
  return {
    api,
    state,
    /** What Firebase Auth would report: a user signing in, or null for nobody. */
    emit: (user: AuthUser | null) => {
      if (!listener) throw new Error('nobody is listening to auth');
      listener(user);
    },
  };
}
