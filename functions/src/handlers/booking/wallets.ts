// Transactions on `Users/{uid}`: a member's credits, their booking records and the ledger
// outbox change together, and `Credits` is recomputed in the same write (design §4). The
// outbox is then copied to `CreditLedger/{uid}` in one atomic multi-path update.
import type { Database } from 'firebase-admin/database';
import { applyWalletChange, isEmptyChange, paths, readWallet } from '@studio/core';
import type { DomainError, LedgerEntry, Wallet, WalletChange } from '@studio/core';
import { UNCHANGED, transact } from './transact';

/** `changeWalletThen` with the ledger copy awaited before returning. */
export async function changeWallet<R>(
  db: Database,
  uid: string,
  nowMs: number,
  transition: (wallet: Wallet) => { change: WalletChange; result: R } | DomainError,
): Promise<R> {
  const { result, flushed } = await changeWalletThen(db, uid, nowMs, transition);
  await flushed;
  return result;
}

/**
 * The transaction, then the outbox copy started but not awaited, so the caller can overlap it
 * with its next writes (the copy is idempotent; after a crash the reconciler does it).
 */
export async function changeWalletThen<R>(
  db: Database,
  uid: string,
  nowMs: number,
  transition: (wallet: Wallet) => { change: WalletChange; result: R } | DomainError,
): Promise<{ result: R; flushed: Promise<number> }> {
  const path = paths.user(uid);
  const { result, outbox } = await transact(db.ref(path), (current) => {
    const wallet = readWallet(current, path);
    const outcome = transition(wallet);
    if (outcome instanceof Error) return outcome;
    const next = applyWalletChange(current, outcome.change, nowMs);
    const unchanged =
      isEmptyChange(outcome.change) && (current === null || wallet.count === next['Credits']);
    const after = unchanged ? wallet : readWallet(next, path);
    return {
      next: unchanged ? UNCHANGED : next,
      result: { result: outcome.result, outbox: after.outbox },
    };
  });
  return { result, flushed: flushOutbox(db, uid, outbox) };
}

/**
 * Copies outbox entries to the ledger and removes them from the outbox, atomically. The ids
 * and contents are fixed when the entries are created, so copying again (a retry, the
 * reconciler) rewrites the same entries.
 */
export async function flushOutbox(
  db: Database,
  uid: string,
  outbox: Readonly<Record<string, LedgerEntry>>,
): Promise<number> {
  const ids = Object.keys(outbox);
  if (ids.length === 0) return 0;
  const updates: Record<string, unknown> = {};
  for (const id of ids) {
    updates[paths.creditLedgerEntry(uid, id)] = outbox[id];
    updates[paths.ledgerOutboxEntry(uid, id)] = null;
  }
  await db.ref().update(updates);
  return ids.length;
}
