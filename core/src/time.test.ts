import { describe, expect, it } from 'vitest';
import {
  addDays,
  datesFrom,
  daysBetween,
  formatDate,
  formatDateTime,
  formatHour,
  isDateString,
  isHourString,
  isoWeekday,
  sameMinute,
  schedulePageStart,
  startOfWeek,
  toEpoch,
  weekDates,
} from './time';

const iso = (ms: number) => new Date(ms).toISOString();

describe('toEpoch', () => {
  it.each([
    // Monterrey: UTC−6 all year since its last DST change in October 2022.
    ['2025-06-01', '07:00', 'America/Monterrey', '2025-06-01T13:00:00.000Z'],
    ['2025-01-15', '18:30', 'America/Monterrey', '2025-01-16T00:30:00.000Z'],
    ['2025-12-31', '23:59', 'America/Monterrey', '2026-01-01T05:59:00.000Z'],
    // Monterrey's own past transitions: spring-forward gap and fall-back repeat.
    ['2021-04-04', '02:30', 'America/Monterrey', '2021-04-04T08:30:00.000Z'],
    ['2021-10-31', '01:30', 'America/Monterrey', '2021-10-31T06:30:00.000Z'],
    ['2022-10-30', '01:30', 'America/Monterrey', '2022-10-30T06:30:00.000Z'],
    // New York spring forward (02:00 → 03:00 on 2024-03-10).
    ['2024-03-10', '01:59', 'America/New_York', '2024-03-10T06:59:00.000Z'],
    ['2024-03-10', '02:00', 'America/New_York', '2024-03-10T07:00:00.000Z'],
    ['2024-03-10', '02:30', 'America/New_York', '2024-03-10T07:30:00.000Z'],
    ['2024-03-10', '03:00', 'America/New_York', '2024-03-10T07:00:00.000Z'],
    ['2024-03-10', '03:30', 'America/New_York', '2024-03-10T07:30:00.000Z'],
    // New York fall back (02:00 → 01:00 on 2024-11-03): the repeated hour's first occurrence.
    ['2024-11-03', '00:30', 'America/New_York', '2024-11-03T04:30:00.000Z'],
    ['2024-11-03', '01:00', 'America/New_York', '2024-11-03T05:00:00.000Z'],
    ['2024-11-03', '01:30', 'America/New_York', '2024-11-03T05:30:00.000Z'],
    ['2024-11-03', '02:00', 'America/New_York', '2024-11-03T07:00:00.000Z'],
    // Half-hour DST (Lord Howe) and a fixed half-hour zone.
    ['2024-10-06', '02:15', 'Australia/Lord_Howe', '2024-10-05T15:45:00.000Z'],
    ['2025-06-01', '07:00', 'Asia/Kolkata', '2025-06-01T01:30:00.000Z'],
    ['2025-06-01', '07:00', 'UTC', '2025-06-01T07:00:00.000Z'],
  ])('%s %s in %s is %s', (date, hour, tz, expected) => {
    expect(iso(toEpoch(date, hour, tz))).toBe(expected);
  });

  it('defaults to the studio zone', () => {
    expect(toEpoch('2025-06-01', '07:00')).toBe(Date.parse('2025-06-01T13:00:00Z'));
  });

  it.each([
    ['2025-02-30', '07:00'],
    ['2025-6-1', '07:00'],
    ['2025-06-01', '24:00'],
    ['2025-06-01', '7:00'],
  ])('rejects %s %s', (date, hour) => {
    expect(() => toEpoch(date, hour)).toThrow(RangeError);
  });

  it('rejects an unknown zone', () => {
    expect(() => toEpoch('2025-06-01', '07:00', 'Mars/Olympus')).toThrow(RangeError);
  });

  it.each([
    ['2024-03-10', '01:30', 'America/New_York'],
    ['2024-11-03', '01:30', 'America/New_York'],
    ['2025-06-01', '06:05', 'America/Monterrey'],
  ])('round-trips %s %s through formatDate/formatHour in %s', (date, hour, tz) => {
    const epoch = toEpoch(date, hour, tz);
    expect([formatDate(epoch, tz), formatHour(epoch, tz)]).toEqual([date, hour]);
  });
});

