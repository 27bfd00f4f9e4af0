import { coachSchema, exerciseSchema, paths } from '@studio/core';
import { callFunction } from '../../../lib/firebase';
import { parseEntries, watchClassesByDate, watchPath } from '../../../lib/realtime';
import type { KioskApi } from './kiosk-api';

export const firebaseKioskApi: KioskApi = {
  watchClasses: watchClassesByDate,
  watchCoaches: (onChange) =>
    watchPath(paths.coaches(), (value) =>
      onChange(parseEntries(value, (entry) => coachSchema.safeParse(entry), 'coach')),
    ),
  watchExercises: (onChange) =>
    watchPath(paths.exercises(), (value) =>
      onChange(parseEntries(value, (entry) => exerciseSchema.safeParse(entry), 'exercise')),
    ),
  checkInByPass: (pass) => callFunction('checkInByPass', { pass }),
  checkInByName: (name, phoneLast4) => callFunction('checkInByName', { name, phoneLast4 }),
  confirmStaff: async (password) => (await import('./confirm-staff')).confirmStaff(password),
};
