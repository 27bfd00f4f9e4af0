import { describe, expect, it } from 'vitest';
import { classPhase } from './class-phase';

const START = Date.UTC(2026, 10, 26, 13, 0);
const MIN = 60_000;

describe('classPhase', () => {
  it.each([
    ['a minute before the start', START - MIN, 'scheduled', 'upcoming'],
    ['at the start', START, 'scheduled', 'in-progress'],
    ['in its last minute', START + 44 * MIN, 'scheduled', 'in-progress'],
    ['at its end', START + 45 * MIN, 'scheduled', 'ended'],
    ['the next day', START + 24 * 60 * MIN, 'scheduled', 'ended'],
    ['cancelled, before', START - MIN, 'cancelled', 'cancelled'],
    ['cancelled, after', START + 60 * MIN, 'cancelled', 'cancelled'],
  ] as const)('%s → %s', (_, now, status, expected) => {
    expect(classPhase({ startsAt: START, duration: 45, status }, now)).toBe(expected);
  });
});
