import { z } from 'zod';
import { formatInTimeZone } from 'date-fns-tz';
import { STUDIO_TIME_ZONE } from './settings';

/** A calendar date 'yyyy-MM-dd' (the product's date format), checked to exist (no 2025-02-30). */
export type DateString = string;
/** A wall-clock time 'HH:mm', 00:00–23:59. */
export type HourString = string;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const HOUR_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 24 * 60 * 60 * 1000;

function parseDateParts(date: string): { year: number; month: number; day: number } | undefined {
  const match = DATE_PATTERN.exec(date);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const utc = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 02-30 over to 03-02; a real date survives the round trip.
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day)
    return undefined;
  return { year, month, day };
}

export function isDateString(value: unknown): value is DateString {
  return typeof value === 'string' && parseDateParts(value) !== undefined;
}

export function isHourString(value: unknown): value is HourString {
  return typeof value === 'string' && HOUR_PATTERN.test(value);
}

export const dateSchema = z.string().refine(isDateString, 'expected a date yyyy-MM-dd');
export const hourSchema = z.string().refine(isHourString, 'expected a time HH:mm');

function requireDate(date: string): { year: number; month: number; day: number } {
  const parts = parseDateParts(date);
  if (!parts) throw new RangeError(`Not a date yyyy-MM-dd: ${JSON.stringify(date)}`);
  return parts;
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Offset of `tz` from UTC at `instant`, in ms (local − UTC). Computed from Intl directly:
 * date-fns-tz's `getTimezoneOffset` reads the instant as a wall time and is off by the DST
 * jump in the hour after a transition.
 */
function zoneOffset(tz: string, instant: number): number {
  let formatter = offsetFormatters.get(tz);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormatters.set(tz, formatter);
  }
  const fields: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    fields.year ?? 0,
    (fields.month ?? 1) - 1,
    fields.day ?? 1,
    fields.hour ?? 0,
    fields.minute ?? 0,
    fields.second ?? 0,
  );
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/** The studio-local calendar date of an instant. */
export function formatDate(epochMs: number, tz: string = STUDIO_TIME_ZONE): DateString {
  return formatInTimeZone(epochMs, tz, 'yyyy-MM-dd');
}

/** The studio-local wall-clock time of an instant. */
export function formatHour(epochMs: number, tz: string = STUDIO_TIME_ZONE): HourString {
  return formatInTimeZone(epochMs, tz, 'HH:mm');
}

/** 'yyyy-MM-dd HH:mm:ss' in the studio zone: the "server-hour string" stored in `LastSeen`. */
export function formatDateTime(epochMs: number, tz: string = STUDIO_TIME_ZONE): string {
  return formatInTimeZone(epochMs, tz, 'yyyy-MM-dd HH:mm:ss');
}

/**
 * The instant a studio-local date and time denote.
 *
 * date-fns-tz's `fromZonedTime` maps a wall time inside a spring-forward gap an hour *back*
 * (02:30 → 01:30), so this resolves offsets itself, the way Temporal's 'compatible' mode does:
 * a time skipped by a gap moves forward by the gap (02:30 → 03:30 new offset); a time that
 * occurs twice at a fall-back takes its first occurrence.
 */
export function toEpoch(date: DateString, hour: HourString, tz: string = STUDIO_TIME_ZONE): number {
  const { year, month, day } = requireDate(date);
  const hourMatch = HOUR_PATTERN.exec(hour);
  if (!hourMatch) throw new RangeError(`Not a time HH:mm: ${JSON.stringify(hour)}`);
  const wallAsUtc = Date.UTC(year, month - 1, day, Number(hourMatch[1]), Number(hourMatch[2]));
  // Zone offsets a day either side bracket any single transition near this wall time.
  const offsetBefore = zoneOffset(tz, wallAsUtc - DAY_MS);
  const offsetAfter = zoneOffset(tz, wallAsUtc + DAY_MS);
  const candidates = [...new Set([offsetBefore, offsetAfter])]
    .map((offset) => wallAsUtc - offset)
    .filter((instant) => instant + zoneOffset(tz, instant) === wallAsUtc);
  if (candidates.length > 0) return Math.min(...candidates);
  // In a gap: the pre-transition offset lands the instant just after the jump.
  return wallAsUtc - offsetBefore;
}

/** Calendar arithmetic on dates (no time zone involved). */
export function addDays(date: DateString, n: number): DateString {
  const { year, month, day } = requireDate(date);
  return new Date(Date.UTC(year, month - 1, day + n)).toISOString().slice(0, 10);
}

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: DateString): number {
  const { year, month, day } = requireDate(date);
  const sundayZero = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return sundayZero === 0 ? 7 : sundayZero;
}

/** The Monday of the week holding `date` (a date string, or an instant read in `tz`). */
export function startOfWeek(date: DateString | number, tz: string = STUDIO_TIME_ZONE): DateString {
  const local = typeof date === 'number' ? formatDate(date, tz) : date;
  return addDays(local, 1 - isoWeekday(local));
}

/** Monday … Sunday of the week holding `date`. */
export function weekDates(date: DateString | number, tz: string = STUDIO_TIME_ZONE): DateString[] {
  const monday = startOfWeek(date, tz);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** `count` consecutive dates from `start` on. */
export function datesFrom(start: DateString, count: number): DateString[] {
  return Array.from({ length: count }, (_, i) => addDays(start, i));
}

/**
 * The first day of the seven-day page that holds `date`, pages counted from `today`: the member's
 * schedule opens on today and the six days after it (never on days already past), and moves seven
 * days at a time either way.
 */
export function schedulePageStart(date: DateString, today: DateString): DateString {
  return addDays(today, 7 * Math.floor(daysBetween(today, date) / 7));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: DateString, to: DateString): number {
  const a = requireDate(from);
  const b = requireDate(to);
  return Math.round(
    (Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS,
  );
}

/** The app compares DateService's server `Ts` with the local clock, to the minute. */
export function sameMinute(serverTs: number, localMs: number): boolean {
  return Math.floor(serverTs / 60000) === Math.floor(localMs / 60000);
}
