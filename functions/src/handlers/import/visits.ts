// Imported visits → `ImportedVisits/{uid}/{key}`, one multi-path write per batch (the key is the
// visit's id in the old system, so writing it again changes nothing). The member's summary,
// `ImportedHistory/{uid}`, is rebuilt from all their visits when the run finishes.
import { paths } from '@studio/core';
import { sourceKey, type ImportedVisit, type VisitRecord } from '@studio/core/import';
import { clientAccounts } from './clients';
import type { ImportDeps, RowResult, RunContext } from './run';

interface VisitRow {
  line: number;
  record: VisitRecord;
}

function stored(record: VisitRecord, ctx: RunContext): ImportedVisit {
  const visit: ImportedVisit = { date: record.date, status: record.status, source: ctx.source };
  if (record.hour !== undefined) visit.hour = record.hour;
  if (record.className !== undefined) visit.className = record.className;
  return visit;
}

function sameVisit(stored: unknown, next: ImportedVisit | undefined): boolean {
  if (typeof stored !== 'object' || stored === null || next === undefined) return false;
  const before = stored as Record<string, unknown>;
  return (['date', 'hour', 'className', 'status', 'source'] as const).every(
    (field) => before[field] === next[field],
  );
}

export async function importVisitRows(
  deps: ImportDeps,
  ctx: RunContext,
  rows: readonly VisitRow[],
): Promise<RowResult[]> {
  const accounts = await clientAccounts(
    deps,
    ctx,
    rows.map((row) => row.record.clientId),
  );
  const writes: Record<string, ImportedVisit> = {};
  const planned = new Set<string>();
  const results = rows.map(({ line, record }): RowResult => {
    const account = accounts.get(record.clientId);
    if (account === undefined) {
      return {
        line,
        id: record.id,
        outcome: 'skipped',
        problems: [{ reason: 'unknownMember', field: 'clientId' }],
      };
    }
    const { uid } = account;
    writes[paths.importedVisit(uid, sourceKey(record.id) ?? '')] = stored(record, ctx);
    if (account.planned) planned.add(uid);
    return { line, id: record.id, outcome: 'created', historyOf: uid };
  });
  // Which of them were there already: read per member, one read each (a dry run's planned new
  // account has none).
  const byMember = new Map<string, RowResult[]>();
  for (const result of results) {
    if (result.historyOf === undefined || planned.has(result.historyOf)) continue;
    byMember.set(result.historyOf, [...(byMember.get(result.historyOf) ?? []), result]);
  }
  await Promise.all(
    [...byMember.entries()].map(async ([uid, memberRows]) => {
      const existing = (await deps.db.ref(paths.importedVisits(uid)).get()).val() as Record<
        string,
        unknown
      > | null;
      for (const result of memberRows) {
        const key = sourceKey(result.id ?? '') ?? '';
        const before = existing?.[key];
        if (before === undefined) continue;
        const path = paths.importedVisit(uid, key);
        result.outcome = sameVisit(before, writes[path]) ? 'unchanged' : 'updated';
      }
    }),
  );
  if (!ctx.dryRun && Object.keys(writes).length > 0) await deps.db.ref().update(writes);
  return results;
}
