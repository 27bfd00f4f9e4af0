import { describe, expect, it } from 'vitest';
import { importedUid, sourceKey } from './keys';
import { FileRows, NotATableError } from './pipeline';
import { parseRow, type ParseOptions } from './records';
import { problemText, outcomeText } from './reasons';
import { reportLine } from './report';
import { formatDuration, progressOf } from './progress';

const OPTIONS: ParseOptions = { dateOrder: 'mdy', country: 'MX', today: '2026-11-28' };

describe('parseRow: members', () => {
  it('reads a full member, mobile before landline, in E.164', () => {
    const parsed = parseRow(
      'members',
      {
        id: '100023',
        firstName: 'José',
        lastName: 'Núñez',
        email: 'Jose@Example.MX',
        mobile: '81 1234 5678',
        phone: '81 8888 0000',
        birthday: '07/04/1990',
        emergencyName: 'Ana Núñez',
        emergencyPhone: '+52 81 2222 3333',
        marketing: 'Yes',
        waiverSignedAt: '01/15/2024',
      },
      OPTIONS,
    );
    expect(parsed).toEqual({
      ok: true,
      record: {
        id: '100023',
        name: 'José Núñez',
        email: 'jose@example.mx',
        phone: '+528112345678',
        birthday: '1990-07-04',
        emergencyName: 'Ana Núñez',
        emergencyPhone: '+528122223333',
        marketing: true,
        waiverSignedAt: '2024-01-15',
      },
    });
  });

  it('names every problem of a bad row at once', () => {
    const parsed = parseRow(
      'members',
      { id: '7', email: 'nope', mobile: '12', birthday: '31/31/1990' },
      OPTIONS,
    );
    expect(parsed).toEqual({
      ok: false,
      problems: [
        { reason: 'invalidEmail', field: 'email' },
        { reason: 'missing', field: 'firstName' },
        { reason: 'invalidPhone', field: 'mobile' },
        { reason: 'invalidDate', field: 'birthday' },
      ],
    });
  });

  it('takes a waiver given only as yes: signed, on the import day', () => {
    const parsed = parseRow(
      'members',
      { id: '1', fullName: 'Ana', email: 'a@b.co', waiverSignedAt: 'yes' },
      OPTIONS,
    );
    expect(parsed.ok && parsed.record.waiverSignedAt).toBe('2026-11-28');
  });
});

describe('parseRow: balances and visits', () => {
  it('reads a pack and makes an id from client, name and expiry when the file has none', () => {
    expect(
      parseRow(
        'balances',
        { clientId: '7', name: '10 Class Pack', remaining: '7', expiresAt: '1/31/2027' },
        OPTIONS,
      ),
    ).toEqual({
      ok: true,
      record: {
        id: '7|10 Class Pack|2027-01-31',
        clientId: '7',
        name: '10 Class Pack',
        remaining: 7,
        expiresOn: '2027-01-31',
        kind: 'regular',
      },
    });
  });
  it('refuses a negative balance', () => {
    expect(parseRow('balances', { clientId: '7', remaining: '-3' }, OPTIONS)).toEqual({
      ok: false,
      problems: [{ reason: 'negativeBalance', field: 'remaining' }],
    });
  });
  it.each([
    [{ signedIn: 'true' }, '2026-01-10', 'attended'],
    [{ signedIn: 'false' }, '2026-01-10', 'no-show'],
    [{ lateCancel: 'yes' }, '2026-01-10', 'late-cancel'],
    [{ status: 'No Show' }, '2026-01-10', 'no-show'],
    [{ status: 'Late Cancel' }, '2026-01-10', 'late-cancel'],
    [{ status: 'Booked' }, '2026-12-10', 'booked'],
    [{ status: 'Booked' }, '2026-01-10', 'attended'],
    [{}, '2026-12-10', 'booked'],
  ] as const)('a visit marked %j on %s is %s', (marks, date, status) => {
    const parsed = parseRow(
      'visits',
      { clientId: '7', date, className: 'Ride', ...marks },
      OPTIONS,
    );
    expect(parsed.ok && parsed.record.status).toBe(status);
  });
});

describe('keys', () => {
  it('escapes what a database key cannot hold, without collisions', () => {
    expect(sourceKey('a.b/c')).toBe('a%2Eb%2Fc');
    expect(sourceKey('a%2Eb')).toBe('a%252Eb');
    expect(sourceKey('x'.repeat(200))).toBeUndefined();
    expect(importedUid('mindbody', '100.23')).toBe('imp-mindbody-100%2E23');
  });
});

describe('FileRows', () => {
  it('refuses a file whose first row is not column names', () => {
    expect(() => new FileRows(['%PDF-1.4'], {}, OPTIONS)).toThrow(NotATableError);
  });
  it('flags a repeated id with the line it first appeared on, and skips blank rows', () => {
    const rows = new FileRows(
      ['Client ID', 'First Name', 'Email'],
      { source: 'mindbody' },
      OPTIONS,
    );
    expect(rows.row(['1', 'Ana', 'ana@example.mx'], 2)?.duplicateOf).toBeUndefined();
    expect(rows.row(['', '', ''], 3)).toBeUndefined();
    expect(rows.row(['1', 'Ana B', 'anab@example.mx'], 4)?.duplicateOf).toBe(2);
  });
});

describe('reasons and report', () => {
  it('words a problem in both languages', () => {
    expect(problemText({ reason: 'invalidEmail', field: 'email' }, 'en')).toBe(
      'The e-mail is not an e-mail address.',
    );
    expect(problemText({ reason: 'expired', params: { date: '2026-01-31' } }, 'es')).toBe(
      'Estos créditos vencieron el 2026-01-31.',
    );
    expect(outcomeText('skipped', 'es')).toBe('Omitido');
  });
  it('writes a report line a spreadsheet shows and never runs', () => {
    const line = reportLine(
      { file: 0, line: 2, id: '=HYPERLINK("http://x")', outcome: 'created', detail: '@SUM(A1)' },
      'clients.csv',
      'en',
    );
    expect(line).toBe('clients.csv,2,"\'=HYPERLINK(""http://x"")",Created,\'@SUM(A1)\r\n');
  });
});

describe('progressOf', () => {
  it('gives rows per second and the time left at that rate', () => {
    expect(progressOf(500, 2000, 0, 2000)).toEqual({
      done: 500,
      total: 2000,
      rate: 250,
      leftMs: 6000,
      percent: 25,
    });
    expect(progressOf(0, 10, 0, 0)).toMatchObject({ rate: 0, leftMs: undefined, percent: 0 });
    expect(formatDuration(65_000)).toBe('1:05');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
  });
});
