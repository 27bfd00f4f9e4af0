/**
 * What the kiosk shows, from what it reads: the classes members can check into next, soonest
 * first, and which refusals of a check-in mean "sign the waiver first".
 */
import type { Coach, Exercise, StudioClass } from '@studio/core';
import type { ErrorText } from '../../lib/callable-errors';

export interface KioskClassRow {
  id: string;
  name: string;
  /** The studio-local day, `yyyy-MM-dd`: the list names a day other than today. */
  date: string;
  hour: string;
  coachName: string;
  /** Under way now (started, not ended). */
  now: boolean;
  spotsLeft: number;
}

const MINUTE_MS = 60_000;

/**
 * The next `limit` classes that have not ended, cancelled ones left out, soonest first; the
 * coach who teaches (a substitute when there is one).
 */
export function kioskClasses(
  classes: Readonly<Record<string, StudioClass>>,
  coaches: Readonly<Record<string, Coach>>,
  exercises: Readonly<Record<string, Exercise>>,
  now: number,
  limit = 4,
): KioskClassRow[] {
  return Object.entries(classes)
    .filter(
      ([, cls]) => cls.status !== 'cancelled' && cls.startsAt + cls.duration * MINUTE_MS > now,
    )
    .sort(([a, x], [b, y]) => x.startsAt - y.startsAt || (a < b ? -1 : 1))
    .slice(0, limit)
    .map(([id, cls]) => {
      const teacher = cls.substitute ?? cls.coach;
      const exercise = Object.hasOwn(exercises, cls.exercise) ? exercises[cls.exercise] : undefined;
      return {
        id,
        name: cls.name ?? exercise?.name ?? '',
        date: cls.date,
        hour: cls.hour,
        coachName: Object.hasOwn(coaches, teacher) ? (coaches[teacher]?.name ?? '') : '',
        now: cls.startsAt <= now,
        spotsLeft: Math.max(0, cls.capacity - cls.bookedCount),
      };
    });
}

/** The member a `waiverNotSigned` refusal names, who signs at the kiosk before checking in. */
export function unsignedMember(refusal: ErrorText): { uid: string; name: string } | null {
  if (refusal.key !== 'waiverNotSigned') return null;
  const uid = refusal.params?.['uid'];
  const name = refusal.params?.['name'];
  return typeof uid === 'string' && uid !== ''
    ? { uid, name: typeof name === 'string' ? name : '' }
    : null;
}
