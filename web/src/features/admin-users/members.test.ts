import { describe, expect, it } from 'vitest';
import {
  creditsByKind,
  ledgerEntries,
  memberRows,
  reportedAccounts,
  searchMembers,
} from './members';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 21, 12);

const users = {
  u1: { Name: 'José Pérez', Email: 'jose@demo.studio', Phone: '+52 (81) 1234-5678', Admin: false },
  u2: { Name: 'Ana Admin', Email: 'admin@demo.studio', Admin: true, Credits: 3 },
  u3: { Email: 'ghost@demo.studio', Admin: 'fs' },
  u4: { Name: 'Carla Coach', Email: 'coach@demo.studio', Admin: 'Coach' },
};

describe('member rows', () => {
  it('reads the spec fields, maps Admin to a role and puts nameless accounts last', () => {
    const rows = memberRows(users);
    expect(rows.map((row) => [row.uid, row.role, row.credits])).toEqual([
      ['u2', 'admin', 3],
      ['u4', 'coach', 0],
      ['u1', 'member', 0],
      ['u3', 'coach', 0],
    ]);
  });

  it('is empty for a missing Users node', () => {
    expect(memberRows(null)).toEqual([]);
  });
});

describe('member search', () => {
  const rows = memberRows(users);
  const uids = (query: string) => searchMembers(rows, query).map((row) => row.uid);

  it('finds by name ignoring case and accents', () => {
    expect(uids('jose')).toEqual(['u1']);
    expect(uids('PÉREZ')).toEqual(['u1']);
  });

  it('finds by e-mail', () => {
    expect(uids('coach@')).toEqual(['u4']);
  });

  it('finds a phone by its digits whatever the punctuation', () => {
    expect(uids('811234')).toEqual(['u1']);
    expect(uids('1234-5678')).toEqual(['u1']);
  });

  it('needs every word to match', () => {
    expect(uids('ana demo')).toEqual(['u2']);
    expect(uids('ana nobody')).toEqual([]);
  });

  it('lists everyone for an empty query', () => {
    expect(uids('  ')).toHaveLength(4);
  });
});

describe('reports', () => {
  it('lists the reported accounts with what Users knows of them', () => {
    expect(reportedAccounts({ u3: { Uid: 'u3' }, zz: { Uid: 'zz' } }, memberRows(users))).toEqual([
      { uid: 'zz', email: '', phone: '' },
      { uid: 'u3', email: 'ghost@demo.studio', phone: '' },
    ]);
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
