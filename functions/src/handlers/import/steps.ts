// The three steps of an import, shared by the callables (the wizard) and `npm run admin --
// import` (the command line): start a run, import rows in batches, finish it.
import { DomainError, parseStored, paths, type AuditEntry } from '@studio/core';
import {
  importRowKey,
  importRunBatchSchema,
  parseRow,
  summariseVisits,
  importedVisitSchema,
  sourceKey,
  type FinishImportInput,
  type ImportCounts,
  type ImportEntity,
  type ImportRowsInput,
  type ImportRun,
  type ImportRunRow,
  type StartImportInput,
  startImportInputSchema,
  importRowsInputSchema,
  finishImportInputSchema,
  type RecordOf,
} from '@studio/core/import';
import { ServerValue } from 'firebase-admin/database';
import { newId } from '../../engine';
import { importBalanceRows } from './balances';
import { importCardRows } from './cards';
import { importMemberRows } from './members';
import { importMembershipRows } from './memberships';
import {
  IN_FLIGHT,
  mapPool,
  readRun,
  runAccounts,
  runContext,
  type ImportDeps,
  type RowResult,
  type RunContext,
} from './run';
import { importVisitRows } from './visits';

export const IMPORT_ACTION = 'importStudio';

export interface StartImportCommand extends StartImportInput {
  by: string;
}

/** A run record (and its audit entry, finished by `finishImport`); the mapping saved. */
export async function startImport(
  deps: ImportDeps,
  command: StartImportCommand,
): Promise<{ runId: string }> {
  const { by: _by, ...fields } = command;
  const input = startImportInputSchema.parse(fields);
  const { db } = deps;
  const now = deps.now();
  const runId = newId(db);
  const run: ImportRun = {
    source: input.source,
    by: command.by,
    dryRun: input.dryRun,
    status: 'running',
    files: input.files,
    counts: { created: 0, updated: 0, unchanged: 0, skipped: 0 },
    dateOrder: input.dateOrder,
    country: input.country,
    plans: input.plans,
    startedAt: now,
    updatedAt: now,
  };
  const audit: AuditEntry = {
    at: now,
    by: command.by,
    action: IMPORT_ACTION,
    target: paths.importRun(runId),
    details: { source: input.source, dryRun: input.dryRun, files: input.files, status: 'running' },
  };
  const writes: Record<string, unknown> = {
    [paths.importRun(runId)]: run,
    [paths.auditEntry(runId)]: audit,
  };
  if (!input.dryRun) {
    writes[paths.importMapping(input.source)] = {
      columns: input.columns,
      plans: input.plans,
      dateOrder: input.dateOrder,
      updatedAt: now,
      by: command.by,
    };
  }
  await db.ref().update(writes);
  return { runId };
}

export interface ImportRowsCommand extends ImportRowsInput {
  by: string;
}

interface Valid<E extends ImportEntity> {
  line: number;
  record: RecordOf[E];
}

/** A file's rows that parsed, imported as the kind of record the file holds. */
function importValid(
  deps: ImportDeps,
  ctx: RunContext,
  entity: ImportEntity,
  valid: Valid<ImportEntity>[],
): Promise<RowResult[]> {
  switch (entity) {
    case 'members':
      return importMemberRows(deps, ctx, valid as Valid<'members'>[]);
    case 'cards':
      return importCardRows(deps, ctx, valid as Valid<'cards'>[]);
    case 'balances':
      return importBalanceRows(deps, ctx, valid as Valid<'balances'>[]);
    case 'memberships':
      return importMembershipRows(deps, ctx, valid as Valid<'memberships'>[]);
    case 'visits':
      return importVisitRows(deps, ctx, valid as Valid<'visits'>[]);
  }
}

/**
 * One batch of one file: each row parsed again here (the boundary), then imported or explained.
 * The report lines and the counts are written with the batch; a batch sent twice counts twice in
 * the run's totals but changes no member (every write is keyed by the source's ids).
 */
