import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import type { Membership, PlanTerms } from '../schemas/plans';
import { toEpoch } from '../time';
import {
  applyNoShow,
  applyWalletChange,
  consumeOrVoid,
  payForBooking,
  planPaymentId,
  pruneBookingCredits,
  readWallet,
  settleCredit,
} from './wallet';
import type { PaymentRequest, Wallet, WalletChange } from './wallet';

const TZ = 'America/Monterrey';
const at = (date: string, hour: string) => toEpoch(date, hour, TZ);
const NOW = at('2026-11-30', '06:00');
const DAY = 24 * 3_600_000;

const terms: PlanTerms = {
  kind: 'unlimited',
  name: 'Unlimited, one class a day',
  interval: 'month',
  dailyCap: 1,
  lateCancel: { kind: 'fee', amount: 1000 },
  noShow: { kind: 'block', days: 3 },
};

const membership: Membership = {
  id: 'sub_1',
  uid: 'ana',
  planId: 'daily',
  terms,
  source: 'stripe',
  status: 'active',
  startedAt: at('2026-11-01', '00:00'),
  updatedAt: 1,
};

const member = (extra: Record<string, unknown> = {}) => ({
  Name: 'Ana',
  Conditions: true,
  Credits: 0,
  membership,
  ...extra,
});

const morning = {
  startsAt: at('2026-11-30', '07:00'),
  creditKind: 'regular' as const,
  exercise: 'spin',
  branch: 'centro',
};
const evening = { ...morning, startsAt: at('2026-11-30', '19:00') };

const pay = (
  wallet: Wallet,
  bookingId: string,
  cls = morning,
  extra: Partial<PaymentRequest> = {},
) =>
  payForBooking(wallet, {
    uid: 'ana',
    bookingId,
    classId: `k-${bookingId}`,
    cls,
    nowMs: NOW,
    timeZone: TZ,
    ...extra,
  });

function ok<T>(value: T | DomainError): T {
  if (value instanceof DomainError) throw value;
  return value;
}

/** The member's node after a committed change, and the wallet the next transaction reads. */
function commit(node: unknown, change: WalletChange) {
  const next = applyWalletChange(node, change, NOW);
  return { node: next, wallet: readWallet(next, 'Users/ana') };
}

describe('a booking paid by the plan', () => {
  it('records the plan use without a credit, and a plan-use ledger entry', () => {
    const paid = ok(pay(readWallet(member(), 'Users/ana'), 'b1'));
    expect(paid.paidBy).toBe('plan');
    expect(paid.creditId).toBe(planPaymentId('b1'));
    const { wallet } = commit(member(), paid.change);
    expect(wallet.bookingCredits['b1']).toMatchObject({
      state: 'used',
      plan: { membershipId: 'sub_1', planId: 'daily' },
    });
    expect(wallet.outbox['use-b1']).toMatchObject({
      type: 'plan-use',
      delta: 0,
      planId: 'daily',
      reasonParams: { plan: 'Unlimited, one class a day' },
    });
    expect(wallet.count).toBe(0);
    // Paying again (a retried transaction) changes nothing.
    expect(ok(pay(wallet, 'b1')).change).toEqual({});
  });

  it('lets exactly one of two bookings racing over a cap of one through', () => {
    // Both callers passed the check on what they read; their member transactions then run one
    // after the other on the committed node, as the database serialises them.
    const start = member();
    const first = pay(readWallet(start, 'Users/ana'), 'b1', morning);
    const second = pay(readWallet(start, 'Users/ana'), 'b2', evening);
    expect(first).not.toBeInstanceOf(DomainError);
    expect(second).not.toBeInstanceOf(DomainError);
    const { wallet } = commit(start, ok(first).change);
    const retried = pay(wallet, 'b2', evening, { payWith: 'plan' });
    expect(retried).toBeInstanceOf(DomainError);
    expect((retried as DomainError).messageKey).toBe('planCapReached');
  });

  it('never switches a booking confirmed on the plan to a credit', () => {
    const withCredit = member({
      'credits-list': {
        c1: { kind: 'regular', source: 'purchase', grantedAt: 0, expiresAt: NOW + 30 * DAY },
      },
      'booking-credits': {
        b0: {
          classId: 'k0',
          state: 'used',
          startsAt: morning.startsAt,
          at: 1,
          plan: { membershipId: 'sub_1', planId: 'daily' },
        },
      },
    });
    const wallet = readWallet(withCredit, 'Users/ana');
    expect((pay(wallet, 'b2', evening, { payWith: 'plan' }) as DomainError).messageKey).toBe(
      'planCapReached',
    );
    // Not chosen: the credit pays, as the member was shown before confirming.
    const byCredit = ok(pay(wallet, 'b2', evening));
    expect(byCredit).toMatchObject({ paidBy: 'credits', creditId: 'c1' });
    // No credit left: the cap is what the member hears, not "no credit".
    const noCredit = readWallet({ ...withCredit, 'credits-list': {} }, 'Users/ana');
    expect((pay(noCredit, 'b2', evening) as DomainError).messageKey).toBe('planCapReached');
  });

  it('asks for the waiver first', () => {
    const wallet = readWallet(member({ Conditions: false }), 'Users/ana');
    expect((pay(wallet, 'b1') as DomainError).messageKey).toBe('waiverNotAccepted');
  });

  it('lets the reconciler finish a pending plan booking, or void it when the plan cannot pay', () => {
    const wallet = readWallet(member(), 'Users/ana');
    const request = {
      uid: 'ana',
      bookingId: 'b1',
      classId: 'k1',
      cls: morning,
      nowMs: NOW,
      timeZone: TZ,
    };
    expect(consumeOrVoid(wallet, request).state).toBe('used');
    const capped = commit(member(), ok(pay(wallet, 'b0')).change).wallet;
    expect(consumeOrVoid(capped, { ...request, cls: evening }).state).toBe('void');
  });
});

