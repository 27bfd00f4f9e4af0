// Imported packs → credits with their original expiry, each in the member's own wallet
// transaction (core's `importBalance`), which also records what was granted: a second run
// changes nothing, and the launch-day file moves the count to what the old system says now.
import { addDays, creditExpiry, paths, toEpoch } from '@studio/core';
import {
  importBalance,
  lastUsableDay,
  sourceKey,
  storedImportedBalance,
  type BalanceRecord,
  type ImportBalanceStep,
} from '@studio/core/import';
import { changeWallet } from '../../engine';
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
  return mapPool(rows, IN_FLIGHT, async ({ line, record }): Promise<RowResult> => {
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
    const step = await changeWallet(deps.db, uid, ctx.nowMs, (wallet, node) => {
      const stored = storedImportedBalance(node, key, paths.user(uid));
      if (stored === undefined && record.remaining === 0) {
        return { change: {}, result: undefined };
      }
      const next = importBalance(wallet, node, request);
      return { change: next.change, fields: next.fields, result: next };
    });
    if (step === undefined) {
      return {
        ...base,
        outcome: 'skipped',
        problems: [{ reason: 'emptyBalance', field: 'remaining' }],
      };
    }
    return { ...base, outcome: step.outcome, detail: detailOf(step, record.remaining, date) };
  });
}
