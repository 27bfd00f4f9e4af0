import { describe, expect, it } from 'vitest';
import type { CreditEntry, CreditsList, PurchaseReturn } from '../schemas/user';
import {
  creditsToTakeBack,
  mergePurchaseReturn,
  returnedAmount,
  settlePurchaseReturn,
} from './returns';

const NOW = 1_800_000_000_000;

function credit(sourceId: string, change: Partial<CreditEntry> = {}): CreditEntry {
  return {
    kind: 'regular',
    source: 'purchase',
    sourceId,
    grantedAt: NOW - 1000,
    expiresAt: NOW + 1_000_000,
    ...change,
  };
}

function fivePack(sourceId = 'cs_1'): CreditsList {
  return Object.fromEntries(
    [1, 2, 3, 4, 5].map((n) => [`${sourceId}-00${n}`, credit(sourceId)] as const),
  );
}

const state = (change: Partial<PurchaseReturn> = {}): PurchaseReturn => ({
  chargeId: 'ch_1',
  amount: 6500,
  refunded: 0,
  taken: 0,
  at: NOW,
  ...change,
});

describe('creditsToTakeBack', () => {
  it.each([
    [5, 6500, 6500, 5, 'a full refund takes every credit'],
    [5, 6500, 0, 0, 'nothing returned takes nothing'],
    [5, 6500, 3250, 3, 'half of 5 rounds up to 3'],
    [5, 6500, 1, 1, 'one cent back takes one credit'],
    [30, 3900, 1300, 10, 'a third of 30 is exactly 10'],
    [5, 6500, 9999, 5, 'more than paid is all'],
    [0, 6500, 6500, 0, 'a purchase without credits takes none'],
  ])('granted %i, paid %i, returned %i → %i (%s)', (granted, paid, returned, expected) => {
    expect(creditsToTakeBack(granted, paid, returned)).toBe(expected);
  });
});

describe('mergePurchaseReturn', () => {
  it('keeps the largest refund whatever order the events come in', () => {
    const later = mergePurchaseReturn(
      undefined,
      { chargeId: 'ch_1', amount: 6500, refunded: 6500 },
      NOW,
    );
    const stale = mergePurchaseReturn(
      later,
      { chargeId: 'ch_1', amount: 6500, refunded: 2000 },
      NOW,
    );
    expect(stale.refunded).toBe(6500);
  });

  it('never reopens a closed dispute', () => {
    const lost = mergePurchaseReturn(
      undefined,
      { chargeId: 'ch_1', amount: 6500, dispute: { id: 'du_1', status: 'lost', amount: 6500 } },
      NOW,
    );
    const late = mergePurchaseReturn(
      lost,
      { chargeId: 'ch_1', amount: 6500, dispute: { id: 'du_1', status: 'open', amount: 6500 } },
      NOW,
    );
    expect(late.disputes).toEqual({ du_1: { status: 'lost', amount: 6500 } });
    expect(returnedAmount(late)).toBe(6500);
  });

  it('counts refunds and lost disputes, capped at the charge', () => {
    expect(
      returnedAmount(
        state({ refunded: 5000, disputes: { du_1: { status: 'lost', amount: 6500 } } }),
      ),
    ).toBe(6500);
    expect(returnedAmount(state({ disputes: { du_1: { status: 'won', amount: 6500 } } }))).toBe(0);
  });
});

