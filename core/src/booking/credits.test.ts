import { describe, expect, it } from 'vitest';
import type { CreditEntry, CreditsList } from '../schemas/user';
import type { LedgerEntry } from '../schemas/ledger';
import {
  creditExpiry,
  creditIdsFor,
  creditKindForPackage,
  expiredCreditIds,
  heldCount,
  ledgerBalance,
  pickCredit,
  staleHoldIds,
  usableRegularCount,
} from './credits';

const credit = (fields: Partial<CreditEntry>): CreditEntry => ({
  kind: 'regular',
  source: 'purchase',
  grantedAt: 0,
  expiresAt: 1000,
  ...fields,
});

describe('pickCredit', () => {
  it.each<[string, CreditsList | undefined, string | undefined]>([
    ['none held', undefined, undefined],
    ['empty list', {}, undefined],
    ['the only usable one', { a: credit({}) }, 'a'],
    [
      'soonest expiry first',
      { late: credit({ expiresAt: 900 }), soon: credit({ expiresAt: 600 }) },
      'soon',
    ],
    [
      'same expiry: earliest grant',
      { b: credit({ grantedAt: 5 }), a: credit({ grantedAt: 9 }) },
      'b',
    ],
    ['same expiry and grant: lowest id', { y: credit({}), x: credit({}) }, 'x'],
    [
      'skips expired (expiry is exclusive)',
      { gone: credit({ expiresAt: 500 }), ok: credit({ expiresAt: 900 }) },
      'ok',
    ],
    [
      'skips held',
      { held: credit({ expiresAt: 600, hold: { classId: 'c', at: 1 } }), ok: credit({}) },
      'ok',
    ],
    [
      'skips other kinds',
      { sp: credit({ kind: 'special', expiresAt: 600 }), ok: credit({}) },
      'ok',
    ],
    [
      'nothing usable',
      { gone: credit({ expiresAt: 500 }), sp: credit({ kind: 'train' }) },
      undefined,
    ],
  ])('%s', (_, credits, expected) => {
    expect(pickCredit(credits, 'regular', 500)?.id).toBe(expected);
  });

  it('picks special and train credits by their kind', () => {
    const credits = { r: credit({}), s: credit({ kind: 'special' }), t: credit({ kind: 'train' }) };
    expect(pickCredit(credits, 'special', 0)?.id).toBe('s');
    expect(pickCredit(credits, 'train', 0)?.id).toBe('t');
  });
});

describe('usableRegularCount', () => {
  it.each<[string, CreditsList | undefined, number]>([
    ['missing list', undefined, 0],
    ['usable regular only', { a: credit({}), b: credit({}) }, 2],
    [
      'not expired, not held, regular',
      {
        a: credit({}),
        b: credit({ expiresAt: 500 }),
        c: credit({ hold: { classId: 'k', at: 1 } }),
        d: credit({ kind: 'special' }),
      },
      1,
    ],
  ])('%s → %i', (_, credits, count) => {
    expect(usableRegularCount(credits, 500)).toBe(count);
  });
});

describe('credit bookkeeping', () => {
  const credits: CreditsList = {
    a: credit({ expiresAt: 100 }),
    b: credit({ expiresAt: 100, hold: { classId: 'c', at: 10 } }),
    c: credit({ expiresAt: 900, hold: { classId: 'c', at: 400 } }),
    d: credit({ kind: 'train', expiresAt: 50 }),
  };

  it('lists expired credits that no booking holds', () => {
    expect(expiredCreditIds(credits, 100)).toEqual(['a', 'd']);
    expect(expiredCreditIds(credits, 99)).toEqual(['d']);
  });

  it('lists holds older than the timeout', () => {
    expect(staleHoldIds(credits, 110, 100)).toEqual(['b']);
    expect(staleHoldIds(credits, 500, 100)).toEqual(['b', 'c']);
    expect(staleHoldIds(credits, 109, 100)).toEqual([]);
  });

  it('counts entries per kind, usable or not', () => {
    expect(heldCount(credits, 'regular')).toBe(3);
    expect(heldCount(credits, 'train')).toBe(1);
  });

  it('sums ledger deltas per kind', () => {
    const entry = (
      type: LedgerEntry['type'],
      delta: number,
      kind: LedgerEntry['kind'] = 'regular',
    ): LedgerEntry => ({
      type,
      kind,
      delta,
      reason: type,
      at: 1,
      by: 'system',
    });
    const ledger = [
      entry('grant', 10),
      entry('use', -1),
      entry('forfeit', 0),
      entry('refund', 1),
      entry('expire', -2),
      entry('grant', 5, 'special'),
    ];
    expect(ledgerBalance(ledger, 'regular')).toBe(8);
    expect(ledgerBalance(ledger, 'special')).toBe(5);
    expect(ledgerBalance([], 'train')).toBe(0);
  });

  it('computes expiry from validity days', () => {
    expect(creditExpiry(Date.parse('2025-01-01T00:00:00Z'), 30)).toBe(
      Date.parse('2025-01-31T00:00:00Z'),
    );
  });

  it('derives the same credit ids for the same grant', () => {
    expect(creditIdsFor('cs_test_1', 3)).toEqual([
      'cs_test_1-001',
      'cs_test_1-002',
      'cs_test_1-003',
    ]);
    expect(creditIdsFor('cs_test_1', 3)).toEqual(creditIdsFor('cs_test_1', 3));
    expect(() => creditIdsFor('a/b', 1)).toThrow();
  });

  it.each([
    ['credits', 'regular'],
    ['single', 'regular'],
    ['spcredits', 'special'],
    ['train-credits', 'train'],
  ] as const)('a %s package grants %s credits', (pkg, kind) => {
    expect(creditKindForPackage(pkg)).toBe(kind);
  });
});
