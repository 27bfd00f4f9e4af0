// `npm run admin -- import <file…> [--source …] [--dry-run]`: the same engine as the wizard
// (functions/src/handlers/import/steps.ts) run in-process, fed from the files as streams, with a
// progress line and a CSV report. Every file is read and recognised before anything is written.
import { createWriteStream } from 'node:fs';
import { basename } from 'node:path';
import { once } from 'node:events';
import { parseStored, paths } from '@studio/core';
import {
  FileRows,
  IMPORT_ENTITIES,
  NotATableError,
  SOURCE_NAMES,
  importMappingSchema,
  MAX_IMPORT_BATCH,
  formatDuration,
  progressOf,
  reportHeader,
  reportLine,
  type DateOrder,
  type Detection,
  type ImportCounts,
  type ImportSource,
  type ManualColumns,
  type PreparedRow,
} from '@studio/core/import';
import { formatDate } from '@studio/core';
import type { CountryCode } from 'libphonenumber-js/min';
import {
  finishImport,
  importRows,
  runReport,
  startImport,
} from '../../functions/src/handlers/import/steps.ts';
import type { ImportDeps } from '../../functions/src/handlers/import/run.ts';
import { CommandError } from './admin-target.ts';
import { NotATableFile, countRows, readRows, sniffFile, type FileSniff } from './import-files.ts';

export interface ImportOptions {
  files: string[];
  /** Stripe's migration mapping files (old customer id → Stripe customer and card). */
  cardMappings?: string[] | undefined;
  source: ImportSource | undefined;
  dryRun: boolean;
  dateOrder: DateOrder | undefined;
  country: CountryCode;
  /** Where the CSV report goes (default `import-<run>.csv` in the current folder). */
  report: string | undefined;
  by: string;
}

interface PlannedFile {
  path: string;
  sniff: FileSniff;
  detection: Detection;
  rows: number;
}

/** US systems write month first; ours writes ISO. The admin's saved choice wins. */
function defaultDateOrder(source: ImportSource): DateOrder {
  return source === 'generic' ? 'ymd' : 'mdy';
}

async function headerOf(path: string, sniff: FileSniff): Promise<string[]> {
  for await (const { cells } of readRows(path, sniff)) return cells;
  throw new NotATableFile('it has no rows');
}

async function plan(
  options: ImportOptions,
  manual: Partial<Record<ImportSource, ManualColumns>>,
  source: ImportSource | undefined,
): Promise<PlannedFile[]> {
  const planned: PlannedFile[] = [];
  const cardFiles = new Set(options.cardMappings ?? []);
  for (const path of [...options.files, ...cardFiles]) {
    let sniff: FileSniff;
    let headers: string[];
    try {
      sniff = await sniffFile(path);
      headers = await headerOf(path, sniff);
    } catch (error) {
      const why = error instanceof NotATableFile ? error.message : (error as Error).message;
      throw new CommandError(
        `${path} cannot be read as a table (${why}). Expected a CSV or XLSX export with a header row.`,
      );
    }
    let detection: Detection;
    try {
      detection = new FileRows(
        headers,
        { source, manual, ...(cardFiles.has(path) ? { entity: 'cards' as const } : {}) },
        { dateOrder: 'ymd', country: 'MX', today: '2000-01-01' },
      ).detection;
    } catch (error) {
      if (error instanceof NotATableError) {
        throw new CommandError(
          `${path} is not a table: its first row should name the columns (e.g. "Client ID, First Name, Email").`,
        );
      }
      throw error;
    }
    if (detection.missing.length > 0) {
      throw new CommandError(
        `${path} looks like a ${SOURCE_NAMES[detection.source]} ${detection.entity} file but has no column for: ${detection.missing.join(', ')}. ` +
          `Its columns: ${headers.join(', ')}. Map them once in the wizard (/admin-import); the command line uses the saved mapping.`,
      );
    }
    planned.push({ path, sniff, detection, rows: await countRows(path, sniff) });
  }
  // Stripe's mapping reads the same whatever system the members came from.
  const sources = new Set(
    planned
      .filter((file) => file.detection.entity !== 'cards')
      .map((file) => file.detection.source),
  );
  if (sources.size > 1) {
    throw new CommandError(
      `The files look like exports of different systems (${[...sources].join(', ')}): name one with --source.`,
    );
  }
  return planned.sort(
    (a, b) =>
      IMPORT_ENTITIES.indexOf(a.detection.entity) - IMPORT_ENTITIES.indexOf(b.detection.entity),
  );
}

