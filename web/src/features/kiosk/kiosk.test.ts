import type { StudioClass } from '@studio/core';
import { describe, expect, it } from 'vitest';
import { kioskClasses, unsignedMember } from './kiosk';

const NOW = Date.UTC(2026, 10, 25, 13, 10); // 07:10 in Monterrey
const MIN = 60_000;

function cls(hour: string, startsAt: number, extra: Partial<StudioClass> = {}): StudioClass {
  return {
    branch: 'centro',
    date: '2026-11-25',
    hour,
    startsAt,
    duration: 45,
    exercise: 'cycling',
    coach: 'ana',
    capacity: 10,
    creditKind: 'regular',
    status: 'scheduled',
    bookedCount: 4,
    waitlistCount: 0,
    ...extra,
  };
}

describe('kioskClasses', () => {
  const coaches = { ana: { name: 'Ana Garza' }, leo: { name: 'Leo Ruiz' } } as never;
  const exercises = { cycling: { name: 'Cycling' } } as never;

  it('lists the classes not yet ended, soonest first, without cancelled ones', () => {
    const rows = kioskClasses(
      {
        ended: cls('06:00', NOW - 70 * MIN),
        later: cls('09:00', NOW + 110 * MIN, { name: 'Power Yoga', bookedCount: 10 }),
        cancelled: cls('08:00', NOW + 50 * MIN, { status: 'cancelled' }),
        running: cls('07:00', NOW - 10 * MIN),
        next: cls('08:00', NOW + 50 * MIN, { substitute: 'leo' }),
      },
      coaches,
      exercises,
      NOW,
    );
    expect(rows).toEqual([
      {
        id: 'running',
        name: 'Cycling',
        date: '2026-11-25',
        hour: '07:00',
        coachName: 'Ana Garza',
        now: true,
        spotsLeft: 6,
      },
      {
        id: 'next',
        name: 'Cycling',
        date: '2026-11-25',
        hour: '08:00',
        coachName: 'Leo Ruiz',
        now: false,
        spotsLeft: 6,
      },
      {
        id: 'later',
        name: 'Power Yoga',
        date: '2026-11-25',
        hour: '09:00',
        coachName: 'Ana Garza',
        now: false,
        spotsLeft: 0,
      },
    ]);
  });

  it('keeps to the limit', () => {
    const many = Object.fromEntries(
      Array.from({ length: 6 }, (_, i) => [`c${i}`, cls(`1${i}:00`, NOW + (i + 1) * 60 * MIN)]),
    );
    expect(kioskClasses(many, coaches, exercises, NOW, 4).map((row) => row.id)).toEqual([
      'c0',
      'c1',
      'c2',
      'c3',
    ]);
  });
});

describe('unsignedMember', () => {
  it.each([
    [
      { key: 'waiverNotSigned', params: { name: 'Ana', uid: 'u1' } },
      { uid: 'u1', name: 'Ana' },
    ],
    [{ key: 'waiverNotSigned', params: { name: 'Ana' } }, null],
    [{ key: 'kioskNoMatch' }, null],
    [{ key: 'internalError' }, null],
  ] as const)('%j → %j', (refusal, member) => {
    expect(unsignedMember(refusal)).toEqual(member);
  });
});
