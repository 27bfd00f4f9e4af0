import { describe, expect, it } from 'vitest';
import type { UserWaitlistEntry } from '@studio/core';
import { waitlistCards } from './waitlist-state';

const HOUR = 3_600_000;
const START = Date.UTC(2026, 11, 2, 13, 0);

function entry(classId: string, startsAt: number, extra: Partial<UserWaitlistEntry> = {}) {
  return {
    classId,
    date: '2026-12-02',
    hour: '07:00',
    startsAt,
    status: 'waiting',
    joinedAt: 0,
    position: 1,
    name: classId,
    ...extra,
  } as UserWaitlistEntry;
}

describe('waitlistCards', () => {
  const entries = {
    later: entry('later', START + 24 * HOUR),
    soon: entry('soon', START, { title: 'Yoga Flow' }),
    gone: entry('gone', START, { status: 'promoted' }),
  };

  it('keeps the classes still waited for, soonest first, named by their title', () => {
    const cards = waitlistCards(entries, undefined, START - 48 * HOUR);
    expect(cards.map((card) => [card.entry.classId, card.title, card.cutoff.kind])).toEqual([
      ['soon', 'Yoga Flow', 'none'],
      ['later', 'later', 'none'],
    ]);
  });

  it.each([
    [
      'the member’s own cut-off, still ahead',
      { studioMinutes: 60, memberHours: 4 },
      START - 48 * HOUR,
      { kind: 'until', at: START - 4 * HOUR, whose: { kind: 'mine', hours: 4 } },
    ],
    [
      'the studio’s, passed',
      { studioMinutes: 60 },
      START - 30 * 60_000,
      { kind: 'passed', at: START - HOUR, whose: { kind: 'studio', minutes: 60 } },
    ],
    ['loading', null, START, { kind: 'loading' }],
  ] as const)('says until when: %s', (_, cutoff, now, expected) => {
    const [first] = waitlistCards({ soon: entries.soon }, cutoff, now);
    expect(first?.cutoff).toEqual(expected);
  });
});