function progressLine(name: string, done: number, total: number, startedAt: number): string {
  const figures = progressOf(done, total, startedAt, Date.now());
  const left = figures.leftMs === undefined ? '…' : formatDuration(figures.leftMs);
  const bar = '█'.repeat(Math.round(figures.percent / 5)).padEnd(20, '░');
  return `  ${bar} ${String(figures.percent).padStart(3)}%  ${name}  ${done.toLocaleString('en')}/${total.toLocaleString('en')} rows  ${Math.round(figures.rate).toLocaleString('en')} rows/s  ${left} left`;
}

export interface ImportSummary {
  runId: string;
  counts: ImportCounts;
  status: 'finished' | 'cancelled';
  report: string;
}

export async function runImportCommand(
  deps: ImportDeps,
  options: ImportOptions,
  signal: AbortSignal,
): Promise<ImportSummary> {
  const mappings: Partial<Record<ImportSource, ManualColumns>> = {};
  const dateOrders: Partial<Record<ImportSource, DateOrder>> = {};
  const planChoices: Partial<Record<ImportSource, Record<string, string>>> = {};
  const saved = ((await deps.db.ref(paths.importMappings()).get()).val() ?? {}) as Record<
    string,
    unknown
  >;
  for (const [source, mapping] of Object.entries(saved)) {
    const parsed = parseStored(importMappingSchema, mapping, paths.importMapping(source));
    mappings[source as ImportSource] = parsed.columns;
    dateOrders[source as ImportSource] = parsed.dateOrder;
    planChoices[source as ImportSource] = parsed.plans ?? {};
  }
  const files = await plan(options, mappings, options.source);
  const source =
    options.source ??
    files.find((file) => file.detection.entity !== 'cards')?.detection.source ??
    'generic';
  const dateOrder = options.dateOrder ?? dateOrders[source] ?? defaultDateOrder(source);
  const readOptions = { dateOrder, country: options.country, today: formatDate(deps.now()) };

  const { runId } = await startImport(deps, {
    by: options.by,
    source,
    dryRun: options.dryRun,
    files: files.map((file) => ({
      name: basename(file.path).slice(0, 200),
      entity: file.detection.entity,
      rows: file.rows,
    })),
    columns: mappings[source] ?? {},
    plans: planChoices[source] ?? {},
    dateOrder,
    country: options.country,
  });
  const interactive = process.stderr.isTTY;
  console.error(
    `${options.dryRun ? 'Dry run' : 'Import'} ${runId} from ${SOURCE_NAMES[source]}: ` +
      files
        .map((file) => `${basename(file.path)} (${file.detection.entity}, ${file.rows} rows)`)
        .join(', '),
  );

  let cancelled = false;
  for (const [index, file] of files.entries()) {
    const rows = new FileRows(
      await headerOf(file.path, file.sniff),
      { source, entity: file.detection.entity, manual: mappings },
      readOptions,
    );
    const startedAt = Date.now();
    let done = 0;
    let lastPrinted = 0;
    const inFlight = new Set<Promise<void>>();
    const send = (batch: PreparedRow[]) => {
      const work = importRows(deps, {
        by: options.by,
        runId,
        file: index,
        rows: batch.map((row) => ({
          line: row.line,
          values: row.values,
          ...(row.duplicateOf ? { duplicateOf: row.duplicateOf } : {}),
        })),
      }).then(() => {
        done += batch.length;
        if (interactive || Date.now() - lastPrinted > 5000 || done === file.rows) {
          lastPrinted = Date.now();
          process.stderr.write(
            `${interactive ? '\r' : ''}${progressLine(basename(file.path), done, file.rows, startedAt)}${interactive ? '' : '\n'}`,
          );
        }
      });
      const tracked = work.finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
      return tracked;
    };
    let batch: PreparedRow[] = [];
    for await (const { row, cells } of readRows(file.path, file.sniff)) {
      if (row === 1) continue;
      if (signal.aborted) {
        cancelled = true;
        break;
      }
      const prepared = rows.row(cells, row);
      if (prepared === undefined) continue;
      batch.push(prepared);
      if (batch.length === MAX_IMPORT_BATCH) {
        void send(batch);
        batch = [];
        // Two batches in the air: the database works while the next one is read.
        if (inFlight.size >= 2) await Promise.race(inFlight);
      }
    }
    if (!cancelled && batch.length > 0) void send(batch);
    await Promise.all(inFlight);
    if (interactive) process.stderr.write('\n');
    if (cancelled) break;
  }

  const finished = await finishImport(deps, { by: options.by, runId, cancelled });
  const report = options.report ?? `import-${runId}.csv`;
  const out = createWriteStream(report);
  out.write(reportHeader('en'));
  const names = files.map((file) => basename(file.path));
  for await (const line of runReport(deps, runId)) {
    if (!out.write(reportLine(line, names[line.file] ?? '', 'en'))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return {
    runId,
    counts: finished.counts,
    status: finished.status === 'cancelled' ? 'cancelled' : 'finished',
    report,
  };
}
