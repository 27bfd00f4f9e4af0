// The calendar periods a plan counts its bookings in: the studio day, the week from Monday, the
// month, each read in the studio's time zone from the class's start
// (docs/architecture/plans.md).
import { addDays, formatDate, startOfWeek, toEpoch } from '../time';
import type { DateString } from '../time';
import type { BillingInterval, PlanTerms } from '../schemas/plans';

export type CapPeriod = 'day' | 'week' | 'month';

/** The period's key for an instant: 'yyyy-MM-dd' (day), that week's Monday, or 'yyyy-MM'. */
export function periodKey(period: CapPeriod, atMs: number, tz: string): string {
  const date = formatDate(atMs, tz);
  if (period === 'day') return date;
  if (period === 'week') return startOfWeek(date);
  return date.slice(0, 7);
}

/** The first studio date of the period holding `atMs`. */
export function periodStartDate(period: CapPeriod, atMs: number, tz: string): DateString {
  const key = periodKey(period, atMs, tz);
  return period === 'month' ? `${key}-01` : key;
}

/** The first studio date of the next period: tomorrow, next Monday, the 1st of next month. */
export function nextPeriodDate(period: CapPeriod, atMs: number, tz: string): DateString {
  const start = periodStartDate(period, atMs, tz);
  if (period === 'day') return addDays(start, 1);
  if (period === 'week') return addDays(start, 7);
  const [year, month] = start.split('-').map(Number) as [number, number];
  const next =
    month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return next;
}

/** When the period holding `atMs` starts, as an instant (midnight studio time). */
export function periodStartsAt(period: CapPeriod, atMs: number, tz: string): number {
  return toEpoch(periodStartDate(period, atMs, tz), '00:00', tz);
}

/** A plan's cap: how many bookings in which period; `undefined` when it has none. */
export function planCap(terms: PlanTerms): { count: number; per: CapPeriod } | undefined {
  if (terms.kind === 'unlimited' && terms.dailyCap !== undefined)
    return { count: terms.dailyCap, per: 'day' };
  if (terms.kind === 'limited' && terms.limit !== undefined)
    return { count: terms.limit.count, per: terms.limit.per };
  return undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days in one billing period, for comparing prices across intervals (a month = 365.25 / 12). */
export const INTERVAL_DAYS: Readonly<Record<BillingInterval, number>> = {
  week: 7,
  month: 365.25 / 12,
  year: 365.25,
};

/**
 * The end of `count` billing periods from `startMs`, on the studio's calendar: the same weekday,
 * day of the month (clamped to the month's last day) or date of the year, at the same time.
 */
export function addBillingPeriods(
  startMs: number,
  interval: BillingInterval,
  count: number,
  tz: string,
): number {
  if (interval === 'week') return startMs + count * 7 * DAY_MS;
  const date = formatDate(startMs, tz);
  const time = startMs - toEpoch(date, '00:00', tz);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const months = interval === 'month' ? count : count * 12;
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const target = `${targetYear}-${String(targetMonth).padStart(2, '0')}-${String(
    Math.min(day, lastDay),
  ).padStart(2, '0')}`;
  return toEpoch(target, '00:00', tz) + time;
}
