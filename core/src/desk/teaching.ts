import type { StudioClass } from '../schemas/classes';

type Teaching = Pick<StudioClass, 'coach' | 'substitute'>;

/** Who takes the class on the day: its substitute when one is assigned, else its own coach. */
export function teachingCoachId(cls: Teaching): string {
  return cls.substitute ?? cls.coach;
}

/**
 * The `Coaches` ids that may read the class's roster and take its attendance: its own coach and
 * its substitute (database.rules.json `ClassRoster/$classId`, the same two).
 */
export function classCoachIds(cls: Teaching): string[] {
  return cls.substitute === undefined || cls.substitute === cls.coach
    ? [cls.coach]
    : [cls.coach, cls.substitute];
}

/** Whether one of `ownCoachIds` (the `Coaches` entries linked to a login) is the class's coach. */
export function coachesClass(cls: Teaching, ownCoachIds: ReadonlySet<string>): boolean {
  return classCoachIds(cls).some((id) => ownCoachIds.has(id));
}
