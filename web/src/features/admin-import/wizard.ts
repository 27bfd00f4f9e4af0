// The import wizard's steps as pure functions over the files the admin dropped: read each as a
// table, recognise it (core's header detection with the admin's saved corrections), list what
// the mapping step must settle (required columns no header gives, plan names no plan here
// matches), preview rows with the verdict the functions will give, and cut the rows into the
// batches `importRows` takes. The screen holds the state; the functions parse every row again.
import Papa from 'papaparse';
import {
  FileRows,
  IMPORT_ENTITIES,
  MAX_IMPORT_BATCH,
  NotATableError,
  foldHeader,
  sheetCellText,
  unmappedPlanNames,
  type CataloguePlan,
  type Detection,
  type ImportRowsInput,
  type ImportSource,
  type ManualColumns,
  type ParseOptions,
  type PreparedRow,
} from '@studio/core/import';

/** One dropped file as a table: its header row and data rows (line 2 on). */
export interface Table {
  name: string;
  headers: string[];
  rows: string[][];
}

export class UnreadableFile extends Error {
  override readonly name = 'UnreadableFile';
}

/** A CSV export as text: any delimiter, quoted line breaks, a BOM. */
export function csvTable(name: string, text: string): Table {
  const parsed = Papa.parse<string[]>(text.replace(/^\ufeff/, ''), {
    skipEmptyLines: 'greedy',
  });
  const [headers, ...rows] = parsed.data;
  if (headers === undefined || headers.length < 2)
    throw new UnreadableFile(`${name}: no header row`);
  return { name, headers, rows };
}

/** A spreadsheet's first sheet as a table: every cell as the text a CSV of it would hold. */
export function sheetTable(name: string, sheet: readonly (readonly unknown[])[]): Table {
  const [headers, ...rows] = sheet
    .map((row) => row.map(sheetCellText))
    .filter((row) => row.some((cell) => cell.trim().length > 0));
  if (headers === undefined || headers.length < 2)
    throw new UnreadableFile(`${name}: no header row`);
  return { name, headers, rows };
}

export interface WizardFile {
  table: Table;
  detection: Detection;
}

export interface Recognised {
  source: ImportSource;
  /** Members first, then packs, plans and visits: the order the import runs them in. */
  files: WizardFile[];
}

function recognise(table: Table, source: ImportSource | undefined, manual: Manual): Detection {
  try {
    return new FileRows(table.headers, { source, manual }, PREVIEW_ONLY).detection;
  } catch (error) {
    if (error instanceof NotATableError)
      throw new UnreadableFile(`${table.name}: the first row does not name columns`);
    throw error;
  }
}

type Manual = Partial<Record<ImportSource, ManualColumns>>;
const PREVIEW_ONLY: ParseOptions = { dateOrder: 'ymd', country: 'MX', today: '2000-01-01' };

/**
 * Which system the files come from (the admin's choice, else the one that reads the first file
 * best) and what each file is.
 */
export function recogniseFiles(
  tables: readonly Table[],
  options: { source?: ImportSource | undefined; manual?: Manual },
): Recognised {
  const manual = options.manual ?? {};
  const first = tables[0];
  if (first === undefined) throw new UnreadableFile('no file');
  // Stripe's card mapping reads the same under every system: the others name the source.
  const source =
    options.source ??
    tables
      .map((table) => recognise(table, undefined, manual))
      .find((detection) => detection.entity !== 'cards')?.source ??
    recognise(first, undefined, manual).source;
  const files = tables
    .map((table) => ({ table, detection: recognise(table, source, manual) }))
    .sort(
      (a, b) =>
        IMPORT_ENTITIES.indexOf(a.detection.entity) - IMPORT_ENTITIES.indexOf(b.detection.entity),
    );
  return { source, files };
}

/** The admin's correction for one header of one kind of file (null: not imported). */
export function withColumn(
  manual: ManualColumns,
  file: WizardFile,
  header: string,
  field: string | null,
): ManualColumns {
  const entity = file.detection.entity;
  return { ...manual, [entity]: { ...(manual[entity] ?? {}), [foldHeader(header)]: field } };
}

/** The old system's plan names in the membership files that no plan here matches. */
export function plansToMap(
  recognised: Recognised,
  choices: Readonly<Record<string, string>>,
  catalogue: readonly CataloguePlan[],
): string[] {
  const names = recognised.files.flatMap(({ table, detection }) => {
    if (detection.entity !== 'memberships') return [];
    const column = (detection.columns as Partial<Record<string, number>>)['name'];
    return column === undefined ? [] : table.rows.map((row) => row[column] ?? '');
  });
  return unmappedPlanNames(names, choices, catalogue);
}

/** Every row of a file as the functions will receive it, with the preview's verdict. */
export function preparedRows(
  file: WizardFile,
  source: ImportSource,
  manual: Manual,
  options: ParseOptions,
): PreparedRow[] {
  const reader = new FileRows(
    file.table.headers,
    { source, entity: file.detection.entity, manual },
    options,
  );
  return file.table.rows.flatMap((cells, index) => reader.row(cells, index + 2) ?? []);
}

/** The `importRows` batches of one file. */
export function batchesOf(rows: readonly PreparedRow[]): ImportRowsInput['rows'][] {
  const batches: ImportRowsInput['rows'][] = [];
  for (let at = 0; at < rows.length; at += MAX_IMPORT_BATCH) {
    batches.push(
      rows.slice(at, at + MAX_IMPORT_BATCH).map((row) => ({
        line: row.line,
        values: row.values,
        ...(row.duplicateOf === undefined ? {} : { duplicateOf: row.duplicateOf }),
      })),
    );
  }
  return batches;
}
