import type { Coach, DateString, Exercise, StudioClass } from '@studio/core';
import type { Unsubscribe } from '../../../lib/realtime';

export interface CoachesApi {
  /** `Coaches/{coachId}`, live; null when there is no such coach. */
  watchCoach: (coachId: string, onChange: (coach: Coach | null) => void) => Unsubscribe;
  /** `Classes` dated `from` … `to`, live (the page keeps the coach's own). */
  watchClasses: (
    from: DateString,
    to: DateString,
    onChange: (classes: Record<string, StudioClass>) => void,
  ) => Unsubscribe;
  /** `Exercises`, once: what a class without its own name is called. */
  loadExercises: () => Promise<Record<string, Exercise>>;
}
