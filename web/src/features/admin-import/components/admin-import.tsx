// The import wizard: files → what we could not match → first rows with their verdict → a dry
// run or the import, batch by batch with progress → what happened, with the report to download.
// Every row is parsed again by the functions; this screen only prepares and shows.
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  DATE_ORDERS,
  IMPORT_SOURCES,
  SOURCE_NAMES,
  fieldName,
  isImportSource,
  planNameKey,
  outcomeText,
  problemText,
  formatDuration,
  progressOf,
  reportHeader,
  reportLine,
  type CataloguePlan,
  type DateOrder,
  type ImportCounts,
  type ImportRowResult,
  type ImportSource,
  type ManualColumns,
  type PreparedRow,
  type RowProblem,
} from '@studio/core/import';
import { formatDate } from '@studio/core';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { callableErrorText, type ErrorText } from '../../../lib/callable-errors';
import { useLangStore, useT } from '../../../lib/i18n';
import type { AdminImportApi } from '../api/admin-import-api';
import { importMessages } from '../import-messages';
import '../admin-import.css';
import {
  UnreadableFile,
  batchesOf,
  csvTable,
  plansToMap,
  preparedRows,
  recogniseFiles,
  sheetTable,
  withColumn,
  type Recognised,
  type Table,
} from '../wizard';

const PREVIEW_ROWS = 5;

/**
 * A dropped file as a table: an XLSX workbook (a zip, "PK") by its first sheet; else CSV text in
 * UTF-8, or Windows-1252 when the bytes are not UTF-8 (Excel's "CSV" in Spanish).
 */
