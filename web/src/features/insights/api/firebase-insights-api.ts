import { paths, planSchema } from '@studio/core';
import { parseEntries, watchPath, watchQuery } from '../../../lib/realtime';
import type { InsightsApi } from './insights-api';

export const firebaseInsightsApi: InsightsApi = {
  watchPeriods: (granularity, { start, end }, onChange, branch = null) =>
    watchQuery(
      (db, sdk) =>
        sdk.query(
          sdk.ref(
            db,
            branch === null
              ? granularity === 'day'
                ? paths.insightsDays()
                : paths.insightsMonths()
              : granularity === 'day'
                ? paths.insightsBranchDays(branch)
                : paths.insightsBranchMonths(branch),
          ),
          sdk.orderByKey(),
          sdk.startAt(start),
          sdk.endAt(end),
        ),
      onChange,
    ),
  watchLiability: (end, onChange) =>
    watchQuery(
      (db, sdk) =>
        sdk.query(
          sdk.ref(db, paths.insightsLiabilities()),
          sdk.orderByKey(),
          sdk.endAt(end),
          sdk.limitToLast(3),
        ),
      onChange,
    ),
  watchNames: (node, onChange) =>
    watchPath(
      node === 'branches'
        ? paths.branches()
        : node === 'coaches'
          ? paths.coaches()
          : paths.exercises(),
      onChange,
    ),
  watchPlans: (onChange) =>
    watchPath(paths.plans(), (value) =>
      onChange(parseEntries(value, (entry) => planSchema.safeParse(entry), 'plan')),
    ),
  watchSettings: (onChange) => watchPath(paths.settings(), onChange),
};
