// Credit movements caused by money: grants for purchases and subscription periods, take-backs
// and holds after refunds and disputes, and expiry. They go through the engine's wallet
// transaction (`changeWallet`: one transaction on `Users/{uid}` that changes the credits,
// recomputes `Credits` and puts the ledger entry in the outbox, flushed to `CreditLedger/{uid}`
// after), so money and bookings keep the same invariants. Ledger ids derive from the business
// id (checkout session, invoice, refund), so a replayed movement writes nothing new.
import {
  PURCHASE_RETURNS_FIELD,
  creditExpiry,
  creditIdsFor,
  expireCredits as expireWalletCredits,
  ledgerEntry,
  mergePurchaseReturn,
  parseStored,
  paths,
  purchaseReturnSchema,
  rtdbMap,
  settlePurchaseReturn,
} from '@studio/core';
import type {
  CreditEntry,
  CreditKind,
  LedgerEntry,
  MessageKey,
  MessageParams,
  PurchaseReturn,
  ReturnUpdate,
  Wallet,
  WalletChange,
} from '@studio/core';
import type { Database } from 'firebase-admin/database';
import { changeWallet } from '../../engine';

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

/** One line of what a paid purchase grants (`PurchaseRecord.grants`). */
interface PurchaseGrantLine {
  line: number;
  kind: CreditKind;
  count: number;
  packageId?: string | undefined;
  validityDays: number;
}

/** The key of a purchase's grant line: the payment's id when it grants one line, else id-line. */
export function purchaseGrantKey(
  paymentId: string,
  grants: readonly PurchaseGrantLine[],
  grant: PurchaseGrantLine,
): string {
  return grants.length === 1 ? paymentId : `${paymentId}-${grant.line}`;
}

/** What a paid purchase grants, one command per line of its record. */
export function purchaseGrantCommands(
  paymentId: string,
  record: { uid: string; grants?: readonly PurchaseGrantLine[] | undefined },
): GrantCommand[] {
  const grants = record.grants ?? [];
  return grants.map((grant) => ({
    uid: record.uid,
    kind: grant.kind,
    count: grant.count,
    source: 'purchase',
    sourceId: paymentId,
    key: purchaseGrantKey(paymentId, grants, grant),
    packageId: grant.packageId,
    validityDays: grant.validityDays,
    reasonKey: 'ledgerGrantPurchase',
    reasonParams: { count: grant.count },
  }));
}

/** A refund or dispute on one purchase (checkout session or invoice). */
export interface ReturnCommand {
  uid: string;
  purchaseId: string;
  /** The purchase's grant keys: `grant-{key}` ledger entries record the credits it created. */
  grantKeys: readonly string[];
  update: ReturnUpdate;
}

export interface ReturnOutcome {
  taken: number;
  held: number;
  released: number;
  state: PurchaseReturn;
}

export function grantLedgerId(key: string): string {
  return `grant-${key}`;
}

const returnsSchema = rtdbMap(purchaseReturnSchema);
type Returns = Record<string, PurchaseReturn>;

function readReturns(user: unknown, path: string): Returns {
  const node = typeof user === 'object' && user !== null ? (user as Record<string, unknown>) : {};
  return parseStored(returnsSchema, node[PURCHASE_RETURNS_FIELD] ?? {}, path);
}