describe('formatting', () => {
  it.each([
    ['2025-06-01T05:59:00Z', 'America/Monterrey', '2025-05-31', '23:59'],
    ['2025-06-01T06:00:00Z', 'America/Monterrey', '2025-06-01', '00:00'],
    ['2024-03-10T07:30:00Z', 'America/New_York', '2024-03-10', '03:30'],
    ['2024-11-03T06:30:00Z', 'America/New_York', '2024-11-03', '01:30'],
  ])('%s in %s is %s %s', (instant, tz, date, hour) => {
    const ms = Date.parse(instant);
    expect(formatDate(ms, tz)).toBe(date);
    expect(formatHour(ms, tz)).toBe(hour);
  });

  it('formats LastSeen as date and time in the studio zone', () => {
    expect(formatDateTime(Date.parse('2025-06-01T13:04:05Z'))).toBe('2025-06-01 07:04:05');
  });
});

describe('calendar arithmetic', () => {
  it.each([
    ['2025-01-31', 1, '2025-02-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2025-01-01', -1, '2024-12-31'],
    ['2024-03-09', 2, '2024-03-11'],
    ['2025-06-01', 0, '2025-06-01'],
  ])('%s + %i days = %s', (date, n, expected) => {
    expect(addDays(date, n)).toBe(expected);
  });

  it.each([
    ['2025-06-02', 1],
    ['2025-06-07', 6],
    ['2025-06-08', 7],
  ])('%s is ISO weekday %i', (date, weekday) => {
    expect(isoWeekday(date)).toBe(weekday);
  });

  it.each([
    ['2025-06-02', '2025-06-02'],
    ['2025-06-04', '2025-06-02'],
    ['2025-06-08', '2025-06-02'],
    ['2025-01-01', '2024-12-30'],
    ['2024-03-10', '2024-03-04'],
  ])('the week of %s starts on Monday %s', (date, monday) => {
    expect(startOfWeek(date)).toBe(monday);
  });

  it('reads an instant in the studio zone to find its week', () => {
    // Monday 2025-06-09 00:30 UTC is still Sunday 2025-06-08 in Monterrey.
    expect(startOfWeek(Date.parse('2025-06-09T00:30:00Z'))).toBe('2025-06-02');
    expect(startOfWeek(Date.parse('2025-06-09T00:30:00Z'), 'UTC')).toBe('2025-06-09');
  });

  it('lists Monday to Sunday', () => {
    expect(weekDates('2024-12-31')).toEqual([
      '2024-12-30',
      '2024-12-31',
      '2025-01-01',
      '2025-01-02',
      '2025-01-03',
      '2025-01-04',
      '2025-01-05',
    ]);
  });

  it('lists consecutive dates across a month and a year', () => {
    expect(datesFrom('2026-12-30', 4)).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
  });

  it('pages the schedule seven days at a time from today, whatever weekday today is', () => {
    const sunday = '2026-11-29';
    expect(schedulePageStart(sunday, sunday)).toBe(sunday);
    expect(schedulePageStart('2026-12-05', sunday)).toBe(sunday);
    expect(schedulePageStart('2026-12-06', sunday)).toBe('2026-12-06');
    expect(schedulePageStart('2026-12-19', sunday)).toBe('2026-12-13');
    expect(schedulePageStart('2026-11-28', sunday)).toBe('2026-11-22');
    expect(schedulePageStart('2026-11-22', sunday)).toBe('2026-11-22');
    expect(schedulePageStart('2026-11-21', sunday)).toBe('2026-11-15');
  });

  it('counts days between dates', () => {
    expect(daysBetween('2024-02-01', '2024-03-01')).toBe(29);
    expect(daysBetween('2024-03-01', '2024-02-01')).toBe(-29);
  });

  it.each([
    ['2025-06-01', true],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-13-01', false],
    ['2025-06-1', false],
    [20250601, false],
  ])('isDateString(%j) is %s', (value, expected) => {
    expect(isDateString(value)).toBe(expected);
  });

  it.each([
    ['00:00', true],
    ['23:59', true],
    ['24:00', false],
    ['12:60', false],
    ['7:00', false],
  ])('isHourString(%j) is %s', (value, expected) => {
    expect(isHourString(value)).toBe(expected);
  });

  it('compares server and local time to the minute', () => {
    const at = Date.parse('2025-06-01T13:04:05Z');
    expect(sameMinute(at, at + 50_000)).toBe(true);
    expect(sameMinute(at, at + 60_000)).toBe(false);
  });
});
