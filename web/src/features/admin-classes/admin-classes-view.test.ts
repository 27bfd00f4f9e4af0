import { describe, expect, it } from 'vitest';
import type { StudioClass } from '@studio/core';
import type { ClassCatalog } from './api/admin-classes-api';
import { adminClassDays, classChanges, editState, validRange } from './admin-classes-view';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 25, 18, 0);

function cls(date: string, hour: string, startsAt: number, extra: Partial<StudioClass> = {}) {
  return {
    branch: 'centro',
    date,
    hour,
    startsAt,
    duration: 45,
    exercise: 'cycling',
    coach: 'ana',
    capacity: 20,
    creditKind: 'regular',
    status: 'scheduled',
    bookedCount: 5,
    waitlistCount: 0,
    ...extra,
  } satisfies StudioClass;
}

const catalog = {
  branches: { centro: { name: 'Centro', active: true } },
  exercises: { cycling: { name: 'Cycling', creditKind: 'regular', active: true } },
  coaches: { ana: { name: 'Ana Garza', active: true }, leo: { name: 'Leo Ruiz', active: true } },
  layouts: {},
} as unknown as ClassCatalog;

const ALL = { from: '2026-11-25', to: '2026-12-08', branch: '', coach: '' };

describe('adminClassDays', () => {
  const classes = {
    later: cls('2026-11-26', '07:00', NOW + 19 * HOUR),
    gone: cls('2026-11-25', '07:00', NOW - 5 * HOUR),
    now: cls('2026-11-25', '12:00', NOW - 10 * 60_000, { coach: 'leo', bookedCount: 20 }),
    off: cls('2026-11-25', '19:00', NOW + HOUR, { status: 'cancelled' }),
  };

  it('groups by day in time order, with phase, fill and what may be done', () => {
    const days = adminClassDays(classes, catalog, ALL, NOW);
    expect(days.map((day) => [day.date, day.rows.map((row) => row.classId)])).toEqual([
      ['2026-11-25', ['gone', 'now', 'off']],
      ['2026-11-26', ['later']],
    ]);
    expect(
      days
        .flatMap((day) => day.rows)
        .map((row) => [row.classId, row.phase, row.actionable, row.substitutable]),
    ).toEqual([
      ['gone', 'ended', false, false],
      ['now', 'in-progress', false, true],
      ['off', 'cancelled', false, false],
      ['later', 'upcoming', true, true],
    ]);
    expect(days[0]?.rows[1]).toMatchObject({ coachName: 'Leo Ruiz', fill: 1, title: 'Cycling' });
  });

  it('names the substitute of a class beside its own coach, and finds it under either', () => {
    const covered = { sub: cls('2026-11-26', '09:00', NOW + HOUR, { substitute: 'leo' }) };
    const [row] = adminClassDays(covered, catalog, { ...ALL, coach: 'leo' }, NOW)[0]?.rows ?? [];
    expect(row).toMatchObject({ coachName: 'Ana Garza', substituteName: 'Leo Ruiz' });
    expect(adminClassDays(covered, catalog, { ...ALL, coach: 'ana' }, NOW)).toHaveLength(1);
  });

  it('keeps one coach or branch when filtered', () => {
    const days = adminClassDays(classes, catalog, { ...ALL, coach: 'leo' }, NOW);
    expect(days.flatMap((day) => day.rows).map((row) => row.classId)).toEqual(['now']);
    expect(adminClassDays(classes, catalog, { ...ALL, branch: 'norte' }, NOW)).toEqual([]);
  });

  it('names an unknown coach by its key, never by an inherited name', () => {
    const days = adminClassDays(
      { x: cls('2026-11-26', '08:00', NOW + HOUR, { coach: 'constructor' }) },
      catalog,
      ALL,
      NOW,
    );
    expect(days[0]?.rows[0]?.coachName).toBe('constructor');
  });
});

describe('validRange', () => {
  it.each([
    [{ from: '2026-11-25', to: '2026-11-25' }, true],
    [{ from: '2026-11-26', to: '2026-11-25' }, false],
    [{ from: '25/11/2026', to: '2026-11-30' }, false],
    [{ from: '2026-02-30', to: '2026-03-30' }, false],
  ])('%j → %s', (range, expected) => {
    expect(validRange(range)).toBe(expected);
  });
});

describe('classChanges', () => {
  const base = cls('2026-11-26', '07:00', NOW + HOUR, { name: 'Sunrise' });
  it.each([
    ['nothing changed', {}, {}],
    ['capacity raised', { capacity: '24' }, { capacity: 24 }],
    ['hour moved', { hour: '08:00' }, { hour: '08:00' }],
    ['capacity emptied', { capacity: ' ' }, { capacity: '' }],
    ['title cleared (back to the class type)', { name: '' }, {}],
    ['title renamed', { name: ' Dawn ride ' }, { name: 'Dawn ride' }],
  ])('%s', (_, change, expected) => {
    expect(classChanges(base, { ...editState(base), ...change })).toEqual(expected);
  });
});
