import { memberPassSchema, paths } from '@studio/core';
import { callFunction } from '../../../lib/firebase';
import { watchPath } from '../../../lib/realtime';
import type { DeskApi } from './desk-api';

export const firebaseDeskApi: DeskApi = {
  watchPass: (uid, onChange) =>
    watchPath(
      paths.userField(uid, 'pass'),
      (value) => {
        const parsed = memberPassSchema.safeParse(value);
        onChange(parsed.success ? parsed.data : null);
      },
      undefined,
      { keepOffline: true },
    ),
  memberPass: async (renew) => (await callFunction('memberPass', renew ? { renew } : {})).pass,
  checkInByPass: (pass, classId) =>
    callFunction('checkInByPass', classId === undefined ? { pass } : { pass, classId }),
};
