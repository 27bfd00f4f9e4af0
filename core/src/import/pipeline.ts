/**
 * One file, row by row, the same in the wizard and on the command line: the header row is
 * recognised, each later row becomes the values sent to the functions (with what the preview
 * shows), and an id seen on an earlier row of the file is flagged as a duplicate.
 */
import type { ImportEntity } from './fields';
import { detectFile, looksLikeHeaderRow, type DetectOptions, type Detection } from './headers';
import { parseRow, rowValues, type ParseOptions, type ParsedRow, type RowValues } from './records';

export interface PreparedRow<E extends ImportEntity = ImportEntity> {
  line: number;
  values: RowValues<E>;
  /** The line of the earlier row with the same id: this one is skipped. */
  duplicateOf?: number;
  /** The row as the functions will read it (the preview's verdict). */
  parsed: ParsedRow<E>;
}

export class NotATableError extends Error {
  override readonly name = 'NotATableError';
}

export class FileRows {
  readonly detection: Detection;
  private readonly seen = new Map<string, number>();

  constructor(
    headers: readonly string[],
    detect: DetectOptions,
    private readonly options: ParseOptions,
  ) {
    if (!looksLikeHeaderRow(headers)) {
      throw new NotATableError('The first row is not a row of column names.');
    }
    this.detection = detectFile(headers, detect);
  }

  row(cells: readonly string[], line: number): PreparedRow | undefined {
    if (cells.every((cell) => cell.trim().length === 0)) return undefined;
    const { entity, columns } = this.detection;
    const values = rowValues(columns, cells);
    const parsed = parseRow(entity, values, this.options);
    if (!parsed.ok) return { line, values, parsed };
    const earlier = this.seen.get(parsed.record.id);
    if (earlier !== undefined) return { line, values, parsed, duplicateOf: earlier };
    this.seen.set(parsed.record.id, line);
    return { line, values, parsed };
  }
}

/**
 * A spreadsheet cell as the text a CSV of it would hold: a date as its ISO day (or day and
 * minute when it has a time), numbers and flags as written, an empty cell as ''.
 */
export function sheetCellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) {
    const iso = cell.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 16);
  }
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number' || typeof cell === 'boolean') return String(cell);
  return '';
}
