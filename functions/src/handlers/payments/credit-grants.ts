// Credit movements caused by money: grants for purchases and subscription periods, revocations
// after refunds, and expiry. They go through the booking engine's wallet transaction
// (`changeWallet`: one transaction on `Users/{uid}` that changes the credits, recomputes
// `Credits` and puts the ledger entry in the outbox, flushed to `CreditLedger/{uid}` after), so
// money and bookings keep the same invariants. Ledger ids derive from the business id (checkout
// session, invoice, refund), so a replayed movement writes nothing new.
import {
  applyWalletChange,
  creditExpiry,
  creditIdsFor,
  expireCredits as expireWalletCredits,
  isEmptyChange,
  ledgerEntry,
  paths,
  readWallet,
} from '@studio/core';
import type {
  CreditEntry,
  CreditKind,
  LedgerEntry,
  MessageKey,
  MessageParams,
  Wallet,
  WalletChange,
} from '@studio/core';
import type { Database } from 'firebase-admin/database';
import { UNCHANGED, transact } from '../booking/transact';
import { changeWallet, flushOutbox } from '../booking/wallets';
import { NO_PAYMENT_FAULTS } from './deps';
import type { PaymentFaults } from './deps';

/** Who moves credits here: webhooks and the scheduled job. */
const SYSTEM = 'system';

export interface GrantCommand {
  uid: string;
  kind: CreditKind;
  count: number;
  source: 'purchase' | 'subscription';
  /** Checkout session id or invoice id: what the credits and the ledger entry name. */
  sourceId: string;
  /** The grant's own key (the source id, or source id plus cart line): ids derive from it. */
  key: string;
  packageId?: string | undefined;
  validityDays: number;
  reasonKey: MessageKey;
  reasonParams?: MessageParams;
}

export interface RevokeCommand {
  uid: string;
  /** The purchase whose credits go: checkout session id or invoice id. */
  sourceId: string;
  /** The refund behind it: the ledger id derives from it. */
  refundKey: string;
  /** At most this many credits (a partial refund revokes a share). */
  maxCount: number;
}

export function grantLedgerId(key: string): string {
  return `grant-${key}`;
}

export function revokeLedgerId(refundKey: string): string {
  return `revoke-${refundKey}`;
}

async function ledgerEntryExists(db: Database, uid: string, entryId: string): Promise<boolean> {
  return (await db.ref(paths.creditLedgerEntry(uid, entryId)).get()).exists();
}

/**
 * Whether a movement was applied: its ledger entry is in the ledger (checked before the
 * transaction) or still in the wallet's outbox (checked inside it).
 */
function inOutbox(wallet: Wallet, entryId: string): boolean {
  return wallet.outbox[entryId] !== undefined;
}

/**
 * The wallet transaction of `changeWallet` without the ledger copy: the caller copies the outbox
 * itself, so the crash point between the two (decision 051) can be reached in tests.
 */
async function commitWallet<R>(
  db: Database,
  uid: string,
  nowMs: number,
  transition: (wallet: Wallet) => { change: WalletChange; result: R },
): Promise<{ result: R; outbox: Readonly<Record<string, LedgerEntry>> }> {
  const path = paths.user(uid);
  return transact(db.ref(path), (current) => {
    const wallet = readWallet(current, path);
    const { change, result } = transition(wallet);
    const next = applyWalletChange(current, change, nowMs);
    const unchanged =
      isEmptyChange(change) && (current === null || wallet.count === next['Credits']);
    const after = unchanged ? wallet : readWallet(next, path);
    return { next: unchanged ? UNCHANGED : next, result: { result, outbox: after.outbox } };
  });
}

/**
 * Adds the credits of one purchase, every line of it, exactly once, in ONE transaction on
 * `Users/{uid}`: the credits, `Credits` and each line's ledger entry (in the outbox) commit
 * together or not at all; the outbox is then copied to `CreditLedger/{uid}` (decision 051).
 * A line counts as applied when its ledger entry is in the ledger (checked before the
 * transaction) or in the outbox, or one of its credit ids is still in the list (credits used
 * since are gone from the list, so one present is the test, not all). Whatever the outbox holds
 * is copied, so a call after a crash between the transaction and the copy finishes the copy.
 * Returns how many credits this call added.
 */
