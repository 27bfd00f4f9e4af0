// Mindbody-shaped export files, made on demand: the client list, the pricing options with
// visits remaining, and the visit history, as Mindbody's reports name their columns
// (docs/architecture/import.md#where-the-column-names-come-from). The stack tests, the wizard
// journey and the benchmark import these; nothing here ships.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync, strToU8 } from 'fflate';

export interface SampleClient {
  id: string;
  first: string;
  last: string;
  email: string;
  phone: string;
}

export interface SampleOptions {
  clients: number;
  /** Clients with a pack: the first n. */
  packs: number;
  visitsPerClient: number;
  /** Prefix of client ids and e-mails, so two samples never share an account. */
  tag: string;
}

const FIRST = [
  'José',
  'María',
  'Ana',
  'Sofía',
  'Íñigo',
  'Lucía',
  'Mateo',
  'Valentina',
  'Martín',
  'Renée',
];
const LAST = ['Núñez', 'Peña', 'García', 'Muñoz', 'Ibáñez', 'López', 'Sáenz', 'Ortíz'];
const CLASSES = ['Ride 45', 'Yoga Flow', 'Barre', 'HIIT', 'Pilates Mat'];

export function sampleClients(options: SampleOptions): SampleClient[] {
  return Array.from({ length: options.clients }, (_, i) => ({
    id: `${options.tag}${100000 + i}`,
    first: FIRST[i % FIRST.length] ?? 'Ana',
    last: LAST[(i * 7) % LAST.length] ?? 'López',
    email: `${options.tag.toLowerCase()}.${i}@example.mx`,
    phone: `81 ${String(1000 + (i % 9000)).padStart(4, '0')} ${String(1000 + ((i * 37) % 9000)).padStart(4, '0')}`,
  }));
}

