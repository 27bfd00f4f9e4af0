import { calendarFeedTokenRecordSchema, mailPreferencesSchema, paths } from '@studio/core';
import { callFunction, getDatabaseClient } from '../../../lib/firebase';
import { watchPath } from '../../../lib/realtime';
import type { MemberMailApi } from './member-mail-api';

export const firebaseMemberMailApi: MemberMailApi = {
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
