import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import type { CreditEntry } from '../schemas/user';
import {
  adjustWallet,
  applyWalletChange,
  consumeCredit,
  consumeOrVoid,
  expireCredits,
  isEmptyChange,
  pruneBookingCredits,
  readWallet,
  settleCredit,
} from './wallet';
import type { Wallet, WalletChange } from './wallet';

const DAY = 24 * 3_600_000;
const NOW = Date.parse('2025-06-09T13:00:00Z');
const START = NOW + DAY;
const cls = { startsAt: START, creditKind: 'regular' as const };

const credit = (expiresAt: number, extra: Partial<CreditEntry> = {}): CreditEntry => ({
  kind: 'regular',
  source: 'purchase',
  grantedAt: 0,
  expiresAt,
  ...extra,
});

const stored = {
  Name: 'Ana',
  Conditions: true,
  Credits: 2,
  'credits-list': {
    later: { ...credit(START + 30 * DAY), paymentId: 'kept-by-other-code' },
    sooner: credit(START + DAY),
  },
};

function ok<T>(value: T | DomainError): T {
  if (value instanceof DomainError) throw value;
  return value;
}

/** Applies a change and reads the wallet back, as the next transaction would. */
function after(user: unknown, change: WalletChange, nowMs = NOW) {
  const next = applyWalletChange(user, change, nowMs);
  return { node: next, wallet: readWallet(next, 'Users/u1') };
}

const consume = (wallet: Wallet, bookingId = 'b1') =>
  consumeCredit(wallet, { uid: 'u1', bookingId, classId: 'k1', cls, nowMs: NOW });

describe('consumeCredit', () => {
  const wallet = readWallet(stored, 'Users/u1');

  it('uses the soonest-expiring credit, records it and ledgers the use', () => {
    const consumed = ok(consume(wallet));
    expect(consumed.creditId).toBe('sooner');
    const { node, wallet: next } = after(stored, consumed.change);
    expect(Object.keys(next.credits)).toEqual(['later']);
    expect(node.Credits).toBe(1);
    expect(node.Name).toBe('Ana');
    expect(next.bookingCredits.b1).toMatchObject({ state: 'used', creditId: 'sooner' });
    expect(next.outbox['use-b1']).toMatchObject({
      type: 'use',
      delta: -1,
      creditId: 'sooner',
      classId: 'k1',
      reason: 'Booked a class',
    });
  });

  it('keeps fields other code stored on the credits it does not touch', () => {
    const { node } = after(stored, ok(consume(wallet)).change);
    expect(node['credits-list']).toEqual({ later: stored['credits-list'].later });
  });

  it('changes nothing when run again for the same booking', () => {
    const first = after(stored, ok(consume(wallet)).change);
    const again = ok(consume(first.wallet));
    expect(isEmptyChange(again.change)).toBe(true);
    expect(again.creditId).toBe('sooner');
  });

  it.each<[string, unknown, string]>([
    ['waiver not accepted', { ...stored, Conditions: false }, 'waiverNotAccepted'],
    ['no credits', { Conditions: true }, 'noUsableCredit'],
    ['no profile at all', null, 'waiverNotAccepted'],
  ])('refuses: %s', (_, user, messageKey) => {
    expect(consume(readWallet(user, 'Users/u1'))).toMatchObject({ messageKey });
  });

  it('refuses a booking whose record already ended (the reconciler voided it)', () => {
    const voided = after(stored, settleCredit(wallet, settle('void')).change).wallet;
    expect(consume(voided)).toMatchObject({ code: 'aborted', messageKey: 'tryAgain' });
  });
});

const settle = (outcome: 'refund' | 'late' | 'class-cancelled' | 'void') => ({
  bookingId: 'b1',
  classId: 'k1',
  startsAt: START,
  outcome,
  nowMs: NOW + 1,
  by: 'u1',
});

describe('settleCredit', () => {
  const used = after(stored, ok(consume(readWallet(stored, 'Users/u1'))).change);

  it('refunds the same credit with its original expiry, once', () => {
    const refund = settleCredit(used.wallet, settle('refund'));
    expect(refund.state).toBe('refunded');
    const { node, wallet } = after(used.node, refund.change);
    expect(wallet.credits.sooner).toEqual(credit(START + DAY));
    expect(node.Credits).toBe(2);
    expect(wallet.outbox['refund-b1']).toMatchObject({ type: 'refund', delta: 1 });
    const again = settleCredit(wallet, settle('refund'));
    expect(again.state).toBe('refunded');
    expect(isEmptyChange(again.change)).toBe(true);
  });

  it('records a forfeit without giving the credit back', () => {
    const forfeit = settleCredit(used.wallet, settle('late'));
    const { wallet } = after(used.node, forfeit.change);
    expect(forfeit.state).toBe('forfeited');
    expect(wallet.credits).not.toHaveProperty('sooner');
    expect(wallet.outbox['forfeit-b1']).toMatchObject({ type: 'forfeit', delta: 0 });
  });

  it('says the class was cancelled by the studio in the ledger', () => {
    const { wallet } = after(
      used.node,
      settleCredit(used.wallet, settle('class-cancelled')).change,
    );
    expect(wallet.outbox['refund-b1']?.reason).toBe(
      'Class cancelled by the studio: credit returned',
    );
  });

  it('voids a booking that never consumed a credit', () => {
    const fresh = readWallet(stored, 'Users/u1');
    const voided = settleCredit(fresh, settle('refund'));
    expect(voided.state).toBe('void');
    expect(after(stored, voided.change).wallet.credits).toEqual(fresh.credits);
  });

  it('gives a refund its own id when the credit id was granted again meanwhile', () => {
    const regranted = after(used.node, { addCredits: { sooner: credit(START + 9 * DAY) } });
    const { wallet } = after(
      regranted.node,
      settleCredit(regranted.wallet, settle('refund')).change,
    );
    expect(Object.keys(wallet.credits).sort()).toEqual(['later', 'refund-b1', 'sooner']);
  });
});