function csv(rows: readonly (readonly string[])[], delimiter = ','): string {
  const field = (value: string) =>
    /[",;\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
  return rows.map((row) => row.map(field).join(delimiter)).join('\r\n') + '\r\n';
}

/** Windows-1252 bytes of text that has only Latin-1 letters (what Excel's "CSV" saves). */
export function windows1252(text: string): Buffer {
  return Buffer.from(text, 'latin1');
}

export function clientRows(clients: readonly SampleClient[]): string[][] {
  return [
    [
      'Client ID',
      'First Name',
      'Last Name',
      'Email',
      'Mobile Phone',
      'Birth Date',
      'Send Promotional Emails',
      'Liability Release Date',
      'Notes',
    ],
    ...clients.map((c, i) => [
      c.id,
      c.first,
      c.last,
      c.email,
      c.phone,
      `0${1 + (i % 9)}/1${i % 9}/1990`,
      i % 2 === 0 ? 'Yes' : 'No',
      '01/15/2024',
      i === 0 ? 'Prefers bike 7\nand the front row' : '',
    ]),
  ];
}

/** The dates the files carry (ISO days); a journey that runs on any day gives its own. */
export interface SampleDates {
  packsExpire: string;
  nextAutopay: string;
  contractEnds: string;
}

export const FIXED_SAMPLE_DATES: SampleDates = {
  packsExpire: '2027-01-31',
  nextAutopay: '2027-01-15',
  contractEnds: '2027-02-28',
};

/** An ISO day as Mindbody's reports write it: MM/DD/YYYY. */
function mdy(day: string): string {
  const [year, month, date] = day.split('-');
  return `${month}/${date}/${year}`;
}

/** Each pack: 10 Class Pack, `7 - i % 5` left, expiring on `dates.packsExpire`. */
export function pricingRows(
  clients: readonly SampleClient[],
  dates: SampleDates = FIXED_SAMPLE_DATES,
): string[][] {
  return [
    ['Client ID', 'Client', 'Pricing Option', 'Remaining', 'Expiration Date', 'Client Service ID'],
    ...clients.map((c, i) => [
      c.id,
      `${c.last}, ${c.first}`,
      '10 Class Pack',
      String(7 - (i % 5)),
      mdy(dates.packsExpire),
      `cs-${c.id}`,
    ]),
  ];
}

/** Visits in 2025, one in three missed. */
export function visitRows(clients: readonly SampleClient[], perClient: number): string[][] {
  const rows: string[][] = [
    ['Visit ID', 'Client ID', 'Visit Date', 'Visit Time', 'Class Name', 'Signed In'],
  ];
  clients.forEach((c, i) => {
    for (let v = 0; v < perClient; v += 1) {
      const month = String(1 + ((i + v) % 12)).padStart(2, '0');
      const day = String(1 + ((i * 3 + v) % 28)).padStart(2, '0');
      rows.push([
        `v-${c.id}-${v}`,
        c.id,
        `${month}/${day}/2025`,
        `${String(7 + (v % 12)).padStart(2, '0')}:00`,
        CLASSES[(i + v) % CLASSES.length] ?? 'Ride',
        v % 3 === 2 ? 'false' : 'true',
      ]);
    }
  });
  return rows;
}

/** The plan names of the sample contracts: one our demo catalogue has, one it does not. */
export const SAMPLE_PLAN_NAMES = {
  known: 'Unlimited, one class a day',
  unknown: 'Monthly Unlimited (Autopay)',
} as const;

/**
 * Client contracts (Mindbody's autopay memberships): every fifth under a plan name the demo
 * catalogue does not have (the wizard's mapping step), every tenth suspended.
 */
export function contractRows(
  clients: readonly SampleClient[],
  dates: SampleDates = FIXED_SAMPLE_DATES,
): string[][] {
  return [
    [
      'Client ID',
      'Client',
      'Contract Name',
      'Autopay Status',
      'Start Date',
      'End Date',
      'Next Autopay Date',
      'Client Contract ID',
    ],
    ...clients.map((c, i) => [
      c.id,
      `${c.last}, ${c.first}`,
      i % 5 === 4 ? SAMPLE_PLAN_NAMES.unknown : SAMPLE_PLAN_NAMES.known,
      i % 10 === 9 ? 'Suspended' : 'Active',
      '03/01/2025',
      mdy(dates.contractEnds),
      mdy(dates.nextAutopay),
      `cc-${c.id}`,
    ]),
  ];
}

function xmlText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A one-sheet XLSX with inline strings (what a spreadsheet saves, in its simplest form). */
export function xlsx(rows: readonly (readonly string[])[]): Uint8Array {
  const column = (n: number) => String.fromCharCode(65 + n);
  const sheet =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
    rows
      .map(
        (row, r) =>
          `<row r="${r + 1}">` +
          row
            .map(
              (value, c) =>
                `<c r="${column(c)}${r + 1}" t="inlineStr"><is><t>${xmlText(value)}</t></is></c>`,
            )
            .join('') +
          '</row>',
      )
      .join('') +
    '</sheetData></worksheet>';
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    'xl/workbook.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Visits" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(sheet),
  });
}

export interface SampleFiles {
  clients: string;
  pricing: string;
  visits: string;
  /** When `memberships` was asked for. */
  contracts?: string;
}

/**
 * The three files in `folder`: clients as Windows-1252 with semicolons (Excel in a Spanish
 * locale), pricing options as UTF-8 with a BOM, visits as XLSX or CSV.
 */
export function writeSampleExport(
  folder: string,
  clients: readonly SampleClient[],
  options: {
    packs: number;
    visitsPerClient: number;
    visitsAs: 'xlsx' | 'csv';
    /** Clients with a contract: the first n. */
    memberships?: number;
    dates?: SampleDates;
  },
): SampleFiles {
  const files: SampleFiles = {
    clients: join(folder, 'mindbody-clients.csv'),
    pricing: join(folder, 'mindbody-pricing-options.csv'),
    visits: join(folder, `mindbody-visits.${options.visitsAs}`),
  };
  writeFileSync(files.clients, windows1252(csv(clientRows(clients), ';')));
  writeFileSync(
    files.pricing,
    `\ufeff${csv(pricingRows(clients.slice(0, options.packs), options.dates))}`,
    'utf8',
  );
  if (options.memberships !== undefined) {
    files.contracts = join(folder, 'mindbody-contracts.csv');
    writeFileSync(
      files.contracts,
      csv(contractRows(clients.slice(0, options.memberships), options.dates)),
    );
  }
  const visits = visitRows(clients, options.visitsPerClient);
  if (options.visitsAs === 'xlsx') writeFileSync(files.visits, xlsx(visits));
  else writeFileSync(files.visits, csv(visits));
  return files;
}
