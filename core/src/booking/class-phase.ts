/**
 * Where a class is in its day, as a screen says it: still to come, under way, over, or
 * cancelled. A class that has started is never offered as "N spots left".
 */
export type ClassPhase = 'upcoming' | 'in-progress' | 'ended' | 'cancelled';

export interface PhaseInput {
  startsAt: number;
  /** Minutes. */
  duration: number;
  status?: 'scheduled' | 'cancelled';
}

export function classPhase(cls: PhaseInput, now: number): ClassPhase {
  if (cls.status === 'cancelled') return 'cancelled';
  if (now < cls.startsAt) return 'upcoming';
  return now < cls.startsAt + cls.duration * 60_000 ? 'in-progress' : 'ended';
}
