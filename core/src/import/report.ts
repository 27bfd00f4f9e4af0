/**
 * The run's report as CSV (one line per row, the admin's language): what the wizard downloads
 * and the command line writes. Values from the file are marked typed, so a name like
 * `=HYPERLINK(…)` is shown, never run, by a spreadsheet.
 */
import { csvLine } from '../csv';
import type { Lang } from '../messages';
import { outcomeText, problemText } from './reasons';
import type { ImportRunRow } from './schemas';

const HEADER: Readonly<Record<Lang, readonly string[]>> = {
  en: ['file', 'line', 'id', 'outcome', 'detail'],
  es: ['archivo', 'línea', 'id', 'resultado', 'detalle'],
};

export function reportHeader(lang: Lang): string {
  return csvLine(HEADER[lang]);
}

export function reportLine(row: ImportRunRow, fileName: string, lang: Lang): string {
  const why = (row.problems ?? []).map((problem) => problemText(problem, lang));
  const detail = [row.detail, ...why].filter(Boolean).join(' ');
  return csvLine(
    [fileName, row.line, row.id, outcomeText(row.outcome, lang), detail],
    [true, false, true, false, true],
  );
}
