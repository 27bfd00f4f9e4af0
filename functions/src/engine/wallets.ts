// Transactions on `Users/{uid}`: a member's credits, their booking records and the ledger
// outbox change together, and `Credits` is recomputed in the same write. The
// outbox is then copied to `CreditLedger/{uid}` (two writes, `flushOutbox`). Bookings and
// payments both move credits through `changeWallet` / `changeWalletThen`, and nothing else.
import { logger } from 'firebase-functions/logger';
import type { Database } from 'firebase-admin/database';
import { applyWalletChange, isEmptyChange, paths, readWallet } from '@studio/core';
import type { DomainError, LedgerEntry, Wallet, WalletChange } from '@studio/core';
import { mirrorDirectoryCredits } from './directory';
import { UNCHANGED, transact } from './transact';

/** `changeWalletThen` with the ledger copy awaited before returning. */
export async function changeWallet<R>(
  db: Database,
  uid: string,
  nowMs: number,
  transition: WalletTransition<R>,
): Promise<R> {
  const { result, flushed } = await changeWalletThen(db, uid, nowMs, transition);
  await flushed;
  return result;
}

export interface WalletStep<R> {
  change: WalletChange;
  result: R;
  /**
   * Other fields of the member's node to set in the same transaction (a payment's
   * `purchase-returns`, which must move with the credits it takes back).
   */
  fields?: Readonly<Record<string, unknown>> | undefined;
}

/** Decides on the member's wallet; `node` is the whole stored `Users/{uid}` it was read from. */
export type WalletTransition<R> = (wallet: Wallet, node: unknown) => WalletStep<R> | DomainError;

/**
 * The transaction, then the outbox copy started but not awaited, so the caller can overlap it
 * with its next writes (the copy is idempotent; after a crash the reconciler does it).
 */
export async function changeWalletThen<R>(
  db: Database,
  uid: string,
  nowMs: number,
  transition: WalletTransition<R>,
): Promise<{ result: R; flushed: Promise<number> }> {
  const { result, outbox, credits } = await changeWalletAlone(db, uid, nowMs, transition);
  const flushed = flushOutbox(db, uid, outbox);
  if (credits === undefined) return { result, flushed };
  // The copy is a convenience for the admins' list: a failed write must not fail the member's
  // committed change (the next change or the directory backfill puts it right).
  const mirrored = mirrorDirectoryCredits(db, uid, credits).catch((error: unknown) =>
    logger.warn('Directory credits copy failed', { uid, error: String(error) }),
  );
  return { result, flushed: Promise.all([flushed, mirrored]).then(([copied]) => copied) };
}

export interface WalletCommitted<R> {
  result: R;
  /** The member's outbox after the commit: to copy to the ledger (`flushOutbox`). */
  outbox: Readonly<Record<string, LedgerEntry>>;
  /** The count, when it moved: for the directory's copy. */
  credits: number | undefined;
}

/**
 * The transaction alone, for a caller that copies many members' outboxes and counts in one
 * write of its own (an import's batch) and then empties each outbox (`emptyOutbox`).
 */
export async function changeWalletAlone<R>(
  db: Database,
  uid: string,
  nowMs: number,
  transition: WalletTransition<R>,
): Promise<WalletCommitted<R>> {
  const path = paths.user(uid);
  return transact(db.ref(path), (current) => {
    const wallet = readWallet(current, path);
    const outcome = transition(wallet, current);
    if (outcome instanceof Error) return outcome;
    const next = applyWalletChange(current, outcome.change, nowMs);
    const fields = outcome.fields ?? {};
    Object.assign(next, fields);
    const unchanged =
      Object.keys(fields).length === 0 &&
      isEmptyChange(outcome.change) &&
      (current === null || wallet.count === next['Credits']);
    const after = unchanged ? wallet : readWallet(next, path);
    // The admins' directory shows the count: mirrored after the commit when it moved.
    const credits = after.count !== wallet.count ? after.count : undefined;
    return {
      next: unchanged ? UNCHANGED : next,
      result: { result: outcome.result, outbox: after.outbox, credits },
    };
  });
}

/**
 * Copies outbox entries to the ledger, then removes them from the outbox. The ids and
 * contents are fixed when the entries are created, so copying again (a retry, the reconciler)
 * rewrites the same entries; between the two writes an entry is in both places under one id,
 * which every reader counts once (ledger and outbox are merged by id). Two writes under each
 * member instead of one multi-path write at the root: the SDK handles a root write by walking
 * every listened node and re-running every pending transaction of the instance, which in a
 * class release cost more than everything else a booking does.
 *
 * The removal is a transaction, not an `update()`: the outbox lies under `Users/{uid}`, where
 * another call of this instance may have a wallet transaction waiting for the server, and an
 * update of two or more keys there makes the SDK drop that transaction, whose promise then
 * never settles (functions/src/engine/README.md#one-process-many-calls).
 */
export async function flushOutbox(
  db: Database,
  uid: string,
  outbox: Readonly<Record<string, LedgerEntry>>,
): Promise<number> {
  const ids = Object.keys(outbox);
  if (ids.length === 0) return 0;
  const copies: Record<string, unknown> = {};
  for (const id of ids) copies[id] = outbox[id];
  await db.ref(paths.creditLedger(uid)).update(copies);
  await emptyOutbox(db, uid, ids);
  return ids.length;
}

/** Takes `ids`, already copied to the ledger, out of the member's outbox (a transaction). */
export async function emptyOutbox(
  db: Database,
  uid: string,
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .ref(paths.ledgerOutbox(uid))
    .transaction((current: unknown) => withoutKeys(current, ids), undefined, false);
}

/** `current` without `keys` (null when nothing is left): the outbox once its entries are copied. */
function withoutKeys(current: unknown, keys: readonly string[]): unknown {
  if (current === null || typeof current !== 'object') return null;
  const rest: Record<string, unknown> = { ...(current as Record<string, unknown>) };
  for (const key of keys) delete rest[key];
  return Object.keys(rest).length === 0 ? null : rest;
}
