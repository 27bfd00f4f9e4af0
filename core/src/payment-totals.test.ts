import { describe, expect, it } from 'vitest';
import {
  paymentBranchKey,
  paymentBranchRange,
  paymentRangeBounds,
  paymentTotals,
  refundedAmount,
} from './payment-totals';
import type { Payment } from './schemas/payments';
import { toEpoch } from './time';

function payment(overrides: Partial<Payment>): Payment {
  return {
    uid: 'm1',
    kind: 'credits',
    items: [],
    subtotal: 6500,
    discount: 0,
    amount: 6500,
    currency: 'USD',
    status: 'paid',
    createdAt: 1,
    ...overrides,
  };
}

describe('payment totals', () => {
  it('adds charged and refunded cents per currency and counts every status', () => {
    expect(
      paymentTotals([
        payment({}),
        payment({ status: 'refunded' }),
        payment({ status: 'partially-refunded', amountRefunded: 1000 }),
        payment({ status: 'failed' }),
        payment({ currency: 'MXN', amount: 50000 }),
      ]),
    ).toEqual([
      { currency: 'MXN', count: 1, paid: 50000, refunded: 0, net: 50000 },
      { currency: 'USD', count: 4, paid: 19500, refunded: 7500, net: 12000 },
    ]);
  });

  it('takes a full refund recorded without its amount as the whole payment', () => {
    expect(refundedAmount(payment({ status: 'refunded' }))).toBe(6500);
    expect(refundedAmount(payment({ status: 'paid' }))).toBe(0);
  });

  it('covers whole studio-local days', () => {
    expect(paymentRangeBounds('2026-11-01', '2026-11-21')).toEqual({
      startMs: toEpoch('2026-11-01', '00:00'),
      endMs: toEpoch('2026-11-22', '00:00') - 1,
    });
  });
});

describe('paymentBranchKey', () => {
  it('orders one branch’s payments by date, and no other branch’s key falls in its range', () => {
    const { start, end } = paymentBranchRange('norte', 1_000, 5_000);
    const inside = (key: string) => key >= start && key <= end;
    expect(paymentBranchKey('norte', 999) < paymentBranchKey('norte', 1_000)).toBe(true);
    expect(paymentBranchKey('norte', 9_000) > paymentBranchKey('norte', 10_000)).toBe(false);
    expect(inside(paymentBranchKey('norte', 3_000))).toBe(true);
    expect(inside(paymentBranchKey('norte', 6_000))).toBe(false);
    for (const other of ['nortex', 'norte-sur', 'norte_2', 'nort', 'sur'])
      expect(inside(paymentBranchKey(other, 3_000)), other).toBe(false);
  });
});
