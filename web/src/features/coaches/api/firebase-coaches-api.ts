import { coachSchema, exerciseSchema, paths } from '@studio/core';
import { parseEntries, readPath, watchClassesByDate, watchPath } from '../../../lib/realtime';
import type { CoachesApi } from './coaches-api';

export const firebaseCoachesApi: CoachesApi = {
  watchCoach: (coachId, onChange) =>
    watchPath(
      paths.coach(coachId),
      (value) => {
        const parsed = coachSchema.safeParse(value);
        onChange(parsed.success ? parsed.data : null);
      },
      undefined,
      { readers: 'anyone' },
    ),
  // Over REST first: the coach's upcoming classes arrive with the page, not after it.
  watchClasses: (from, to, onChange) => watchClassesByDate(from, to, onChange, 'anyone'),
  loadExercises: async () =>
    parseEntries(
      await readPath(paths.exercises(), 'anyone'),
      (entry) => exerciseSchema.safeParse(entry),
      'exercise',
    ),
};
