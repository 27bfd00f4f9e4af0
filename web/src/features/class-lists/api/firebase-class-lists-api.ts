import {
  classSchema,
  coachSchema,
  exerciseSchema,
  paths,
  rosterSchema,
  seatLayoutSchema,
} from '@studio/core';
import { callFunction } from '../../../lib/firebase';
import { parseEntries, readPath, watchClassesByDate, watchPath } from '../../../lib/realtime';
import type { ClassListsApi } from './class-lists-api';

export const firebaseClassListsApi: ClassListsApi = {
  watchClasses: watchClassesByDate,
  watchClass: (classId, onChange) =>
    watchPath(paths.class(classId), (value) => {
      const parsed = classSchema.safeParse(value);
      onChange(parsed.success ? parsed.data : null);
    }),
  watchCoaches: (onChange) =>
    watchPath(paths.coaches(), (value) =>
      onChange(parseEntries(value, (entry) => coachSchema.safeParse(entry), 'coach')),
    ),
  watchExercises: (onChange) =>
    watchPath(paths.exercises(), (value) =>
      onChange(parseEntries(value, (entry) => exerciseSchema.safeParse(entry), 'exercise')),
    ),
  watchRoster: (classId, onChange) =>
    watchPath(paths.classRoster(classId), (value) => {
      const parsed = rosterSchema.safeParse(value);
      if (parsed.success) onChange(parsed.data);
      else console.error('ignored malformed roster', classId);
    }),
  readUnsigned: async (uids) => {
    const current: unknown = await readPath(paths.waiverCurrent());
    if (typeof current !== 'number') return new Set();
    const signed = await Promise.all(
      uids.map(
        async (uid) => (await readPath(paths.userDirectoryField(uid, 'waiverVersion'))) === current,
      ),
    );
    return new Set(uids.filter((_, index) => !signed[index]));
  },
  getLayout: async (layoutId) => {
    const parsed = seatLayoutSchema.safeParse(await readPath(paths.seatLayout(layoutId)));
    return parsed.success ? parsed.data : null;
  },
  checkIn: async (classId, uid, status, guestBookingId) => {
    await callFunction(
      'checkIn',
      guestBookingId === undefined
        ? { classId, uid, status }
        : { classId, uid, guestBookingId, status },
    );
  },
};
