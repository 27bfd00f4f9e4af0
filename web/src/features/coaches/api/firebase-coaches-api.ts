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
  watchClasses: watchClassesByDate,
  loadExercises: async () =>
    parseEntries(
      await readPath(paths.exercises(), 'anyone'),
      (entry) => exerciseSchema.safeParse(entry),
      'exercise',
    ),
};
