import { describe, expect, it } from 'vitest';
import {
  dateKeyOf,
  dayAndMonth,
  datePattern,
  dayHeading,
  dayInText,
  dayLabel,
  dayOffset,
  fromTypedDate,
  longDate,
  momentLabel,
  monthYear,
  shortDate,
  timeOf,
  toTypedDate,
  weekRange,
} from './dates';

const TZ = 'America/Monterrey';
const TODAY = '2026-11-25';

describe('dayLabel: a class day as a member reads it', () => {
  it.each([
    ['2026-11-25', 'en', 'Today'],
    ['2026-11-26', 'en', 'Tomorrow'],
    ['2026-11-24', 'en', 'Yesterday'],
    ['2026-11-27', 'en', 'Fri 27 Nov'],
    ['2026-11-25', 'es', 'Hoy'],
    ['2026-11-26', 'es', 'Mañana'],
    ['2026-11-27', 'es', 'vie 27 nov'],
    ['2027-01-08', 'en', 'Fri 8 Jan 2027'],
    ['not-a-date', 'en', 'not-a-date'],
  ] as const)('%s in %s → %s', (date, lang, expected) => {
    expect(dayLabel(date, lang, TODAY)).toBe(expected);
  });
});

describe('dayInText: the same day inside a sentence', () => {
  it.each([
    ['2026-11-25', 'en', 'today'],
    ['2026-11-26', 'en', 'tomorrow'],
    ['2026-11-24', 'es', 'ayer'],
    ['2026-11-26', 'es', 'mañana'],
    ['2026-11-27', 'en', 'Fri 27 Nov'],
    ['2026-11-27', 'es', 'vie 27 nov'],
  ] as const)('%s in %s → %s', (date, lang, expected) => {
    expect(dayInText(date, lang, TODAY)).toBe(expected);
  });
});

describe('dayAndMonth', () => {
  it("gives a date block's day and short month in each language, without a full stop", () => {
    expect(dayAndMonth('2026-11-30', 'en')).toEqual({ day: 30, month: 'Nov' });
    expect(dayAndMonth('2026-09-01', 'es')).toEqual({ day: 1, month: 'sept' });
    expect(dayAndMonth('not a date', 'en')).toEqual({ day: Number.NaN, month: '' });
  });
});

describe('shortDate and longDate', () => {
  it.each([
    ['2026-11-26', 'en', 'Thu 26 Nov', 'Thursday 26 November'],
    ['2026-11-26', 'es', 'jue 26 nov', 'jueves 26 de noviembre'],
    ['2026-09-01', 'es', 'mar 1 sept', 'martes 1 de septiembre'],
  ] as const)('%s in %s', (date, lang, short, long) => {
    expect(shortDate(date, lang, TODAY)).toBe(short);
    expect(longDate(date, lang, TODAY)).toBe(long);
  });

  it('adds the year only when it is not this year', () => {
    expect(longDate('2027-02-03', 'es', TODAY)).toBe('miércoles 3 de febrero de 2027');
    expect(longDate('2027-02-03', 'en', TODAY)).toBe('Wednesday 3 February 2027');
    expect(shortDate('2026-02-03', 'en')).toBe('Tue 3 Feb');
  });

  it('names a month and its year', () => {
    expect(monthYear('2026-09-26', 'en')).toBe('September 2026');
    expect(monthYear('2026-09-26', 'es')).toBe('septiembre de 2026');
    expect(monthYear('not a date', 'en')).toBe('not a date');
  });
});

describe('dayHeading', () => {
  it.each([
    ['2026-11-25', 'en', 'Today · Wednesday 25 November'],
    ['2026-11-26', 'es', 'Mañana · Jueves 26 de noviembre'],
    ['2026-11-28', 'en', 'Saturday 28 November'],
  ] as const)('%s in %s → %s', (date, lang, expected) => {
    expect(dayHeading(date, lang, TODAY)).toBe(expected);
  });
});

describe('weekRange', () => {
  it.each([
    ['2026-11-23', '2026-11-29', 'en', '23–29 Nov'],
    ['2026-11-23', '2026-11-29', 'es', '23–29 nov'],
    ['2026-11-30', '2026-12-06', 'en', '30 Nov – 6 Dec'],
    ['2026-11-30', '2026-12-06', 'es', '30 nov – 6 dic'],
    ['2026-12-28', '2027-01-03', 'en', '28 Dec 2026 – 3 Jan 2027'],
    ['2027-03-01', '2027-03-07', 'en', '1–7 Mar 2027'],
  ] as const)('%s to %s in %s → %s', (start, end, lang, expected) => {
    expect(weekRange(start, end, lang, TODAY)).toBe(expected);
  });
});

describe('instants in the studio zone', () => {
  // 2026-11-26 13:00 UTC is 07:00 in Monterrey (UTC−6).
  const at = Date.UTC(2026, 10, 26, 13, 0);

  it('reads the studio day and the 24-hour time', () => {
    expect(dateKeyOf(at, TZ)).toBe('2026-11-26');
    expect(timeOf(at, TZ)).toBe('07:00');
    expect(timeOf(Date.UTC(2026, 10, 27, 5, 30), TZ)).toBe('23:30');
    expect(dateKeyOf(Date.UTC(2026, 10, 27, 5, 30), TZ)).toBe('2026-11-26');
  });

  it('says when, relative to now', () => {
    const now = Date.UTC(2026, 10, 25, 18, 0);
    expect(momentLabel(at, 'en', TZ, now)).toBe('Tomorrow 07:00');
    expect(momentLabel(at, 'es', TZ, now + 86_400_000)).toBe('Hoy 07:00');
  });

  it('counts days between dates', () => {
    expect(dayOffset('2026-11-25', '2026-12-02')).toBe(7);
    expect(dayOffset('2026-11-25', 'x')).toBeNaN();
  });
});

describe('typed dates in the studio locale', () => {
  it('writes and reads day/month/year for Monterrey', () => {
    expect(datePattern('es-MX')).toEqual({ order: ['day', 'month', 'year'], separator: '/' });
    expect(toTypedDate('2026-11-05')).toBe('05/11/2026');
    expect(fromTypedDate('05/11/2026')).toBe('2026-11-05');
    expect(fromTypedDate('5-11-26')).toBe('2026-11-05');
  });

  it('follows another locale order', () => {
    expect(toTypedDate('2026-11-05', 'en-US')).toBe('11/05/2026');
    expect(fromTypedDate('11/05/2026', 'en-US')).toBe('2026-11-05');
  });

  it.each(['31/02/2026', '2026', '', 'aa/bb/cccc', '12/13/2026', '1/1/1200'])(
    'refuses %j',
    (text) => {
      expect(fromTypedDate(text)).toBeUndefined();
    },
  );
});
