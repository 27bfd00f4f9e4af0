// Reading an export on the command line, row by row: CSV through csv-parse as a stream (any
// delimiter, BOM, quoted line breaks, UTF-8 or Windows-1252), XLSX through read-excel-file
// (docs/architecture/import.md#what-comes-in). A file that is not a table is refused before any row.
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { parse } from 'csv-parse';
import { readSheet } from 'read-excel-file/node';
import { sheetCellText } from '@studio/core/import';

export class NotATableFile extends Error {}

/** XLSX is read whole (a zip's directory is at its end): this caps it. CSV has no cap. */
export const MAX_XLSX_BYTES = 50 * 1024 * 1024;

export type FileKind = 'csv' | 'xlsx';
export type Encoding = 'utf-8' | 'windows-1252' | 'utf-16le';

export interface FileSniff {
  kind: FileKind;
  encoding: Encoding;
  delimiter: string;
}

const DELIMITERS = [',', ';', '\t', '|'];

async function head(path: string, bytes: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The delimiter of the header line: the candidate seen most often outside quotes. */
export function sniffDelimiter(firstLine: string): string {
  const counts = new Map(DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? ',';
}

/** UTF-8 when the start decodes as UTF-8 (a cut character at the end allowed), else Windows-1252. */
export function sniffEncoding(sample: Buffer): Encoding {
  if (sample[0] === 0xff && sample[1] === 0xfe) return 'utf-16le';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

export async function sniffFile(path: string): Promise<FileSniff> {
  const sample = await head(path, 64 * 1024);
  if (sample.length === 0) throw new NotATableFile('it is empty');
  if (sample.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    const { size } = await stat(path);
    if (size > MAX_XLSX_BYTES)
      throw new NotATableFile(
        `an XLSX file over ${MAX_XLSX_BYTES / 1024 / 1024} MB: save it as CSV`,
      );
    return { kind: 'xlsx', encoding: 'utf-8', delimiter: ',' };
  }
  const encoding = sniffEncoding(sample);
  if (encoding !== 'utf-16le' && sample.subarray(0, 4096).includes(0)) {
    throw new NotATableFile('it is a binary file, not CSV or XLSX');
  }
  const text = new TextDecoder(encoding).decode(sample);
  const firstLine = text.replace(/^\ufeff/, '').split(/\r?\n/, 1)[0] ?? '';
  return { kind: 'csv', encoding, delimiter: sniffDelimiter(firstLine) };
}

function decoder(encoding: Encoding): Transform {
  const text = new TextDecoder(encoding);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, text.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, text.decode());
    },
  });
}

/** Each row's cells as text, the header row first; `row` is the spreadsheet's row number. */
export async function* readRows(
  path: string,
  sniff: FileSniff,
): AsyncGenerator<{ row: number; cells: string[] }> {
  if (sniff.kind === 'xlsx') {
    const rows = await readSheet(path);
    let row = 0;
    for (const cells of rows) {
      row += 1;
      yield { row, cells: cells.map(sheetCellText) };
    }
    return;
  }
  const parser = createReadStream(path)
    .pipe(decoder(sniff.encoding))
    .pipe(
      parse({
        delimiter: sniff.delimiter,
        bom: true,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: false,
      }),
    );
  let row = 0;
  for await (const cells of parser as AsyncIterable<string[]>) {
    row += 1;
    yield { row, cells };
  }
}

/** Data rows (after the header), counted in one pass without keeping them. */
export async function countRows(path: string, sniff: FileSniff): Promise<number> {
  let count = 0;
  for await (const { row } of readRows(path, sniff)) if (row > 1) count += 1;
  return count;
}
