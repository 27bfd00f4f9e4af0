/**
 * admin-clases as pure state: which classes the filters keep, grouped by day in time order, what
 * each row says (fill, waiting, phase, who teaches) and may do (edit and cancel only before it
 * starts, a substitute until it ends), and
 * the edit form's state and the change it sends. The list only draws it
 * (admin-classes-view.test.ts).
 */
import type { ClassPhase, StudioClass } from '@studio/core';
import { classPhase, isDateString } from '@studio/core';
import type { ClassCatalog } from './api/admin-classes-api';

export interface ClassFilters {
  from: string;
  to: string;
  branch: string;
  coach: string;
}

/** Both dates real and in order: the range may be read. */
export function validRange(filters: Pick<ClassFilters, 'from' | 'to'>): boolean {
  return isDateString(filters.from) && isDateString(filters.to) && filters.from <= filters.to;
}

export interface AdminClassRow {
  classId: string;
  cls: StudioClass;
  title: string;
  /** Its own coach. */
  coachName: string;
  /** The coach who takes it instead (`assignSubstitute`), when one does. */
  substituteName?: string;
  branchName: string;
  phase: ClassPhase;
  /** 0–1. */
  fill: number;
  /** Edit and cancel: a class still to come, not cancelled. */
  actionable: boolean;
  /** A substitute may take it: not cancelled and not over. */
  substitutable: boolean;
}

export interface AdminClassDay {
  date: string;
  rows: AdminClassRow[];
}

export function titleOf(cls: StudioClass, catalog: ClassCatalog): string {
  return cls.name ?? catalog.exercises[cls.exercise]?.name ?? cls.exercise;
}

function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

export function adminClassDays(
  classes: Readonly<Record<string, StudioClass>>,
  catalog: ClassCatalog,
  filters: ClassFilters,
  now: number,
): AdminClassDay[] {
  const days = new Map<string, AdminClassRow[]>();
  const rows = Object.entries(classes)
    .filter(([, cls]) => filters.branch === '' || cls.branch === filters.branch)
    .filter(
      ([, cls]) =>
        filters.coach === '' || cls.coach === filters.coach || cls.substitute === filters.coach,
    )
    .sort(([idA, a], [idB, b]) => a.startsAt - b.startsAt || (idA < idB ? -1 : 1));
  for (const [classId, cls] of rows) {
    const phase = classPhase(cls, now);
    const row: AdminClassRow = {
      classId,
      cls,
      title: titleOf(cls, catalog),
      coachName: own(catalog.coaches, cls.coach)?.name ?? cls.coach,
      ...(cls.substitute === undefined || cls.substitute === cls.coach
        ? {}
        : { substituteName: own(catalog.coaches, cls.substitute)?.name ?? cls.substitute }),
      branchName: own(catalog.branches, cls.branch)?.name ?? cls.branch,
      phase,
      fill: cls.capacity > 0 ? Math.min(1, cls.bookedCount / cls.capacity) : 0,
      actionable: phase === 'upcoming',
      substitutable: phase === 'upcoming' || phase === 'in-progress',
    };
    const list = days.get(cls.date) ?? [];
    list.push(row);
    days.set(cls.date, list);
  }
  return [...days.entries()].map(([date, list]) => ({ date, rows: list }));
}

export interface EditState {
  name: string;
  hour: string;
  duration: string;
  exercise: string;
  coach: string;
  capacity: string;
}

export function editState(cls: StudioClass): EditState {
  return {
    name: cls.name ?? '',
    hour: cls.hour,
    duration: String(cls.duration),
    exercise: cls.exercise,
    coach: cls.coach,
    capacity: String(cls.capacity),
  };
}

/**
 * Only what changed goes to `updateClass`, so the audit shows exactly the edit; a required field
 * emptied is sent as '' for the form to name it.
 */
export function classChanges(cls: StudioClass, state: EditState): Record<string, unknown> {
  const next: Record<string, unknown> = {
    name: state.name.trim() === '' ? undefined : state.name.trim(),
    hour: state.hour,
    duration: state.duration.trim() === '' ? undefined : Number(state.duration),
    exercise: state.exercise,
    coach: state.coach,
    capacity: state.capacity.trim() === '' ? undefined : Number(state.capacity),
  };
  const value: Record<string, unknown> = {};
  for (const [field, entry] of Object.entries(next)) {
    const key = field as keyof EditState;
    if (entry === undefined && key !== 'name') value[field] = '';
    else if (entry !== undefined && entry !== cls[key]) value[field] = entry;
  }
  return value;
}
