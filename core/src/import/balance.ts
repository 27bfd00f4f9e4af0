/**
 * An imported pack's credits in the member's wallet, as a pure transition of the wallet
 * transaction: the first import grants them with the pack's own expiry; a later import (the
 * launch-day file) brings the count and expiry to what the old system says now. What was
 * granted is kept in `Users/{uid}/imported-balances/{key}` in the same transaction, so a re-run
 * compares with what really happened, and a replay changes nothing.
 */
import { ledgerEntry } from '../booking/wallet';
import type { Wallet, WalletChange } from '../booking/wallet';
import { isCreditUsable } from '../booking/credits';
import { parseStored } from '../errors';
import { asRecord } from '../raw-data';
import type { CreditKind } from '../schemas/common';
import type { CreditEntry } from '../schemas/user';
import { formatDate } from '../time';
import { importedBalanceSchema, type ImportedBalance } from './schemas';

export const IMPORTED_BALANCES_FIELD = 'imported-balances';

export interface ImportBalanceRequest {
  /** `sourceKey` of the pack's id. */
  key: string;
  /** How the source is named in the ledger ("Mindbody"). */
  sourceName: string;
  kind: CreditKind;
  remaining: number;
  /** Exclusive: the first instant the credits are unusable. */
  expiresAt: number;
  nowMs: number;
  /** The run, naming the ledger entry of a change. */
  runId: string;
  by: string;
  timeZone: string;
}

export type ImportBalanceOutcome = 'created' | 'updated' | 'unchanged';

export interface ImportBalanceStep {
  outcome: ImportBalanceOutcome;
  change: WalletChange;
  /** The member's whole `imported-balances` node after the step (set with the change). */
  fields: Record<string, unknown>;
  /** Credits added (+) or taken (−); fewer than asked when some were already used here. */
  delta: number;
}

function creditId(key: string, n: number): string {
  return `import-${key}-${String(n).padStart(3, '0')}`;
}

/** The pack's record as stored, or none. */
export function storedImportedBalance(
  node: unknown,
  key: string,
  path: string,
): ImportedBalance | undefined {
  const stored = asRecord(asRecord(node)[IMPORTED_BALANCES_FIELD])[key];
  return stored === undefined || stored === null
    ? undefined
    : parseStored(importedBalanceSchema, stored, path);
}

/** The last day the credits can be used, as the ledger says it (the day before `expiresAt`). */
export function lastUsableDay(expiresAt: number, timeZone: string): string {
  return formatDate(expiresAt - 1, timeZone);
}

export function importBalance(
  wallet: Wallet,
  node: unknown,
  request: ImportBalanceRequest,
): ImportBalanceStep {
  const { key, kind, remaining, expiresAt, nowMs } = request;
  const all = asRecord(asRecord(node)[IMPORTED_BALANCES_FIELD]);
  const previous = storedImportedBalance(node, key, `Users/…/${IMPORTED_BALANCES_FIELD}/${key}`);
  const params = {
    source: request.sourceName,
    count: remaining,
    date: lastUsableDay(expiresAt, request.timeZone),
  };
  const record = (issued: number): Record<string, unknown> => ({
    [IMPORTED_BALANCES_FIELD]: {
      ...all,
      [key]: { remaining, expiresAt, issued, at: nowMs } satisfies ImportedBalance,
    },
  });

  if (previous === undefined) {
    const ids = Array.from({ length: remaining }, (_, i) => creditId(key, i + 1));
    const credit: CreditEntry = {
      kind,
      source: 'import',
      sourceId: key,
      grantedAt: nowMs,
      expiresAt,
    };
    return {
      outcome: 'created',
      delta: remaining,
      fields: record(remaining),
      change: {
        addCredits: Object.fromEntries(ids.map((id) => [id, credit])),
        outbox: {
          [`import-${key}`]: ledgerEntry({
            type: 'grant',
            kind,
            delta: remaining,
            reasonKey: 'ledgerImported',
            reasonParams: params,
            creditIds: ids,
            sourceId: key,
            at: nowMs,
            by: request.by,
          }),
        },
      },
    };
  }
  if (previous.remaining === remaining && previous.expiresAt === expiresAt) {
    return { outcome: 'unchanged', delta: 0, fields: {}, change: {} };
  }

  // This pack's credits still in the wallet and usable, soonest id first.
  const ownUsable = Object.entries(wallet.credits)
    .filter(([id, credit]) => id.startsWith(`import-${key}-`) && isCreditUsable(credit, nowMs))
    .map(([id]) => id)
    .sort();
  const wanted = remaining - previous.remaining;
  const added =
    wanted > 0
      ? Array.from({ length: wanted }, (_, i) => creditId(key, previous.issued + i + 1))
      : [];
  const removed = wanted < 0 ? ownUsable.slice(0, -wanted) : [];
  // A new expiry moves the pack's unused credits too: the old system's date is the truth.
  const moved =
    previous.expiresAt === expiresAt
      ? {}
      : Object.fromEntries(
          ownUsable
            .filter((id) => !removed.includes(id))
            .flatMap((id) => {
              const credit = wallet.credits[id];
              return credit === undefined ? [] : [[id, { ...credit, expiresAt }]];
            }),
        );
  const fresh: CreditEntry = { kind, source: 'import', sourceId: key, grantedAt: nowMs, expiresAt };
  const delta = added.length - removed.length;
  return {
    outcome: 'updated',
    delta,
    fields: record(previous.issued + added.length),
    change: {
      removeCredits: removed,
      addCredits: { ...moved, ...Object.fromEntries(added.map((id) => [id, fresh])) },
      outbox: {
        [`import-${key}-${request.runId}`]: ledgerEntry({
          type: 'adjust',
          kind,
          delta,
          reasonKey: 'ledgerImportUpdated',
          reasonParams: params,
          creditIds: [...added, ...removed],
          sourceId: key,
          at: nowMs,
          by: request.by,
        }),
      },
    },
  };
}
