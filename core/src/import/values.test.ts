import { describe, expect, it } from 'vitest';
import {
  Invalid,
  cleanText,
  parseCount,
  parseDate,
  parseDateTime,
  parseEmail,
  parseFlag,
  parseHour,
  parsePhone,
} from './values';

describe('parseDate', () => {
  it.each([
    ['2027-01-31', 'mdy', '2027-01-31'],
    ['2027-1-5', 'dmy', '2027-01-05'],
    ['01/31/2027', 'mdy', '2027-01-31'],
    ['31/01/2027', 'dmy', '2027-01-31'],
    ['31.01.2027', 'dmy', '2027-01-31'],
    ['2027/01/31', 'dmy', '2027-01-31'],
    ['31 Jan 2027', 'mdy', '2027-01-31'],
    ['Jan 31, 2027', 'dmy', '2027-01-31'],
    ['31 ene 2027', 'mdy', '2027-01-31'],
    ['2027-01-31T18:00:00Z', 'mdy', '2027-01-31'],
    ['  ', 'mdy', undefined],
  ] as const)('%s (%s) is %s', (text, order, expected) => {
    expect(parseDate(text, order)).toBe(expected);
  });

  it.each([
    ['31/01/2027', 'mdy'],
    ['02/30/2027', 'mdy'],
    ['01/02/03', 'mdy'],
    ['yesterday', 'mdy'],
    ['2027-13-01', 'ymd'],
  ] as const)('refuses %s (%s)', (text, order) => {
    expect(parseDate(text, order)).toEqual(new Invalid('date'));
  });
});

describe('parseDateTime and parseHour', () => {
  it('keeps the time of a date-time cell', () => {
    expect(parseDateTime('3/14/2026 6:30 PM', 'mdy')).toEqual({
      date: '2026-03-14',
      hour: '18:30',
    });
    expect(parseDateTime('2026-03-14T07:05:00', 'mdy')).toEqual({
      date: '2026-03-14',
      hour: '07:05',
    });
    expect(parseDateTime('2026-03-14 07:05', 'mdy')).toEqual({ date: '2026-03-14', hour: '07:05' });
  });
  it.each([
    ['18:30', '18:30'],
    ['7:05 am', '07:05'],
    ['12:00 PM', '12:00'],
    ['12:15 a.m.', '00:15'],
    ['19.05', '19:05'],
  ])('%s is %s', (text, expected) => {
    expect(parseHour(text)).toBe(expected);
  });
  it.each(['25:00', '13:00 pm', 'noon'])('refuses %s', (text) => {
    expect(parseHour(text)).toEqual(new Invalid('time'));
  });
});

describe('parsePhone', () => {
  it.each([
    ['81 1234 5678', '+528112345678'],
    ['(81) 1234-5678', '+528112345678'],
    ['+1 415 555 2671', '+14155552671'],
    ['+34 612 34 56 78', '+34612345678'],
  ])('%s is %s in E.164', (text, expected) => {
    expect(parsePhone(text, 'MX')).toBe(expected);
  });
  it.each(['12', 'call me', '+52 1'])('refuses %s', (text) => {
    expect(parsePhone(text, 'MX')).toEqual(new Invalid('phone'));
  });
});

describe('parseEmail', () => {
  it('trims and lower-cases', () => {
    expect(parseEmail('  Ana.Lopez@Example.MX ')).toBe('ana.lopez@example.mx');
  });
  it.each(['ana@', 'ana lopez@example.mx', '<script>@x.io', 'a@b', 'a..b@example.mx', 'a@b.c'])(
    'refuses %s',
    (text) => {
      expect(parseEmail(text)).toEqual(new Invalid('email'));
    },
  );
});

describe('parseCount and parseFlag', () => {
  it.each([
    ['7', 7],
    ['7.0', 7],
    ['1,200', 1200],
    ['', undefined],
  ])('%s credits are %s', (text, expected) => {
    expect(parseCount(text)).toBe(expected);
  });
  it('names a negative count apart from a bad one', () => {
    expect(parseCount('-2')).toEqual(new Invalid('negative'));
    expect(parseCount('7.5')).toEqual(new Invalid('count'));
    expect(parseCount('seven')).toEqual(new Invalid('count'));
  });
  it.each([
    ['Yes', true],
    ['TRUE', true],
    ['Sí', true],
    ['x', true],
    ['No', false],
    ['0', false],
    ['', undefined],
  ])('%s is %s', (text, expected) => {
    expect(parseFlag(text)).toBe(expected);
  });
});

describe('cleanText', () => {
  it('removes control and direction characters and collapses spaces', () => {
    expect(cleanText('  José\u202e  Núñez\u0007 ', 100)).toBe('José Núñez');
  });
  it('refuses text over the limit', () => {
    expect(cleanText('a'.repeat(101), 100)).toEqual(new Invalid('text'));
  });
});
