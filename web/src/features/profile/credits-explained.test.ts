import type { LedgerEntry, User } from '@studio/core';
import { describe, expect, it } from 'vitest';
import { explainCredits, groupCredits } from './credits-explained';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.parse('2025-06-01T12:00:00.000Z');

const entry = (
  fields: Partial<LedgerEntry> & Pick<LedgerEntry, 'type' | 'delta'>,
): LedgerEntry => ({
  kind: 'regular',
  reason: 'x',
  at: T0,
  by: 'system',
  ...fields,
});

const held = (source: 'purchase' | 'subscription' | 'adjust', expiresAt: number) => ({
  kind: 'regular' as const,
  source,
  grantedAt: T0,
  expiresAt,
});

describe('explainCredits', () => {
  it('says where each credit came from, when it expires and which class it paid for', () => {
    const ledger: Record<string, LedgerEntry> = {
      buy: entry({
        type: 'grant',
        delta: 2,
        creditIds: ['p1', 'p2'],
        reasonKey: 'ledgerGrantPurchase',
      }),
      month: entry({
        type: 'grant',
        delta: 1,
        creditIds: ['s1'],
        reasonKey: 'ledgerGrantSubscription',
        at: T0 + DAY,
      }),
      gift: entry({ type: 'adjust', delta: 1, creditIds: ['a1'], at: T0 + 2 * DAY }),
      use: entry({
        type: 'use',
        delta: -1,
        creditId: 'p1',
        classId: 'yoga',
        sourceId: 'b1',
        at: T0 + 3 * DAY,
      }),
    };
    const user: User = {
      'credits-list': {
        p2: held('purchase', T0 + 30 * DAY),
        s1: held('subscription', T0 + 20 * DAY),
        a1: held('adjust', T0 + 40 * DAY),
      },
      'booking-credits': {
        b1: {
          classId: 'yoga',
          state: 'used',
          creditId: 'p1',
          credit: held('purchase', T0 + 30 * DAY),
          at: T0 + 3 * DAY,
          startsAt: T0 + 4 * DAY,
        },
      },
    };

    const rows = explainCredits(ledger, user);

    expect(
      rows.map((row) => [row.creditId, row.origin, row.fate, row.expiresAt, row.classId]),
    ).toEqual([
      ['s1', 'subscription', 'available', T0 + 20 * DAY, undefined],
      ['p2', 'package', 'available', T0 + 30 * DAY, undefined],
      ['a1', 'adjustment', 'available', T0 + 40 * DAY, undefined],
      ['p1', 'package', 'used', T0 + 30 * DAY, 'yoga'],
    ]);
  });

  it('follows a credit through a cancel: used, then back with a note of the class', () => {
    const ledger: Record<string, LedgerEntry> = {
      buy: entry({ type: 'grant', delta: 1, creditIds: ['p1'], reasonKey: 'ledgerGrantPurchase' }),
      use: entry({ type: 'use', delta: -1, creditId: 'p1', classId: 'spin', at: T0 + DAY }),
      back: entry({ type: 'refund', delta: 1, creditId: 'p1', classId: 'spin', at: T0 + 2 * DAY }),
    };
    const [row] = explainCredits(ledger, {
      'credits-list': { p1: held('purchase', T0 + 9 * DAY) },
    });
    expect(row).toMatchObject({
      creditId: 'p1',
      origin: 'package',
      fate: 'available',
      refunded: true,
      classId: 'spin',
      expiresAt: T0 + 9 * DAY,
    });
  });

  it('shows a refund under its own id as a refund, and late cancels, expiries and removals as such', () => {
    const ledger: Record<string, LedgerEntry> = {
      buy: entry({ type: 'grant', delta: 3, creditIds: ['p1', 'p2', 'p3'] }),
      late: entry({ type: 'use', delta: -1, creditId: 'p1', classId: 'hiit', at: T0 + DAY }),
      forfeit: entry({
        type: 'forfeit',
        delta: 0,
        creditId: 'p1',
        classId: 'hiit',
        at: T0 + DAY + 1,
      }),
      gone: entry({ type: 'expire', delta: -1, creditIds: ['p2'], at: T0 + 3 * DAY }),
      taken: entry({ type: 'revoke', delta: -1, creditIds: ['p3'], at: T0 + 2 * DAY }),
      again: entry({
        type: 'refund',
        delta: 1,
        creditId: 'refund-b9',
        classId: 'core',
        at: T0 + 4 * DAY,
      }),
    };
    const rows = explainCredits(ledger, null);
    expect(rows.map((row) => [row.creditId, row.origin, row.fate])).toEqual([
      ['refund-b9', 'refund', 'available'],
      ['p2', 'other', 'expired'],
      ['p3', 'other', 'removed'],
      ['p1', 'other', 'forfeited'],
    ]);
  });

  it('lists a held credit the ledger never named, from the list', () => {
    const rows = explainCredits({}, { 'credits-list': { old: held('purchase', T0 + DAY) } });
    expect(rows).toEqual([
      {
        creditId: 'old',
        grantKey: `list:purchase::regular:${T0}`,
        kind: 'regular',
        origin: 'package',
        grantedAt: T0,
        expiresAt: T0 + DAY,
        fate: 'available',
        fateAt: T0,
      },
    ]);
  });
});

