/**
 * The workspace's Today, computed from what it reads: today's classes in order with their fill,
 * check-ins and phase, the day's totals, and the alerts that need someone (failed e-mails, plans
 * whose payment failed).
 */
import type { ClassPhase, Coach, Exercise, Roster, StudioClass } from '@studio/core';
import { classPhase } from '@studio/core';

export interface TodayClassRow {
  id: string;
  name: string;
  hour: string;
  duration: number;
  coachName: string;
  phase: ClassPhase;
  booked: number;
  capacity: number;
  /** 0–1. */
  fill: number;
  waiting: number;
  /** Marked attended, of the bookings; undefined until the roster has answered. */
  checkedIn?: number;
  noShows?: number;
  date: string;
  coachId: string;
  exerciseId: string;
}

export interface TodaySummary {
  classes: number;
  booked: number;
  capacity: number;
  checkedIn: number;
  waiting: number;
}

export function todayClassRows(
  classes: Readonly<Record<string, StudioClass>>,
  rosters: Readonly<Record<string, Roster | undefined>>,
  coaches: Readonly<Record<string, Coach>>,
  exercises: Readonly<Record<string, Exercise>>,
  now: number,
): TodayClassRow[] {
  return Object.entries(classes)
    .map(([id, cls]): TodayClassRow => {
      const roster = Object.hasOwn(rosters, id) ? rosters[id] : undefined;
      const bookings = roster ? Object.values(roster.bookings) : undefined;
      const exercise = Object.hasOwn(exercises, cls.exercise) ? exercises[cls.exercise] : undefined;
      const coach = Object.hasOwn(coaches, cls.coach) ? coaches[cls.coach] : undefined;
      return {
        id,
        name: cls.name ?? exercise?.name ?? '',
        hour: cls.hour,
        duration: cls.duration,
        coachName: coach?.name ?? '',
        phase: classPhase(cls, now),
        booked: cls.bookedCount,
        capacity: cls.capacity,
        fill: cls.capacity > 0 ? Math.min(1, cls.bookedCount / cls.capacity) : 0,
        waiting: cls.waitlistCount,
        ...(bookings
          ? {
              checkedIn: bookings.filter((b) => b.attendance === 'attended').length,
              noShows: bookings.filter((b) => b.attendance === 'no-show').length,
            }
          : {}),
        date: cls.date,
        coachId: cls.coach,
        exerciseId: cls.exercise,
      };
    })
    .sort((a, b) => (a.hour < b.hour ? -1 : a.hour > b.hour ? 1 : a.id < b.id ? -1 : 1));
}

/** The day's totals, cancelled classes left out. */
export function todaySummary(rows: readonly TodayClassRow[]): TodaySummary {
  const held = rows.filter((row) => row.phase !== 'cancelled');
  return {
    classes: held.length,
    booked: held.reduce((sum, row) => sum + row.booked, 0),
    capacity: held.reduce((sum, row) => sum + row.capacity, 0),
    checkedIn: held.reduce((sum, row) => sum + (row.checkedIn ?? 0), 0),
    waiting: held.reduce((sum, row) => sum + row.waiting, 0),
  };
}

/** The class still to come or under way that starts first: where the desk looks now. */
export function nextClassId(rows: readonly TodayClassRow[]): string | undefined {
  return (
    rows.find((row) => row.phase === 'in-progress') ?? rows.find((row) => row.phase === 'upcoming')
  )?.id;
}

export type TodayAlert =
  | { kind: 'failed-mail'; count: number; more: boolean }
  | { kind: 'past-due-plans'; count: number; more: boolean };

/** Counted children of a limited read; `more` when the read was cut at `limit`. */
export function countOf(value: unknown, limit: number): { count: number; more: boolean } {
  const count =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.keys(value).length
      : 0;
  return { count, more: count >= limit };
}

export function todayAlerts(
  failedMail: { count: number; more: boolean } | undefined,
  pastDue: { count: number; more: boolean } | undefined,
): TodayAlert[] {
  const alerts: TodayAlert[] = [];
  if (failedMail && failedMail.count > 0) alerts.push({ kind: 'failed-mail', ...failedMail });
  if (pastDue && pastDue.count > 0) alerts.push({ kind: 'past-due-plans', ...pastDue });
  return alerts;
}
