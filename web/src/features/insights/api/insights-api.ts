import type { Plan } from '@studio/core';
import type { Unsubscribe } from '../../../lib/realtime';

/** What the dashboard reads; the Firebase implementation and the tests' fake both provide it. */
export interface InsightsApi {
  /**
   * `Insights/days` (or `months`) with keys in [start, end], by key; with `branch`, that branch's
   * own (`Insights/branches/{branch}/…`, its classes only: what a branch manager may read).
   */
  watchPeriods: (
    granularity: 'day' | 'month',
    range: { start: string; end: string },
    onChange: (value: unknown) => void,
    branch?: string | null,
  ) => Unsubscribe;
  /** The newest few `Insights/liability` snapshots up to `end`. */
  watchLiability: (end: string, onChange: (value: unknown) => void) => Unsubscribe;
  /** `Branches`, `Coaches` and `Exercises`, for names. */
  watchNames: (
    node: 'branches' | 'coaches' | 'exercises',
    onChange: (value: unknown) => void,
  ) => Unsubscribe;
  /** `Plans`, parsed (malformed entries left out): names and prices for the plans rollup. */
  watchPlans: (onChange: (plans: Record<string, Plan>) => void) => Unsubscribe;
  /** `Settings`, for the studio's currency. */
  watchSettings: (onChange: (value: unknown) => void) => Unsubscribe;
}