describe('a plan booking that ends', () => {
  const booked = () => commit(member(), ok(pay(readWallet(member(), 'Users/ana'), 'b1')).change);
  const settle = (wallet: Wallet, outcome: 'refund' | 'late' | 'class-cancelled') =>
    settleCredit(wallet, {
      bookingId: 'b1',
      classId: 'k-b1',
      startsAt: morning.startsAt,
      outcome,
      nowMs: NOW,
      by: 'ana',
      currency: 'USD',
    });

  it('cancelled in time stops counting, with no fee', () => {
    const { node, wallet } = booked();
    const settled = settle(wallet, 'refund');
    expect(settled.state).toBe('refunded');
    expect(settled.change.planFees).toBeUndefined();
    const after = commit(node, settled.change).wallet;
    expect(after.outbox['refund-b1']).toMatchObject({ type: 'plan-refund', delta: 0 });
    expect(ok(pay(after, 'b2', evening)).paidBy).toBe('plan');
  });

  it('cancelled late still counts and records the fee the plan sets, once', () => {
    const { node, wallet } = booked();
    const settled = settle(wallet, 'late');
    expect(settled.state).toBe('forfeited');
    expect(settled.change.planFees?.['late-b1']).toMatchObject({
      reason: 'late-cancel',
      amount: 1000,
      status: 'pending',
      membershipId: 'sub_1',
    });
    const after = commit(node, settled.change).wallet;
    expect(after.outbox['forfeit-b1']).toMatchObject({ type: 'plan-forfeit', delta: 0 });
    expect((pay(after, 'b2', evening) as DomainError).messageKey).toBe('planCapReached');
    expect(settle(after, 'late').change).toEqual({});
  });

  it('a no-show blocks the plan for its days, once', () => {
    const { node, wallet } = booked();
    const change = applyNoShow(wallet, {
      bookingId: 'b1',
      classId: 'k-b1',
      nowMs: NOW,
      currency: 'USD',
    });
    expect(change.membership?.blockedUntil).toBe(NOW + 3 * DAY);
    const after = commit(node, change).wallet;
    expect(after.membership?.blockedUntil).toBe(NOW + 3 * DAY);
    expect(
      applyNoShow(after, { bookingId: 'b1', classId: 'k-b1', nowMs: NOW, currency: 'USD' }),
    ).toEqual({});
    const next = { ...evening, startsAt: at('2026-12-01', '07:00') };
    expect((pay(after, 'b2', next) as DomainError).messageKey).toBe('planBlocked');
  });

  it('keeps plan records for a month, so a monthly cap still sees them', () => {
    const { wallet } = booked();
    expect(pruneBookingCredits(wallet, { nowMs: morning.startsAt + 8 * DAY })).toEqual({});
    expect(pruneBookingCredits(wallet, { nowMs: morning.startsAt + 41 * DAY })).toEqual({
      bookingCredits: { b1: null },
    });
  });
});
