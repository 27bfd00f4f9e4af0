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

const NOBODY: ReadonlySet<string> = new Set();

/**
 * The members on `rows` who have not signed the current written waiver, for the front desk and
 * admins (coaches read no directory): read again whenever the members listed change.
 */
export function useUnsigned(
  api: ClassListsApi,
  readsDirectory: boolean,
  rows: readonly RosterRow[] | null,
): ReadonlySet<string> {
  const key =
    readsDirectory && rows ? [...new Set(rows.map((row) => row.uid))].sort().join(',') : '';
  const [unsigned, setUnsigned] = useState<{ key: string; uids: ReadonlySet<string> }>({
    key: '',
    uids: NOBODY,
  });
  useEffect(() => {
    if (key === '') return undefined;
    let live = true;
    api.readUnsigned(key.split(',')).then(
      (uids) => live && setUnsigned({ key, uids }),
      (error: unknown) => console.error('waiver signatures not read', error),
    );
    return () => {
      live = false;
    };
  }, [api, key]);
  return unsigned.key === key ? unsigned.uids : NOBODY;
}
