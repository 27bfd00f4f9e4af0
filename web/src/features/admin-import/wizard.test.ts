import { describe, expect, it } from 'vitest';
import {
  UnreadableFile,
  batchesOf,
  csvTable,
  plansToMap,
  preparedRows,
  recogniseFiles,
  sheetTable,
  withColumn,
} from './wizard';

const clients = csvTable(
  'clients.csv',
  '\ufeffClient ID;First Name;Last Name;Email;Mobile Phone;Notes\r\n' +
    '100;José;Núñez;jose@example.mx;81 1234 5678;"bike 7\nfront row"\r\n' +
    '101;Ana;Peña;not-an-email;;\r\n' +
    '100;José;Núñez;jose@example.mx;;\r\n',
);
const contracts = csvTable(
  'contracts.csv',
  'Client ID,Contract Name,Autopay Status,Next Autopay Date,Client Contract ID\n' +
    '100,"Unlimited, one class a day",Active,01/15/2027,cc-100\n' +
    '101,Monthly Unlimited (Autopay),Suspended,01/15/2027,cc-101\n' +
    '102,monthly unlimited – autopay,Active,01/15/2027,cc-102\n',
);
const catalogue = [{ id: 'unlimited-daily', name: 'Unlimited, one class a day' }];
const options = { dateOrder: 'mdy' as const, country: 'MX' as const, today: '2026-11-28' };

describe('the import wizard', () => {
  it('reads a semicolon CSV with a BOM and a quoted line break', () => {
    expect(clients.headers[0]).toBe('Client ID');
    expect(clients.rows).toHaveLength(3);
    expect(clients.rows[0]?.[5]).toBe('bike 7\nfront row');
  });

  it('recognises Mindbody files and runs members before memberships', () => {
    const recognised = recogniseFiles([contracts, clients], {});
    expect(recognised.source).toBe('mindbody');
    expect(recognised.files.map((file) => file.detection.entity)).toEqual([
      'members',
      'memberships',
    ]);
  });

  it('asks for each unknown plan name once, and not again once chosen', () => {
    const recognised = recogniseFiles([clients, contracts], {});
    expect(plansToMap(recognised, {}, catalogue)).toEqual(['Monthly Unlimited (Autopay)']);
    expect(
      plansToMap(recognised, { monthlyunlimitedautopay: 'unlimited-daily' }, catalogue),
    ).toEqual([]);
  });

  it('previews each row with its verdict and flags a repeated id', () => {
    const recognised = recogniseFiles([clients], {});
    const [members] = recognised.files;
    if (members === undefined) throw new Error('no file');
    const rows = preparedRows(members, recognised.source, {}, options);
    expect(rows.map((row) => row.parsed.ok)).toEqual([true, false, true]);
    expect(rows[1]?.parsed).toEqual({
      ok: false,
      problems: [{ reason: 'invalidEmail', field: 'email' }],
    });
    expect(rows[2]?.duplicateOf).toBe(2);
    expect(batchesOf(rows)).toEqual([
      [
        expect.objectContaining({ line: 2 }),
        expect.objectContaining({ line: 3 }),
        { line: 4, values: expect.any(Object) as unknown, duplicateOf: 2 },
      ],
    ]);
  });

  it('takes the admin’s column choice over the known names', () => {
    const recognised = recogniseFiles([clients], {});
    const [members] = recognised.files;
    if (members === undefined) throw new Error('no file');
    const manual = withColumn({}, members, 'Mobile Phone', null);
    const again = recogniseFiles([clients], { manual: { mindbody: manual } });
    expect(again.files[0]?.detection.columns).not.toHaveProperty('mobile');
  });

  it('refuses a file that is not a table', () => {
    expect(() => csvTable('photo.png', '\u0089PNG')).toThrow(UnreadableFile);
    expect(() => recogniseFiles([csvTable('n.csv', '1,2\n3,4\n')], {})).toThrow(UnreadableFile);
  });
});

describe('sheetTable', () => {
  it('reads a sheet as its CSV would read: dates as ISO days, numbers as written, blank rows out', () => {
    expect(
      sheetTable('visits.xlsx', [
        ['Client ID', 'Visit Date', 'Visit Time', 'Signed In'],
        [100, new Date(Date.UTC(2025, 2, 4)), '07:00', true],
        [null, null, null, null],
        ['101', new Date(Date.UTC(2025, 2, 5, 18, 30)), null, false],
      ]),
    ).toEqual({
      name: 'visits.xlsx',
      headers: ['Client ID', 'Visit Date', 'Visit Time', 'Signed In'],
      rows: [
        ['100', '2025-03-04', '07:00', 'true'],
        ['101', '2025-03-05T18:30', '', 'false'],
      ],
    });
  });

  it('refuses a sheet without a header row', () => {
    expect(() => sheetTable('empty.xlsx', [['only']])).toThrow(UnreadableFile);
  });
});
