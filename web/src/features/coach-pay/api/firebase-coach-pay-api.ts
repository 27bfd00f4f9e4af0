import { coachPayRateSchema, coachSchema, exerciseSchema, isRecord, paths } from '@studio/core';
import type { CoachPayRate } from '@studio/core';
import { callFunction } from '../../../lib/firebase';
import { parseEntries, watchPath } from '../../../lib/realtime';
import type { CoachPayApi } from './coach-pay-api';

export const firebaseCoachPayApi: CoachPayApi = {
  watchCoaches: (onChange) =>
    watchPath(paths.coaches(), (value) =>
      onChange(parseEntries(value, (entry) => coachSchema.safeParse(entry), 'coach')),
    ),
  watchExercises: (onChange) =>
    watchPath(paths.exercises(), (value) =>
      onChange(parseEntries(value, (entry) => exerciseSchema.safeParse(entry), 'exercise')),
    ),
  watchRates: (onChange) =>
    watchPath(paths.coachPayRates(), (value) => {
      const rates: Record<string, Record<string, CoachPayRate>> = {};
      if (isRecord(value))
        for (const [coachId, byId] of Object.entries(value))
          rates[coachId] = parseEntries(
            byId,
            (entry) => coachPayRateSchema.safeParse(entry),
            'rate',
          );
      onChange(rates);
    }),
  saveRate: (input) => callFunction('saveCoachPayRate', input),
  report: (input) => callFunction('coachPayReport', input),
};