async function fileTable(file: File): Promise<Table> {
  const bytes = await file.arrayBuffer();
  const head = new Uint8Array(bytes, 0, Math.min(2, bytes.byteLength));
  if (head[0] === 0x50 && head[1] === 0x4b) {
    const { readSheet } = await import('read-excel-file/browser');
    return sheetTable(file.name, await readSheet(bytes));
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return csvTable(file.name, text);
}

/** One row of a file as a table line: where it is, its id, what becomes of it. */
interface RowLine {
  key: string;
  line: string;
  id: string | undefined;
  verdict: string;
}

/** The preview's and the result's tables of rows. */
function RowsTable({ caption, rows }: { caption: string; rows: readonly RowLine[] }) {
  const t = useT(importMessages);
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('line')}</th>
          <th scope="col">{t('rowId')}</th>
          <th scope="col">{t('verdict')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <td>{row.line}</td>
            <td>{row.id}</td>
            <td>{row.verdict}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface Outcome {
  dryRun: boolean;
  counts: ImportCounts;
  rows: (ImportRowResult & { file: number })[];
}

export function AdminImport({
  api,
  now = () => Date.now(),
}: {
  api: AdminImportApi;
  now?: () => number;
}) {
  const t = useT(importMessages);
  const appT = useT();
  const lang = useLangStore((state) => state.lang);
  const [tables, setTables] = useState<Table[]>([]);
  const [unreadable, setUnreadable] = useState<string>();
  const [chosenSource, setChosenSource] = useState<ImportSource | undefined>();
  const [manual, setManual] = useState<Partial<Record<ImportSource, ManualColumns>>>({});
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [dateOrder, setDateOrder] = useState<DateOrder | undefined>();
  const [catalogue, setCatalogue] = useState<CataloguePlan[]>([]);
  const [progress, setProgress] = useState<{ done: number; total: number; startedAt: number }>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [failure, setFailure] = useState<ErrorText>();
  const stop = useRef(false);

  useEffect(() => {
    // Without them the mapping step offers no plan and uses no saved choice; nothing else waits.
    api.readPlans().then(setCatalogue, () => setCatalogue([]));
    api.readMappings().then(
      (saved) => {
        setManual(Object.fromEntries(Object.entries(saved).map(([s, m]) => [s, m.columns])));
        setChoices(
          Object.assign({}, ...Object.values(saved).map((m) => m.plans ?? {})) as Record<
            string,
            string
          >,
        );
      },
      () => undefined,
    );
  }, [api]);

  const recognised = useMemo((): Recognised | string | undefined => {
    if (tables.length === 0) return undefined;
    try {
      return recogniseFiles(tables, { source: chosenSource, manual });
    } catch (error) {
      return error instanceof UnreadableFile ? error.message : String(error);
    }
  }, [tables, chosenSource, manual]);
  const ready = typeof recognised === 'object' ? recognised : undefined;
  const problem = unreadable ?? (typeof recognised === 'string' ? recognised : undefined);
  const source = ready?.source;
  const order = dateOrder ?? (source === 'generic' ? 'ymd' : 'mdy');
  const today = formatDate(now());
  const unknownPlans = ready ? plansToMap(ready, choices, catalogue) : [];
  const missing = ready?.files.some((file) => file.detection.missing.length > 0) ?? true;
  // Every row of every file, parsed once per mapping: the preview shows the first ones, the run
  // sends them all; a render during the run (each batch's progress) parses nothing again.
  const prepared = useMemo(
    () =>
      ready && !missing
        ? ready.files.map((file) =>
            preparedRows(file, ready.source, manual, { dateOrder: order, country: 'MX', today }),
          )
        : undefined,
    [ready, missing, manual, order, today],
  );
  const running = progress !== undefined && outcome === undefined && failure === undefined;

  const onFiles = async (list: FileList | null) => {
    setOutcome(undefined);
    setUnreadable(undefined);
    try {
      setTables(await Promise.all([...(list ?? [])].map(fileTable)));
    } catch (error) {
      setTables([]);
      setUnreadable(error instanceof Error ? error.message : String(error));
    }
  };

  const run = async (dryRun: boolean) => {
    if (!ready || !source || !prepared) return;
    stop.current = false;
    setOutcome(undefined);
    setFailure(undefined);
    const files = ready.files.map((file, index) => ({ file, rows: prepared[index] ?? [] }));
    const total = files.reduce((sum, file) => sum + file.rows.length, 0);
    const startedAt = now();
    setProgress({ done: 0, total, startedAt });
    try {
      const { runId } = await api.startImport({
        source,
        dryRun,
        files: files.map(({ file, rows }) => ({
          name: file.table.name.slice(0, 200),
          entity: file.detection.entity,
          rows: rows.length,
        })),
        columns: manual[source] ?? {},
        plans: choices,
        dateOrder: order,
        country: 'MX',
      });
      const results: Outcome['rows'] = [];
      let done = 0;
      for (const [index, { rows }] of files.entries()) {
        for (const batch of batchesOf(rows)) {
          if (stop.current) break;
          const answer = await api.importRows({ runId, file: index, rows: batch });
          results.push(...answer.rows.map((row) => ({ ...row, file: index })));
          done += batch.length;
          setProgress({ done, total, startedAt });
        }
      }
      const finished = await api.finishImport({ runId, cancelled: stop.current });
      setOutcome({ dryRun, counts: finished.counts, rows: results });
    } catch (error) {
      setFailure(callableErrorText(error));
    }
  };

  const report =
    outcome && ready
      ? reportHeader(lang) +
        outcome.rows
          .map((row) => reportLine(row, ready.files[row.file]?.table.name ?? '', lang))
          .join('')
      : '';
  const problemsText = (problems: readonly RowProblem[]) =>
    problems.map((problem) => problemText(problem, lang)).join(' ');
  const previewVerdict = (row: PreparedRow) => {
    if (row.duplicateOf !== undefined) {
      return problemText({ reason: 'duplicateInFile', params: { line: row.duplicateOf } }, lang);
    }
    if (row.parsed.ok) return t('willImport');
    return problemsText(row.parsed.problems);
  };
  const figures = progress
    ? progressOf(progress.done, progress.total, progress.startedAt, now())
    : undefined;
  let progressText = '';
  if (figures) {
    const counted = { done: figures.done, total: figures.total, rate: Math.round(figures.rate) };
    const left = figures.done < figures.total ? figures.leftMs : undefined;
    progressText =
      left === undefined
        ? t('progress', counted)
        : t('progressLeft', { ...counted, left: formatDuration(left) });
  }

  return (
    <section className="admin-import" aria-labelledby="admin-import-title">
      <h1 id="admin-import-title">{t('title')}</h1>
      <p>{t('intro')}</p>
      <div className="admin-import-files">
        <Field label={t('files')} hint={t('filesHint')}>
          <input
            type="file"
            accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            multiple
            onChange={(event) => void onFiles(event.target.files)}
          />
        </Field>
        <Field label={t('source')}>
          <select
            value={chosenSource ?? ''}
            onChange={(event) =>
              setChosenSource(isImportSource(event.target.value) ? event.target.value : undefined)
            }
          >
            <option value="">{t('sourceAuto')}</option>
            {IMPORT_SOURCES.map((name) => (
              <option key={name} value={name}>
                {SOURCE_NAMES[name]}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('dateOrder')}>
          <select value={order} onChange={(event) => setDateOrder(event.target.value as DateOrder)}>
            {DATE_ORDERS.map((value) => (
              <option key={value} value={value}>
                {t(value)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {problem !== undefined && <p role="alert">{t('unreadable', { detail: problem })}</p>}
      {ready && source && (
        <>
          <ul className="admin-import-recognised">
            {ready.files.map((file) => (
              <li key={file.table.name}>
                {t('fileLine', {
                  name: file.table.name,
                  entity: t(`entity-${file.detection.entity}`),
                  rows: file.table.rows.length,
                })}
              </li>
            ))}
          </ul>
          {(missing || unknownPlans.length > 0) && (
            <fieldset className="admin-import-map">
              <legend>{t('mapTitle')}</legend>
              {ready.files.flatMap((file) =>
                file.detection.missing.map((field) => (
                  <Field
                    key={`${file.table.name}-${field}`}
                    label={t('missingColumn', {
                      file: file.table.name,
                      field: fieldName(field, lang),
                    })}
                  >
                    <select
                      value=""
                      onChange={(event) =>
                        setManual({
                          ...manual,
                          [source]: withColumn(
                            manual[source] ?? {},
                            file,
                            event.target.value,
                            field,
                          ),
                        })
                      }
                    >
                      <option value="">{t('chooseColumn')}</option>
                      {file.table.headers.map((header) => (
                        <option key={header} value={header}>
                          {header}
                        </option>
                      ))}
                    </select>
                  </Field>
                )),
              )}
              {unknownPlans.map((name) => (
                <Field key={name} label={t('planFor', { name })}>
                  <select
                    value=""
                    onChange={(event) =>
                      setChoices({ ...choices, [planNameKey(name)]: event.target.value })
                    }
                  >
                    <option value="">{t('choosePlan')}</option>
                    {catalogue.map((plan) => (
                      <option key={plan.id} value={plan.id}>
                        {plan.name}
                      </option>
                    ))}
                  </select>
                </Field>
              ))}
            </fieldset>
          )}
          {!missing && (
            <div className="admin-import-preview">
              <h2>{t('previewTitle')}</h2>
              {ready.files.map((file, index) => (
                <RowsTable
                  key={file.table.name}
                  caption={file.table.name}
                  rows={(prepared?.[index] ?? []).slice(0, PREVIEW_ROWS).map((row) => ({
                    key: String(row.line),
                    line: String(row.line),
                    id: row.values.id ?? row.values.clientId,
                    verdict: previewVerdict(row),
                  }))}
                />
              ))}
              <div className="admin-import-actions">
                <Button
                  variant="secondary"
                  disabled={running || unknownPlans.length > 0}
                  onClick={() => void run(true)}
                >
                  {t('dryRun')}
                </Button>
                <Button
                  disabled={running || unknownPlans.length > 0}
                  onClick={() => void run(false)}
                >
                  {t('run')}
                </Button>
                {running && (
                  <Button
                    variant="secondary"
                    onClick={() => {
                      stop.current = true;
                    }}
                  >
                    {t('cancel')}
                  </Button>
                )}
              </div>
            </div>
          )}
        </>
      )}
      {figures && (
        <div className="admin-import-progress">
          <progress max={figures.total} value={figures.done} aria-label={progressText} />
          <p role="status">{progressText}</p>
        </div>
      )}
      {failure && <p role="alert">{t('failed', { detail: appT(failure.key, failure.params) })}</p>}
      {outcome && (
        <div className="admin-import-result">
          <h2>{outcome.dryRun ? t('dryResultTitle') : t('resultTitle')}</h2>
          <p>{t('counts', outcome.counts)}</p>
          {outcome.rows.some((row) => row.outcome === 'skipped') && (
            <RowsTable
              caption={t('skippedTitle')}
              rows={outcome.rows
                .filter((row) => row.outcome === 'skipped')
                .map((row) => ({
                  key: `${row.file}-${row.line}`,
                  line: `${ready?.files[row.file]?.table.name ?? ''} ${row.line}`,
                  id: row.id,
                  verdict: `${outcomeText(row.outcome, lang)}: ${problemsText(row.problems ?? [])}`,
                }))}
            />
          )}
          <a
            download="import-report.csv"
            href={`data:text/csv;charset=utf-8,${encodeURIComponent(report)}`}
          >
            {t('report')}
          </a>
        </div>
      )}
    </section>
  );
}
