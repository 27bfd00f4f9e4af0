// Credit movements caused by money: grants for purchases and subscription periods, revocations
// after refunds, and expiry. They go through the booking engine's wallet transaction
// (`changeWallet`: one transaction on `Users/{uid}` that changes the credits, recomputes
// `Credits` and puts the ledger entry in the outbox, flushed to `CreditLedger/{uid}` after), so
// money and bookings keep the same invariants. Ledger ids derive from the business id (checkout
// session, invoice, refund), so a replayed movement writes nothing new.
import {
  creditExpiry,
  creditIdsFor,
  expireCredits as expireWalletCredits,
  ledgerEntry,
  paths,
} from '@studio/core';
import type { CreditEntry, CreditKind, MessageKey, MessageParams, Wallet } from '@studio/core';
import type { Database } from 'firebase-admin/database';
import { changeWallet } from '../booking/wallets';

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
 * Adds the credits of one grant, exactly once. Returns whether this call added them. Inside
 * the transaction, a credit id of this grant still in the list also means "applied" (credits
 * used since are gone from the list, so one present is the test, not all).
 */
export async function grantCredits(
  db: Database,
  command: GrantCommand,
  now: number,
): Promise<boolean> {
  const entryId = grantLedgerId(command.key);
  if (await ledgerEntryExists(db, command.uid, entryId)) return false;
  const ids = creditIdsFor(command.key, command.count);
  const credit: CreditEntry = {
    kind: command.kind,
    source: command.source,
    sourceId: command.sourceId,
    grantedAt: now,
    expiresAt: creditExpiry(now, command.validityDays),
  };
  if (command.packageId !== undefined) credit.packageId = command.packageId;

  return changeWallet(db, command.uid, now, (wallet) => {
    if (inOutbox(wallet, entryId) || ids.some((id) => wallet.credits[id] !== undefined))
      return { change: {}, result: false };
    return {
      result: true,
      change: {
        addCredits: Object.fromEntries(ids.map((id) => [id, credit])),
        outbox: {
          [entryId]: ledgerEntry({
            type: 'grant',
            kind: command.kind,
            delta: command.count,
            reasonKey: command.reasonKey,
            reasonParams: command.reasonParams,
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
