import { coachSchema, exerciseSchema, paths, rosterSchema } from '@studio/core';
import { callFunction } from '../../../lib/firebase';
import { watchIndexedQuery } from '../../../lib/paged-query';
import { parseEntries, watchClassesByDate, watchPath } from '../../../lib/realtime';
import type { TodayApi } from './today-api';

export const firebaseTodayApi: TodayApi = {
  watchClasses: watchClassesByDate,
  watchRoster: (classId, onChange) =>
    watchPath(paths.classRoster(classId), (value) => {
      const parsed = rosterSchema.safeParse(value);
      if (parsed.success) onChange(parsed.data);
    }),
  watchCoaches: (onChange) =>
    watchPath(paths.coaches(), (value) =>
      onChange(parseEntries(value, (entry) => coachSchema.safeParse(entry), 'coach')),
    ),
  watchExercises: (onChange) =>
    watchPath(paths.exercises(), (value) =>
      onChange(parseEntries(value, (entry) => exerciseSchema.safeParse(entry), 'exercise')),
    ),
  sumPayments: (from, to) => callFunction('sumPayments', { from, to }),
  watchFailedMail: (limit, onChange) =>
    watchIndexedQuery(
      { path: paths.mailOutbox(), orderByChild: 'status', equalTo: 'failed', from: 'last' },
      limit,
      onChange,
    ),
  watchPastDuePlans: (limit, onChange) =>
    watchIndexedQuery(
      {
        path: paths.stripeSubscriptions(),
        orderByChild: 'status',
        equalTo: 'past_due',
        from: 'last',
      },
      limit,
      onChange,
    ),
};