/** `change` followed by `then`, where `then` may remove or replace credits `change` adds. */
function compose(change: WalletChange, then: WalletChange): WalletChange {
  const addCredits = { ...change.addCredits };
  const removeCredits = [...(change.removeCredits ?? [])];
  for (const id of then.removeCredits ?? []) {
    if (addCredits[id] !== undefined) delete addCredits[id];
    else removeCredits.push(id);
  }
  Object.assign(addCredits, then.addCredits);
  return {
    ...change,
    addCredits,
    removeCredits,
    outbox: { ...change.outbox, ...then.outbox },
  };
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
 * `changeWallet` with the member's purchase returns (`purchase-returns`, in the same node) read
 * and written in the same transaction, so a take-back and the state it settles move together.
 */
async function changeWalletAndReturns<R>(
  db: Database,
  uid: string,
  nowMs: number,
  transition: (
    wallet: Wallet,
    returns: Readonly<Returns>,
  ) => { change: WalletChange; result: R; returns?: Returns },
): Promise<R> {
  const path = paths.user(uid);
  return changeWallet(db, uid, nowMs, (wallet, node) => {
    const stored = readReturns(node, path);
    const { change, result, returns } = transition(wallet, stored);
    const returnsChanged = returns !== undefined && Object.keys(returns).length > 0;
    const fields = returnsChanged ? { [PURCHASE_RETURNS_FIELD]: { ...stored, ...returns } } : {};
    return { change, result, fields };
  });
}

/**
 * Adds the credits of one purchase, every line of it, exactly once, in ONE transaction on
 * `Users/{uid}`: the credits, `Credits` and each line's ledger entry (in the outbox) commit
 * together or not at all; the outbox is then copied to `CreditLedger/{uid}`
 * (docs/architecture/payments.md#grants-exactly-once).
 * A line counts as applied when its ledger entry is in the ledger (checked before the
 * transaction) or in the outbox, or one of its credit ids is still in the list (credits used
 * since are gone from the list, so one present is the test, not all). Whatever the outbox holds
 * is copied, so a call after a crash between the transaction and the copy finishes the copy.
 * A refund or dispute that reached the purchase first (`purchase-returns`, same node) is applied
 * in the same transaction: a purchase refunded before it was fulfilled keeps nothing.
 * Returns how many credits this call added and kept.
 */
export async function grantCredits(
  db: Database,
  commands: readonly GrantCommand[],
  now: number,
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

  const purchaseId = first.sourceId;
  const granted = commands.reduce((sum, command) => sum + command.count, 0);
  return changeWalletAndReturns(db, uid, now, (wallet, returns) => {
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
    if (count === 0) return { result: 0, change: {} };
    const change: WalletChange = { addCredits, outbox: entries };
    const state = returns[purchaseId];
    if (state === undefined) return { result: count, change };
    const settled = settlePurchaseReturn(
      { ...wallet.credits, ...addCredits },
      { purchaseId, granted, state, nowMs: now },
    );
    return {
      result: count - settled.taken,
      change: compose(change, settled.change),
      returns: { [purchaseId]: settled.state },
    };
  });
}

/** Credits the purchase's grant created, from its ledger entries (undefined: none yet). */
function grantedFrom(entries: readonly (LedgerEntry | undefined)[]): number | undefined {
  const found = entries.filter((entry): entry is LedgerEntry => entry !== undefined);
  if (found.length === 0) return undefined;
  return found.reduce((sum, entry) => sum + Math.max(0, entry.delta), 0);
}

/** The wallet transaction gave up: the grant moved between the ledger read and the transaction. */
const GRANT_MOVED = Symbol('grant-moved');
const RETURN_ATTEMPTS = 3;

/**
 * Records a refund or dispute on a purchase (`purchase-returns`, in the member's node) and brings
 * the purchase's credits in line with it in the same transaction (`settlePurchaseReturn`): what
 * is taken back is a share of what the grant's own ledger entries say it created, not of today's
 * catalogue or settings. Before the grant the state is only recorded, and the grant applies it.
 */
export async function applyPurchaseReturn(
  db: Database,
  command: ReturnCommand,
  now: number,
): Promise<ReturnOutcome> {
  const { uid, purchaseId } = command;
  const entryIds = command.grantKeys.map(grantLedgerId);
  for (let attempt = 1; ; attempt += 1) {
    const ledgered = await Promise.all(
      entryIds.map(async (id) => {
        const raw: unknown = (await db.ref(paths.creditLedgerEntry(uid, id)).get()).val();
        return raw === null ? undefined : (raw as LedgerEntry);
      }),
    );
    const result = await changeWalletAndReturns<ReturnOutcome | typeof GRANT_MOVED>(
      db,
      uid,
      now,
      (wallet, returns) => {
        const entries = entryIds.map((id, i) => ledgered[i] ?? wallet.outbox[id]);
        const granted = grantedFrom(entries);
        const hasCredits = Object.values(wallet.credits).some((c) => c.sourceId === purchaseId);
        // Credits of the purchase but no grant entry seen: the grant's ledger copy ran between
        // the read and this transaction; read again rather than guess the count.
        if (granted === undefined && hasCredits) return { result: GRANT_MOVED, change: {} };
        const state = mergePurchaseReturn(returns[purchaseId], command.update, now);
        const settled = settlePurchaseReturn(wallet.credits, {
          purchaseId,
          granted,
          state,
          nowMs: now,
        });
        return {
          result: {
            taken: settled.taken,
            held: settled.held,
            released: settled.released,
            state: settled.state,
          },
          change: settled.change,
          returns: { [purchaseId]: settled.state },
        };
      },
    );
    if (result !== GRANT_MOVED) return result;
    if (attempt >= RETURN_ATTEMPTS) throw new Error(`grant of ${purchaseId} kept moving`);
  }
}

/**
 * Removes a member's expired credits with the engine's expiry rule (one `expire` ledger
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
