import { describe, expect, it } from 'vitest';
import type { UserClass } from '../schemas/classes';
import { toEpoch } from '../time';
import { memberBranches } from './branch-members';

const NOW = toEpoch('2026-03-20', '12:00');
const CHAIN = new Set(['centro', 'norte']);

function visit(date: string, branch: string | undefined, status: UserClass['status'] = 'attended') {
  return {
    classId: `c-${date}-${branch ?? 'none'}`,
    bookingId: 'b1',
    date,
    hour: '07:00',
    startsAt: toEpoch(date, '07:00'),
    spot: 's1',
    creditKind: 'regular',
    status,
    bookedAt: toEpoch(date, '06:00') - 86_400_000,
    ...(branch === undefined ? {} : { branch }),
  } as UserClass;
}

describe('memberBranches', () => {
  it('counts visits per branch with the last one, and marks the home chosen at sign-up', () => {
    const entries = [
      visit('2026-03-01', 'centro'),
      visit('2026-03-05', 'norte'),
      visit('2026-03-09', 'centro', 'booked'),
      // Not visits: cancelled, and a class still to come.
      visit('2026-03-10', 'norte', 'cancelled'),
      visit('2026-03-25', 'norte'),
    ];
    expect(memberBranches(entries, 'norte', CHAIN, NOW)).toEqual({
      centro: { visits: 2, lastVisit: '2026-03-09' },
      norte: { visits: 1, lastVisit: '2026-03-05', home: true },
    });
  });

  it('takes the first visit’s branch as home when none was chosen, or the one chosen is not the chain’s', () => {
    const entries = [visit('2026-03-05', 'norte'), visit('2026-03-01', 'centro')];
    expect(memberBranches(entries, undefined, CHAIN, NOW)['centro']?.home).toBe(true);
    expect(memberBranches(entries, 'sur', CHAIN, NOW)['centro']?.home).toBe(true);
    expect(memberBranches(entries, 'a/b', CHAIN, NOW)['norte']?.home).toBeUndefined();
  });

  it('lists a member who never came at their home only, and one with neither nowhere', () => {
    expect(memberBranches([], 'centro', CHAIN, NOW)).toEqual({ centro: { visits: 0, home: true } });
    expect(memberBranches([], undefined, CHAIN, NOW)).toEqual({});
    // A visit without a branch, or at a branch the chain does not have, counts nowhere.
    expect(
      memberBranches(
        [visit('2026-03-01', undefined), visit('2026-03-02', 'sur')],
        undefined,
        CHAIN,
        NOW,
      ),
    ).toEqual({});
  });
});
