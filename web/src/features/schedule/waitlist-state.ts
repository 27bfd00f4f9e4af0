/**
 * My Waiting List as pure state: the classes the member still waits for, soonest first, and for
 * each until when they can be moved in (their own cut-off or the studio's) and whether that has
 * passed. The screen only words and draws it (waitlist-state.test.ts).
 */
import type { UserWaitlistEntry } from '@studio/core';
import { memberPromotionCutoffAt } from '@studio/core';

/** The member's promotion cut-off: the studio's, and their own when they set one. */
export interface MemberCutoff {
  studioMinutes: number;
  /** `Users/{uid}/PromotionCutoffHours`; undefined = the studio's. */
  memberHours?: number;
}

export type CutoffLine =
  | { kind: 'none' }
  | { kind: 'loading' }
  | {
      kind: 'until' | 'passed';
      at: number;
      whose: { kind: 'mine'; hours: number } | { kind: 'studio'; minutes: number };
    };

export interface WaitlistCard {
  entry: UserWaitlistEntry;
  title: string;
  cutoff: CutoffLine;
}

export function waitlistTitle(entry: UserWaitlistEntry): string {
  return entry.title ?? entry.name ?? '';
}

/**
 * `cutoff` undefined: the screen shows no cut-off; null: it is loading (its line keeps its
 * place).
 */
export function waitlistCards(
  entries: Readonly<Record<string, UserWaitlistEntry>>,
  cutoff: MemberCutoff | null | undefined,
  now: number,
): WaitlistCard[] {
  return Object.values(entries)
    .filter((entry) => entry.status === 'waiting')
    .sort((a, b) => a.startsAt - b.startsAt || (a.classId < b.classId ? -1 : 1))
    .map((entry) => ({
      entry,
      title: waitlistTitle(entry),
      cutoff: cutoffLine(entry, cutoff, now),
    }));
}

function cutoffLine(
  entry: UserWaitlistEntry,
  cutoff: MemberCutoff | null | undefined,
  now: number,
): CutoffLine {
  if (cutoff === undefined) return { kind: 'none' };
  if (cutoff === null) return { kind: 'loading' };
  const at = memberPromotionCutoffAt(
    entry.startsAt,
    { waitlistCutoffMinutes: cutoff.studioMinutes },
    cutoff.memberHours,
  );
  return {
    kind: at <= now ? 'passed' : 'until',
    at,
    whose:
      cutoff.memberHours !== undefined
        ? { kind: 'mine', hours: cutoff.memberHours }
        : { kind: 'studio', minutes: cutoff.studioMinutes },
  };
}