export async function importRows(
  deps: ImportDeps,
  command: ImportRowsCommand,
): Promise<{ rows: RowResult[] }> {
  const { by: _by, ...fields } = command;
  const input = importRowsInputSchema.parse(fields);
  const ctx = await runContext(deps, input.runId, command.by);
  const file = ctx.run.files[input.file];
  if (file === undefined)
    throw new DomainError('invalid-argument', 'importFileNotFound', { file: input.file });
  const results = new Map<number, RowResult>();
  const valid: Valid<ImportEntity>[] = [];
  for (const row of input.rows) {
    if (row.duplicateOf !== undefined) {
      results.set(row.line, {
        line: row.line,
        outcome: 'skipped',
        problems: [{ reason: 'duplicateInFile', params: { line: row.duplicateOf } }],
      });
      continue;
    }
    const parsed = parseRow(file.entity, row.values, ctx.options);
    if (parsed.ok) valid.push({ line: row.line, record: parsed.record });
    else
      results.set(row.line, {
        line: row.line,
        id: row.values.id ?? row.values.clientId,
        outcome: 'skipped',
        problems: parsed.problems,
      });
  }
  for (const result of await importValid(deps, ctx, file.entity, valid))
    results.set(result.line, result);
  const rows = input.rows.map((row) => results.get(row.line) as RowResult);

  const writes: Record<string, unknown> = {};
  const counts: ImportCounts = { created: 0, updated: 0, unchanged: 0, skipped: 0 };
  const lines: ImportRunRow[] = [];
  for (const row of rows) {
    counts[row.outcome] += 1;
    const line: ImportRunRow = { file: input.file, line: row.line, outcome: row.outcome };
    if (row.id !== undefined) line.id = row.id.slice(0, 300);
    if (row.problems !== undefined && row.problems.length > 0) line.problems = row.problems;
    if (row.detail !== undefined) line.detail = row.detail.slice(0, 300);
    lines.push(line);
    if (row.historyOf !== undefined && !ctx.dryRun)
      writes[paths.importRunMember(ctx.runId, row.historyOf)] = true;
    const key = row.id === undefined ? undefined : sourceKey(row.id);
    if (ctx.dryRun && row.account !== undefined && key !== undefined)
      writes[paths.importDryRunMember(ctx.runId, key)] = row.account;
  }
  // The batch's lines under one path (keyed by its first line), not a path a row.
  const first = rows[0];
  if (first !== undefined)
    writes[paths.importRunBatch(ctx.runId, importRowKey(input.file, first.line))] = lines;
  for (const [outcome, count] of Object.entries(counts)) {
    if (count > 0)
      writes[`${paths.importRun(ctx.runId)}/counts/${outcome}`] = ServerValue.increment(count);
  }
  writes[`${paths.importRun(ctx.runId)}/updatedAt`] = deps.now();
  await deps.db.ref().update(writes);
  if (ctx.dryRun) {
    const known = runAccounts(ctx.runId);
    for (const row of rows) {
      const key = row.id === undefined ? undefined : sourceKey(row.id);
      if (row.account !== undefined && key !== undefined)
        known.set(key, { uid: row.account, planned: row.outcome === 'created' });
    }
  }
  // The accounts stay here: the caller gets what the report says.
  return { rows: rows.map(({ account: _account, ...row }) => row) };
}

export interface FinishImportCommand extends FinishImportInput {
  by: string;
}

/** Rebuilds the visit history of the members the run touched, then closes the run and its audit entry. */
export async function finishImport(
  deps: ImportDeps,
  command: FinishImportCommand,
): Promise<{ counts: ImportCounts; status: ImportRun['status'] }> {
  const { by: _by, ...fields } = command;
  const input = finishImportInputSchema.parse(fields);
  const { db } = deps;
  const run = await readRun(deps, input.runId);
  if (run.status !== 'running') return { counts: run.counts, status: run.status };
  const now = deps.now();
  // The members whose visits the run wrote, a page at a time; a page's key goes with its summary,
  // so a finish cut short starts again where it was.
  for (;;) {
    const page = (
      await db.ref(paths.importRunMembers(input.runId)).orderByKey().limitToFirst(1000).get()
    ).val() as Record<string, unknown> | null;
    const uids = Object.keys(page ?? {});
    if (uids.length === 0) break;
    const histories = await mapPool(uids, IN_FLIGHT, async (uid) => {
      const stored: unknown = (await db.ref(paths.importedVisits(uid)).get()).val();
      const visits = Object.values(stored ?? {})
        .map((visit) => importedVisitSchema.safeParse(visit))
        .filter((parsed) => parsed.success)
        .map((parsed) => parsed.data);
      return [paths.importedHistory(uid), summariseVisits(run.source, visits, now)] as const;
    });
    const writes: Record<string, unknown> = Object.fromEntries(histories);
    for (const uid of uids) writes[paths.importRunMember(input.runId, uid)] = null;
    await db.ref().update(writes);
  }
  const status = input.cancelled ? 'cancelled' : 'finished';
  if (run.dryRun) await db.ref(paths.importDryRunMembers(input.runId)).remove();
  await db.ref().update({
    [`${paths.importRun(input.runId)}/status`]: status,
    [`${paths.importRun(input.runId)}/finishedAt`]: now,
    [`${paths.importRun(input.runId)}/updatedAt`]: now,
    [`${paths.auditEntry(input.runId)}/details/status`]: status,
    [`${paths.auditEntry(input.runId)}/details/counts`]: run.counts,
  });
  return { counts: run.counts, status };
}

/**
 * The run's report lines in file and line order, a page of batches at a time. A batch sent
 * again under another first line (a retry cut differently) overlaps one before it: a line
 * already given is not given twice.
 */
export async function* runReport(deps: ImportDeps, runId: string): AsyncGenerator<ImportRunRow> {
  const PAGE = 20;
  let after: string | undefined;
  let last: ImportRunRow | undefined;
  for (;;) {
    let query = deps.db.ref(paths.importRunRows(runId)).orderByKey().limitToFirst(PAGE);
    if (after !== undefined) query = query.startAfter(after);
    const page = await query.get();
    const lines: ImportRunRow[] = [];
    let keys = 0;
    page.forEach((batch) => {
      keys += 1;
      after = batch.key ?? after;
      const path = paths.importRunBatch(runId, batch.key ?? '');
      lines.push(...parseStored(importRunBatchSchema, batch.val(), path));
    });
    lines.sort((a, b) => a.file - b.file || a.line - b.line);
    for (const line of lines) {
      if (
        last !== undefined &&
        (line.file < last.file || (line.file === last.file && line.line <= last.line))
      )
        continue;
      last = line;
      yield line;
    }
    if (keys < PAGE) return;
  }
}
