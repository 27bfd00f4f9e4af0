import { describe, expect, it } from 'vitest';
import { directoryEntryOf } from '@studio/core';
import {
  adjustRequest,
  creditsByKind,
  directoryRows,
  lastSeenParts,
  ledgerEntries,
} from './members';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 21, 12);

const directory = {
  u1: directoryEntryOf({ Name: 'José Pérez', Email: 'jose@demo.studio', Phone: '+52 81 1234' }),
  u2: directoryEntryOf({ Name: 'Ana Admin', Email: 'admin@demo.studio', Admin: true, Credits: 3 }),
  u3: directoryEntryOf({ Email: 'ghost@demo.studio', Admin: 'fs' }),
  u4: {
    ...directoryEntryOf({ Name: 'Carla Coach', Admin: 'Coach' }),
    plan: 'past-due',
  },
};

describe('directory rows', () => {
  it('reads each entry, in name order with nameless accounts last', () => {
    expect(directoryRows(directory).map((row) => [row.uid, row.role, row.credits])).toEqual([
      ['u2', 'admin', 3],
      ['u4', 'coach', 0],
      ['u1', 'member', 0],
      ['u3', 'coach', 0],
    ]);
    expect(directoryRows(directory).find((row) => row.uid === 'u4')?.plan).toBe('past-due');
  });

  it('lists an entry with a malformed or missing field with what it has', () => {
    expect(directoryRows({ x: { credits: 4, role: 'owner', name: 7 }, y: 'junk' })).toEqual([
      { uid: 'x', name: '', email: '', phone: '', role: 'member', credits: 4, nameKey: '' },
    ]);
  });

  it('is empty for a missing node', () => {
    expect(directoryRows(null)).toEqual([]);
  });
});

describe('credits by kind', () => {
  const credit = (kind: string, expiresInDays: number, hold?: boolean) => ({
    kind,
    source: 'adjust',
    grantedAt: NOW - DAY,
    expiresAt: NOW + expiresInDays * DAY,
    ...(hold ? { hold: { classId: 'c1', at: NOW } } : {}),
  });

  it('counts usable and held credits per kind with the soonest expiry, ignoring expired ones', () => {
    const list = {
      a: credit('regular', 10),
      b: credit('regular', 3),
      c: credit('regular', 1, true),
      d: credit('regular', -1),
      e: credit('train', 30),
    };
    expect(creditsByKind(list, NOW)).toEqual([
      { kind: 'regular', usable: 2, held: 1, nextExpiry: NOW + 3 * DAY },
      { kind: 'train', usable: 1, held: 0, nextExpiry: NOW + 30 * DAY },
    ]);
  });

  it('has nothing for a member without credits', () => {
    expect(creditsByKind(undefined, NOW)).toEqual([]);
  });
});

describe('ledger', () => {
  it('lists valid entries newest first', () => {
    const entry = (at: number, delta: number) => ({
      type: 'adjust',
      kind: 'regular',
      delta,
      reason: 'r',
      at,
      by: 'admin',
    });
    const entries = ledgerEntries({ old: entry(1, 2), new: entry(5, -1), bad: { delta: 1 } });
    expect(entries.map(([id]) => id)).toEqual(['new', 'old']);
  });
});

describe('the adjust-credits form as the callable takes it', () => {
  it.each([
    ['a gift', '2', 'Birthday', { ok: true }],
    ['a correction', '-1', 'Double booking', { ok: true }],
    ['nothing typed', '', 'Gift', { ok: false, delta: true, reason: false }],
    ['a fraction', '1.5', 'Gift', { ok: false, delta: true, reason: false }],
    ['no reason', '3', '', { ok: false, delta: false, reason: true }],
  ] as const)('%s', (_, delta, reason, expected) => {
    expect(adjustRequest('u1', 'regular', delta, reason)).toMatchObject(expected);
  });

  it('hands over the numbers and the reason as typed', () => {
    expect(adjustRequest('u1', 'special', ' 4 ', 'Event')).toEqual({
      ok: true,
      value: { uid: 'u1', kind: 'special', delta: 4, reason: 'Event' },
    });
  });
});

describe('lastSeenParts', () => {
  it.each([
    ['2026-11-25 18:04:09', { date: '2026-11-25', hour: '18:04' }],
    ['not a time', undefined],
    [undefined, undefined],
  ])('%j → %j', (value, expected) => {
    expect(lastSeenParts(value)).toEqual(expected);
  });
});
