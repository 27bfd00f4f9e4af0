import type { Coach, Exercise, Roster, SeatLayout } from '@studio/core';
import { useEffect, useState } from 'react';
import { useLive } from '../../../lib/use-live';
import type { ClassListsApi } from '../api/class-lists-api';
import { rosterRows, waitingRows } from '../class-lists';
import type { RosterRow, WaitingRow } from '../class-lists';

const NO_COACHES: Record<string, Coach> = {};
const NO_EXERCISES: Record<string, Exercise> = {};

/** Coaches and class types, live, to name classes and to know whose they are. */
export function useStudioNames(api: ClassListsApi) {
  const coaches = useLive((onChange) => api.watchCoaches(onChange), NO_COACHES, [api]);
  const exercises = useLive((onChange) => api.watchExercises(onChange), NO_EXERCISES, [api]);
  return { coaches, exercises };
}

export interface RosterView {
  /** Null until the roster has loaded. */
  rows: RosterRow[] | null;
  waiting: WaitingRow[];
}

/** One class's roster, live, as rows in the room's order, named as the roster names them. */
export function useRosterView(
  api: ClassListsApi,
  classId: string | null,
  layoutId: string | undefined,
): RosterView {
  const roster = useLive<Roster | null>(
    classId === null ? null : (onChange) => api.watchRoster(classId, onChange),
    null,
    [api, classId],
  );
  const [layout, setLayout] = useState<{ id: string; layout: SeatLayout | null } | null>(null);

  useEffect(() => {
    if (layoutId === undefined) return undefined;
    let current = true;
    api.getLayout(layoutId).then(
      (loaded) => {
        if (current) setLayout({ id: layoutId, layout: loaded });
      },
      (error: unknown) => console.error('seat layout not loaded', error),
    );
    return () => {
      current = false;
    };
  }, [api, layoutId]);

  const shownLayout = layout !== null && layout.id === layoutId ? layout.layout : null;
  return {
    rows: roster ? rosterRows(roster, shownLayout) : null,
    waiting: roster ? waitingRows(roster) : [],
  };
}