describe('settlePurchaseReturn', () => {
  it('takes back every unused credit on a full refund, with one revoke entry', () => {
    const result = settlePurchaseReturn(fivePack(), {
      purchaseId: 'cs_1',
      granted: 5,
      state: state({ refunded: 6500 }),
      nowMs: NOW,
    });
    expect(result.change.removeCredits).toHaveLength(5);
    expect(Object.values(result.change.outbox ?? {})).toEqual([
      expect.objectContaining({ type: 'revoke', delta: -5, sourceId: 'cs_1' }),
    ]);
    expect(result.state.taken).toBe(5);
  });

  it('takes back the refunded share, rounded up, of what was granted, not more than is unused', () => {
    const list = fivePack();
    delete list['cs_1-001'];
    delete list['cs_1-002'];
    delete list['cs_1-003'];
    const result = settlePurchaseReturn(list, {
      purchaseId: 'cs_1',
      granted: 5,
      state: state({ refunded: 3250 }),
      nowMs: NOW,
    });
    expect(result.taken).toBe(2);
    expect(result.state.taken).toBe(2);
  });

  it('after a partial refund, the rest of the refund takes only what is still owed', () => {
    const first = settlePurchaseReturn(fivePack(), {
      purchaseId: 'cs_1',
      granted: 5,
      state: state({ refunded: 1300 }),
      nowMs: NOW,
    });
    expect(first.taken).toBe(1);
    const list = fivePack();
    for (const id of first.change.removeCredits ?? []) delete list[id];
    const second = settlePurchaseReturn(list, {
      purchaseId: 'cs_1',
      granted: 5,
      state: { ...first.state, refunded: 6500 },
      nowMs: NOW,
    });
    expect(second.taken).toBe(4);
    expect(second.state.taken).toBe(5);
  });

  it('does nothing twice', () => {
    const list = fivePack();
    const first = settlePurchaseReturn(list, {
      purchaseId: 'cs_1',
      granted: 5,
      state: state({ refunded: 6500 }),
      nowMs: NOW,
    });
    const again = settlePurchaseReturn(
      {},
      {
        purchaseId: 'cs_1',
        granted: 5,
        state: first.state,
        nowMs: NOW,
      },
    );
    expect(again.change).toEqual({});
  });

  it('takes nothing before the purchase is granted', () => {
    const result = settlePurchaseReturn(
      {},
      {
        purchaseId: 'cs_1',
        granted: undefined,
        state: state({ refunded: 6500 }),
        nowMs: NOW,
      },
    );
    expect(result.change).toEqual({});
  });

  it('leaves other purchases and credits a booking holds alone', () => {
    const list: CreditsList = {
      ...fivePack(),
      ...fivePack('cs_2'),
      'cs_1-001': credit('cs_1', { hold: { classId: 'c1', at: NOW } }),
    };
    const result = settlePurchaseReturn(list, {
      purchaseId: 'cs_1',
      granted: 5,
      state: state({ refunded: 6500 }),
      nowMs: NOW,
    });
    expect(result.change.removeCredits).toEqual(['cs_1-002', 'cs_1-003', 'cs_1-004', 'cs_1-005']);
  });

  it('holds the unused credits while a dispute is open, and releases them when it is won', () => {
    const open = settlePurchaseReturn(fivePack(), {
      purchaseId: 'cs_1',
      granted: 5,
      state: state({ disputes: { du_1: { status: 'open', amount: 6500 } } }),
      nowMs: NOW,
    });
    expect(open.held).toBe(5);
    expect(Object.values(open.change.addCredits ?? {}).map((credit) => credit.hold)).toEqual(
      Array.from({ length: 5 }, () => ({ disputeId: 'du_1', at: NOW })),
    );
    expect(Object.values(open.change.outbox ?? {})).toEqual([
      expect.objectContaining({ type: 'hold', delta: 0 }),
    ]);

    const held = { ...fivePack(), ...open.change.addCredits };
    const won = settlePurchaseReturn(held, {
      purchaseId: 'cs_1',
      granted: 5,
      state: state({ disputes: { du_1: { status: 'won', amount: 6500 } } }),
      nowMs: NOW,
    });
    expect(won.released).toBe(5);
    expect(Object.values(won.change.addCredits ?? {}).every((c) => c.hold === undefined)).toBe(
      true,
    );
    expect(Object.values(won.change.outbox ?? {})).toEqual([
      expect.objectContaining({ type: 'release', delta: 0 }),
    ]);
  });

  it('takes the held credits back when the dispute is lost', () => {
    const held: CreditsList = Object.fromEntries(
      Object.entries(fivePack()).map(([id, c]) => [
        id,
        { ...c, hold: { disputeId: 'du_1', at: NOW } },
      ]),
    );
    const lost = settlePurchaseReturn(held, {
      purchaseId: 'cs_1',
      granted: 5,
      state: state({ disputes: { du_1: { status: 'lost', amount: 6500 } } }),
      nowMs: NOW,
    });
    expect(lost.taken).toBe(5);
    expect(Object.values(lost.change.outbox ?? {})).toEqual([
      expect.objectContaining({ type: 'revoke', delta: -5, reasonKey: 'ledgerRevokeDispute' }),
    ]);
  });

  it('writes one revoke entry per credit kind of a cart', () => {
    const list: CreditsList = {
      'cs_1-0-001': credit('cs_1'),
      'cs_1-1-001': credit('cs_1', { kind: 'special' }),
    };
    const result = settlePurchaseReturn(list, {
      purchaseId: 'cs_1',
      granted: 2,
      state: state({ refunded: 6500 }),
      nowMs: NOW,
    });
    expect(
      Object.values(result.change.outbox ?? {})
        .map((entry) => [entry.kind, entry.delta])
        .sort(),
    ).toEqual([
      ['regular', -1],
      ['special', -1],
    ]);
  });
});
