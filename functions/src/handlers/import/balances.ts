// Imported packs → credits with their original expiry, each in the member's own wallet
// transaction (core's `importBalance`), which also records what was granted: a second run
// changes nothing, and the launch-day file moves the count to what the old system says now. The
// ledger lines the transactions leave in the members' outboxes are copied in one write for the
// batch (with the directory's counts), then each outbox is emptied (engine/wallets.ts).
import { addDays, creditExpiry, paths, toEpoch, type LedgerEntry } from '@studio/core';
import {
  importBalance,
  lastUsableDay,
  sourceKey,
  storedImportedBalance,
  type BalanceRecord,
  type ImportBalanceStep,
} from '@studio/core/import';
import { changeWalletAlone, emptyOutbox } from '../../engine';
import { clientAccounts } from './clients';
import { IN_FLIGHT, mapPool, type ImportDeps, type RowResult, type RunContext } from './run';

interface BalanceRow {
  line: number;
  record: BalanceRecord;
}

function detailOf(
  step: Pick<ImportBalanceStep, 'outcome' | 'delta'>,
  remaining: number,
  date: string,
): string {
  if (step.outcome === 'created') return `${remaining} credits, expire ${date}`;
  if (step.outcome === 'updated')
    return `${remaining} credits (${step.delta >= 0 ? '+' : ''}${step.delta}), expire ${date}`;
  return `${remaining} credits, expire ${date}`;
}

export async function importBalanceRows(
  deps: ImportDeps,
  ctx: RunContext,
  rows: readonly BalanceRow[],
): Promise<RowResult[]> {
  const accounts = await clientAccounts(
    deps,
    ctx,
    rows.map((row) => row.record.clientId),
  );
  const outboxes = new Map<string, Record<string, LedgerEntry>>();
  const counts = new Map<string, number>();
  const results = await mapPool(rows, IN_FLIGHT, async ({ line, record }): Promise<RowResult> => {
    const base = { line, id: record.id };
    const account = accounts.get(record.clientId);
    if (account === undefined)
      return {
        ...base,
        outcome: 'skipped',
        problems: [{ reason: 'unknownMember', field: 'clientId' }],
      };
    const { uid } = account;
    const expiresAt =
      record.expiresOn === undefined
        ? creditExpiry(ctx.nowMs, ctx.validityDays)
        : toEpoch(addDays(record.expiresOn, 1), '00:00', ctx.timeZone);
    const key = sourceKey(record.id) ?? '';
    const date = lastUsableDay(expiresAt, ctx.timeZone);
    if (expiresAt <= ctx.nowMs && record.remaining > 0) {
      return {
        ...base,
        outcome: 'skipped',
        problems: [{ reason: 'expired', field: 'expiresAt', params: { date } }],
      };
    }
    const request = {
      key,
      sourceName: ctx.sourceName,
      kind: record.kind,
      remaining: record.remaining,
      expiresAt,
      nowMs: ctx.nowMs,
      runId: ctx.runId,
      by: ctx.by,
      timeZone: ctx.timeZone,
    };
    if (ctx.dryRun) {
      const node = account.planned
        ? null
        : ((await deps.db.ref(paths.user(uid)).get()).val() as unknown);
      const previous = storedImportedBalance(node, key, paths.user(uid));
      if (previous === undefined && record.remaining === 0) {
        return {
          ...base,
          outcome: 'skipped',
          problems: [{ reason: 'emptyBalance', field: 'remaining' }],
        };
      }
      const outcome =
        previous === undefined
          ? 'created'
          : previous.remaining === record.remaining && previous.expiresAt === expiresAt
            ? 'unchanged'
            : 'updated';
      const delta = record.remaining - (previous?.remaining ?? 0);
      return { ...base, outcome, detail: detailOf({ outcome, delta }, record.remaining, date) };
    }
    const committed = await changeWalletAlone(deps.db, uid, ctx.nowMs, (wallet, node) => {
      const stored = storedImportedBalance(node, key, paths.user(uid));
      if (stored === undefined && record.remaining === 0) {
        return { change: {}, result: undefined };
      }
      const next = importBalance(wallet, node, request);
      return { change: next.change, fields: next.fields, result: next };
    });
    // Two packs of one member commit one after the other: the later count is the member's.
    outboxes.set(uid, { ...outboxes.get(uid), ...committed.outbox });
    if (committed.credits !== undefined) counts.set(uid, committed.credits);
    const step = committed.result;
    if (step === undefined) {
      return {
        ...base,
        outcome: 'skipped',
        problems: [{ reason: 'emptyBalance', field: 'remaining' }],
      };
    }
    return { ...base, outcome: step.outcome, detail: detailOf(step, record.remaining, date) };
  });
  const copies: Record<string, unknown> = {};
  for (const [uid, outbox] of outboxes)
    for (const [id, entry] of Object.entries(outbox))
      copies[`${paths.creditLedger(uid)}/${id}`] = entry;
  for (const [uid, credits] of counts) copies[paths.userDirectoryField(uid, 'credits')] = credits;
  if (Object.keys(copies).length > 0) await deps.db.ref().update(copies);
  await mapPool([...outboxes], IN_FLIGHT, ([uid, outbox]) =>
    emptyOutbox(deps.db, uid, Object.keys(outbox)),
  );
  return results;
}
