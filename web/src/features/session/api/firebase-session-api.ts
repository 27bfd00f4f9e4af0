import { paths } from '@studio/core';
import { observeAuth } from './observe-auth';
import type { SessionApi } from './session-api';
import { signOut } from './sign-out';

/**
 * The session's Firebase calls. Auth is part of the first screen; the database operations (and
 * with them the Database SDK and the schemas) load on first use, after the first paint.
 */
export const firebaseSessionApi: SessionApi = {
  observeAuth,
  signOut,
  stampServerTime: async (uid) => (await import('./stamp-server-time')).stampServerTime(uid),
  getUser: async (uid) => (await import('./get-user')).getUser(uid),
  updateLastSeen: async (uid, lastSeen) =>
    (await import('./update-last-seen')).updateLastSeen(uid, lastSeen),
  reportMissingName: async (uid) => (await import('./report-missing-name')).reportMissingName(uid),
  saveLang: async (uid, lang) => (await import('./save-lang')).saveLang(uid, lang),
  keepOwnCopies: async (uid) =>
    (await import('../../../lib/realtime')).keepOwnCopies(uid, [
      paths.user(uid),
      paths.userClasses(uid),
      paths.userWaitlist(uid),
      paths.creditLedger(uid),
      paths.notifications(uid),
    ]),
};
