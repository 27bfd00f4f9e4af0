import { calendarFeedTokenRecordSchema, mailPreferencesSchema, paths } from '@studio/core';
import { callFunction, getDatabaseClient } from '../../../lib/firebase';
import { getFirebase } from '../../../lib/firebase-sdk';
import { watchPath } from '../../../lib/realtime';
import type { MemberMailApi } from './member-mail-api';

export const firebaseMemberMailApi: MemberMailApi = {
  mailAddress: async () => {
    const user = getFirebase().auth.currentUser;
    if (!user?.email) return null;
    // The token may predate the verification: ask Auth again.
    await user.reload().catch((error: unknown) => console.error('account not reloaded', error));
    return { email: user.email, verified: user.emailVerified };
  },
  sendVerification: async () => {
    const user = getFirebase().auth.currentUser;
    if (!user) return;
    const { sendEmailVerification } = await import('firebase/auth');
    await sendEmailVerification(user);
  },
  watchMailPreferences: (uid, onChange) =>
    watchPath(
      paths.mailPreferences(uid),
      (value) => onChange(mailPreferencesSchema.parse(value)),
      undefined,
      { readers: 'signed-in' },
    ),
  setMailPreference: async (uid, kind, on) => {
    const [db, { ref, set }] = await Promise.all([
      getDatabaseClient(),
      import('firebase/database'),
    ]);
    await set(ref(db, paths.mailPreference(uid, kind)), on);
  },
  watchCalendarFeedToken: (uid, onChange) =>
    watchPath(
      paths.calendarFeedToken(uid),
      (value) => {
        const parsed = calendarFeedTokenRecordSchema.safeParse(value);
        onChange(parsed.success ? parsed.data.token : null);
      },
      undefined,
      { readers: 'signed-in' },
    ),
  rotateCalendarFeed: async (revoke) =>
    (await callFunction('rotateCalendarFeed', { revoke })).token,
};