describe('consumeOrVoid', () => {
  const request = (wallet: Wallet) =>
    consumeOrVoid(wallet, { uid: 'u1', bookingId: 'b1', classId: 'k1', cls, nowMs: NOW });

  it('finishes a stopped booking with the member’s credit when there is one', () => {
    const outcome = request(readWallet(stored, 'Users/u1'));
    expect(outcome.state).toBe('used');
    expect(outcome.change.removeCredits).toEqual(['sooner']);
  });

  it('voids it in the same step when there is none, and then never consumes for it', () => {
    const broke = { Conditions: true };
    const outcome = request(readWallet(broke, 'Users/u1'));
    expect(outcome.state).toBe('void');
    const voided = after(broke, outcome.change).node;
    const topped = after(voided, { addCredits: { c: credit(START + DAY) } });
    expect(consume(topped.wallet)).toMatchObject({ messageKey: 'tryAgain' });
    expect(request(topped.wallet)).toEqual({ change: {}, state: 'void' });
  });
});

describe('expiry, pruning and adjustments', () => {
  it('expires credits past their expiry with one ledger entry per kind', () => {
    const user = {
      Conditions: true,
      'credits-list': {
        a: credit(NOW - 1),
        b: credit(NOW),
        c: credit(NOW + 1),
        d: credit(NOW - 5, { kind: 'special' }),
      },
    };
    const { change, expired } = expireCredits(readWallet(user, 'Users/u1'), {
      runId: 'r1',
      nowMs: NOW,
    });
    expect(expired).toBe(3);
    const { node, wallet } = after(user, change);
    expect(Object.keys(wallet.credits)).toEqual(['c']);
    expect(node.Credits).toBe(1);
    expect(wallet.outbox['expire-r1-regular']).toMatchObject({ delta: -2, creditIds: ['a', 'b'] });
    expect(wallet.outbox['expire-r1-special']).toMatchObject({ delta: -1 });
  });

  it('prunes booking records of classes long past', () => {
    const used = after(stored, ok(consume(readWallet(stored, 'Users/u1'))).change);
    expect(pruneBookingCredits(used.wallet, { nowMs: START + DAY, retentionMs: 2 * DAY })).toEqual(
      {},
    );
    const pruned = pruneBookingCredits(used.wallet, {
      nowMs: START + 2 * DAY,
      retentionMs: 2 * DAY,
    });
    expect(after(used.node, pruned).wallet.bookingCredits).toEqual({});
  });

  const adjust = (delta: number) => ({
    adjustId: 'a1',
    kind: 'regular' as const,
    delta,
    reason: 'Goodwill',
    nowMs: NOW,
    validityDays: 30,
    by: 'admin',
  });

  it('adds credits with ids from the adjustment and the admin’s reason', () => {
    const added = ok(adjustWallet(readWallet(stored, 'Users/u1'), adjust(2)));
    expect(added.balance).toBe(4);
    const { wallet, node } = after(stored, added.change);
    expect(Object.keys(wallet.credits).sort()).toEqual([
      'adjust-a1-001',
      'adjust-a1-002',
      'later',
      'sooner',
    ]);
    expect(node.Credits).toBe(4);
    expect(wallet.outbox['adjust-a1']).toMatchObject({ delta: 2, reason: 'Goodwill' });
  });

  it('removes the soonest-expiring credits and refuses to go below zero', () => {
    const removed = ok(adjustWallet(readWallet(stored, 'Users/u1'), adjust(-1)));
    expect(removed.change.removeCredits).toEqual(['sooner']);
    expect(removed.balance).toBe(1);
    expect(adjustWallet(readWallet(stored, 'Users/u1'), adjust(-3))).toMatchObject({
      messageKey: 'negativeBalance',
    });
  });

  it('reads and rewrites a credit list the database returned as an array', () => {
    const listed = {
      Conditions: true,
      'credits-list': [null, credit(START + DAY), credit(START + 2 * DAY)],
    };
    const wallet = readWallet(listed, 'Users/u1');
    expect(Object.keys(wallet.credits)).toEqual(['1', '2']);
    const { node } = after(listed, ok(consume(wallet)).change);
    expect(node['credits-list']).toEqual({ '2': credit(START + 2 * DAY) });
  });

  it('treats a malformed credit list as our bug (internal)', () => {
    expect(() => readWallet({ 'credits-list': { x: { kind: 'gold' } } }, 'Users/u1')).toThrow(
      DomainError,
    );
  });
});