describe('groupCredits', () => {
  const NOW = T0 + 10 * DAY;

  it('tells a 10-credit package as one grant: 3 used, 1 refunded, 6 left', () => {
    const ids = Array.from({ length: 10 }, (_, n) => `p${n}`);
    const ledger: Record<string, LedgerEntry> = {
      buy: entry({ type: 'grant', delta: 10, creditIds: ids, reasonKey: 'ledgerGrantPurchase' }),
      ...Object.fromEntries(
        [0, 1, 2, 3].map((n) => [
          `use${n}`,
          entry({ type: 'use', delta: -1, creditId: `p${n}`, classId: `c${n}`, at: T0 + DAY }),
        ]),
      ),
      back: entry({ type: 'refund', delta: 1, creditId: 'p3', classId: 'c3', at: T0 + 2 * DAY }),
    };
    const list = Object.fromEntries(
      ids
        .filter((id) => !['p0', 'p1', 'p2'].includes(id))
        .map((id) => [id, held('purchase', T0 + 30 * DAY)]),
    );

    const grants = groupCredits(explainCredits(ledger, { 'credits-list': list }), NOW);

    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({
      key: 'ledger:buy',
      origin: 'package',
      grantedAt: T0,
      expiresAt: T0 + 30 * DAY,
      shares: { used: 3, forfeited: 0, refunded: 1, expired: 0, removed: 0, left: 6 },
    });
    expect(grants[0]?.credits).toHaveLength(10);
  });

  it('puts grants with usable credits first, soonest expiry first, then used-up ones, latest first', () => {
    const ledger: Record<string, LedgerEntry> = {
      old: entry({ type: 'grant', delta: 1, creditIds: ['o1'], reasonKey: 'ledgerGrantPurchase' }),
      oldUse: entry({ type: 'use', delta: -1, creditId: 'o1', classId: 'x', at: T0 + DAY }),
      month: entry({
        type: 'grant',
        delta: 2,
        creditIds: ['s1', 's2'],
        reasonKey: 'ledgerGrantSubscription',
        at: T0 + DAY,
      }),
      gone: entry({ type: 'expire', delta: -2, creditIds: ['s1', 's2'], at: T0 + 5 * DAY }),
      late: entry({ type: 'grant', delta: 1, creditIds: ['l1'], at: T0 + 3 * DAY }),
      early: entry({ type: 'adjust', delta: 1, creditIds: ['e1'], at: T0 + 4 * DAY }),
    };
    const user: User = {
      'credits-list': {
        l1: held('purchase', T0 + 40 * DAY),
        e1: held('adjust', T0 + 20 * DAY),
      },
    };

    const grants = groupCredits(explainCredits(ledger, user), NOW);

    expect(grants.map((grant) => [grant.key, grant.origin, grant.expiresAt])).toEqual([
      ['ledger:early', 'adjustment', T0 + 20 * DAY],
      ['ledger:late', 'package', T0 + 40 * DAY],
      ['ledger:month', 'subscription', undefined],
      ['ledger:old', 'package', undefined],
    ]);
    expect(grants[2]?.shares.expired).toBe(2);
  });

  it('counts a usable credit past its expiry as expired before the nightly job says so', () => {
    const grants = groupCredits(
      explainCredits({}, { 'credits-list': { a: held('purchase', NOW - 1) } }),
      NOW,
    );
    expect(grants[0]?.shares).toMatchObject({ expired: 1, left: 0 });
    expect(grants[0]?.expiresAt).toBeUndefined();
  });

  it('keeps credits of the same grant time but another source apart', () => {
    const grants = groupCredits(
      explainCredits(
        {},
        {
          'credits-list': {
            a: held('purchase', NOW + DAY),
            b: held('purchase', NOW + DAY),
            c: held('subscription', NOW + DAY),
          },
        },
      ),
      NOW,
    );
    expect(grants.map((grant) => [grant.origin, grant.shares.left])).toEqual(
      expect.arrayContaining([
        ['package', 2],
        ['subscription', 1],
      ]),
    );
    expect(grants).toHaveLength(2);
  });
});