export async function grantCredits(
  db: Database,
  commands: readonly GrantCommand[],
  now: number,
  faults: PaymentFaults = NO_PAYMENT_FAULTS,
): Promise<number> {
  const [first] = commands;
  if (first === undefined) return 0;
  const { uid } = first;
  if (commands.some((command) => command.uid !== uid))
    throw new Error('one grant moves the credits of one member');
  const ledgered = await Promise.all(
    commands.map((command) => ledgerEntryExists(db, uid, grantLedgerId(command.key))),
  );
  const pending = commands.filter((_, index) => ledgered[index] !== true);
  // Every line is in the ledger: granted and copied, nothing to finish.
  if (pending.length === 0) return 0;

  const { result: added, outbox } = await commitWallet(db, uid, now, (wallet) => {
    const addCredits: Record<string, CreditEntry> = {};
    const entries: Record<string, LedgerEntry> = {};
    let count = 0;
    for (const command of pending) {
      const entryId = grantLedgerId(command.key);
      const ids = creditIdsFor(command.key, command.count);
      if (inOutbox(wallet, entryId) || ids.some((id) => wallet.credits[id] !== undefined)) continue;
      const credit: CreditEntry = {
        kind: command.kind,
        source: command.source,
        sourceId: command.sourceId,
        grantedAt: now,
        expiresAt: creditExpiry(now, command.validityDays),
      };
      if (command.packageId !== undefined) credit.packageId = command.packageId;
      for (const id of ids) addCredits[id] = credit;
      entries[entryId] = ledgerEntry({
        type: 'grant',
        kind: command.kind,
        delta: command.count,
        reasonKey: command.reasonKey,
        reasonParams: command.reasonParams,
        creditIds: ids,
        sourceId: command.sourceId,
        at: now,
        by: SYSTEM,
      });
      count += command.count;
    }
    return {
      result: count,
      change: count === 0 ? {} : { addCredits, outbox: entries },
    };
  });
  const where = { uid, sourceId: first.sourceId };
  await faults.at('after-credits', where);
  await flushOutbox(db, uid, outbox);
  await faults.at('after-ledger', where);
  return added;
}

/**
 * Removes the purchase's credits that are still unused (in the list and not held by a booking in
 * flight), at most `maxCount`, exactly once per refund. Returns how many were removed.
 */
export async function revokeUnusedCredits(
  db: Database,
  command: RevokeCommand,
  now: number,
): Promise<number> {
  const entryId = revokeLedgerId(command.refundKey);
  if (await ledgerEntryExists(db, command.uid, entryId)) return 0;

  return changeWallet(db, command.uid, now, (wallet) => {
    if (inOutbox(wallet, entryId)) return { change: {}, result: 0 };
    const unused = Object.entries(wallet.credits)
      .filter(([, credit]) => credit.sourceId === command.sourceId && credit.hold === undefined)
      .map(([id, credit]) => ({ id, kind: credit.kind }))
      .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .slice(0, Math.max(0, command.maxCount));
    const [first] = unused;
    if (first === undefined) return { change: {}, result: 0 };
    const ids = unused.map((entry) => entry.id).sort();
    return {
      result: ids.length,
      change: {
        removeCredits: ids,
        outbox: {
          [entryId]: ledgerEntry({
            type: 'revoke',
            kind: first.kind,
            delta: -ids.length,
            reasonKey: 'ledgerRevoke',
            creditIds: ids,
            sourceId: command.sourceId,
            at: now,
            by: SYSTEM,
          }),
        },
      },
    };
  });
}

/**
 * Removes a member's expired credits with the booking engine's expiry rule (one `expire` ledger
 * entry per kind, keyed by this run). Returns how many expired.
 */
export async function expireCredits(
  db: Database,
  uid: string,
  runId: string,
  now: number,
): Promise<number> {
  return changeWallet(db, uid, now, (wallet) => {
    const { change, expired } = expireWalletCredits(wallet, { runId, nowMs: now });
    return { change, result: expired };
  });
}
