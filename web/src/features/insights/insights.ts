// The dashboard's arithmetic, pure so it is unit-tested: which stored documents a range reads
// (days up to `DAILY_LIMIT_DAYS`, whole months beyond), the filters by branch, coach and class
// type, the sums and rates (a rate is always taken from sums, never averaged), and the CSV.
// The figures themselves are the nightly job's (docs/architecture/insights.md).
import { centsToDecimal, csvField } from '../../lib/csv';
import {
  addDays,
  addFigures,
  daysBetween,
  emptyClassFigures,
  emptyRevenueFigures,
  insightsDaySchema,
  insightsLiabilitySchema,
  insightsMonthSchema,
} from '@studio/core';
import type {
  ClassFigures,
  DateString,
  InsightsLiability,
  InsightsRow,
  MemberFigures,
  PlanFigures,
  RevenueBreakdown,
  RevenueFigures,
  SubscriptionFigures,
} from '@studio/core';

/** Ranges up to this many days are read day by day; longer ones month by month. */
export const DAILY_LIMIT_DAYS = 62;

export type Granularity = 'day' | 'month';
export const DIMENSIONS = ['exercise', 'coach', 'hour', 'branch'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export interface InsightsFilter {
  from: DateString;
  to: DateString;
  branch: string;
  coach: string;
  exercise: string;
}

/** One day or one month as the dashboard uses it. */
export interface Period {
  key: string;
  rows: InsightsRow[];
  revenue: RevenueBreakdown;
  members: MemberFigures;
  subscriptions: SubscriptionFigures;
  /** planId → the plan's figures (core's `planRollup` sums a range of them). */
  plans: Record<string, PlanFigures>;
}

export function granularityOf(from: DateString, to: DateString): Granularity {
  return daysBetween(from, to) < DAILY_LIMIT_DAYS ? 'day' : 'month';
}

/** The keys to read: the days of the range, or the months it touches. */
export function periodRange(filter: Pick<InsightsFilter, 'from' | 'to'>): {
  granularity: Granularity;
  start: string;
  end: string;
} {
  const granularity = granularityOf(filter.from, filter.to);
  return granularity === 'day'
    ? { granularity, start: filter.from, end: filter.to }
    : { granularity, start: filter.from.slice(0, 7), end: filter.to.slice(0, 7) };
}

/** The stored documents (key → value, as the database returns them) that parse, in order. */
export function parsePeriods(value: unknown, granularity: Granularity): Period[] {
  if (value === null || typeof value !== 'object') return [];
  const periods: Period[] = [];
  for (const [key, stored] of Object.entries(value as Record<string, unknown>)) {
    if (granularity === 'day') {
      const parsed = insightsDaySchema.safeParse(stored);
      if (parsed.success)
        periods.push({ key, ...parsed.data, rows: Object.values(parsed.data.classes) });
    } else {
      const parsed = insightsMonthSchema.safeParse(stored);
      if (parsed.success)
        periods.push({ key, ...parsed.data, rows: Object.values(parsed.data.cells) });
    }
  }
  return periods.sort((a, b) => a.key.localeCompare(b.key));
}

/** The newest liability snapshot that parses. */
export function latestLiability(value: unknown): (InsightsLiability & { date: string }) | null {
  if (value === null || typeof value !== 'object') return null;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
    b.localeCompare(a),
  );
  for (const [date, stored] of entries) {
    const parsed = insightsLiabilitySchema.safeParse(stored);
    if (parsed.success) return { date, ...parsed.data };
  }
  return null;
}

export function rowMatches(row: InsightsRow, filter: InsightsFilter): boolean {
  return (
    (filter.branch === '' || row.branch === filter.branch) &&
    (filter.coach === '' || row.coach === filter.coach) &&
    (filter.exercise === '' || row.exercise === filter.exercise)
  );
}

export function classTotals(rows: readonly InsightsRow[]): ClassFigures {
  const total = emptyClassFigures();
  for (const row of rows) addFigures(total, pickClassFigures(row));
  return total;
}

function pickClassFigures(row: InsightsRow): ClassFigures {
  const { branch: _b, coach: _c, exercise: _e, hour: _h, ...figures } = row;
  return figures;
}

/** Every filtered row of the range. */
export function filteredRows(periods: readonly Period[], filter: InsightsFilter): InsightsRow[] {
  return periods.flatMap((period) => period.rows.filter((row) => rowMatches(row, filter)));
}

/** Figures per value of one dimension (class type, coach, time slot, branch), largest first. */
export function byDimension(
  rows: readonly InsightsRow[],
  dimension: Dimension,
): { value: string; figures: ClassFigures }[] {
  const groups = new Map<string, ClassFigures>();
  for (const row of rows) {
    const figures = groups.get(row[dimension]) ?? emptyClassFigures();
    addFigures(figures, pickClassFigures(row));
    groups.set(row[dimension], figures);
  }
  return [...groups.entries()]
    .map(([value, figures]) => ({ value, figures }))
    .sort((a, b) => b.figures.booked - a.figures.booked || a.value.localeCompare(b.value));
}

/** Null when there is nothing to divide by. */
export function ratio(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

export interface Rates {
  occupancy: number | null;
  attendance: number | null;
  noShow: number | null;
  lateCancel: number | null;
}

export function rates(figures: ClassFigures): Rates {
  const marked = figures.attended + figures.noShow;
  return {
    occupancy: ratio(figures.booked, figures.capacity),
    attendance: ratio(figures.attended, marked),
    noShow: ratio(figures.noShow, marked),
    lateCancel: ratio(figures.lateCancels, figures.booked + figures.lateCancels + figures.cancels),
  };
}

export function revenueTotal(figures: Iterable<RevenueFigures>): RevenueFigures {
  const total = emptyRevenueFigures();
  for (const f of figures) addFigures(total, f);
  return total;
}

/** Revenue of the range by kind or by coupon, largest first. */
export function revenueBy(
  periods: readonly Period[],
  by: keyof RevenueBreakdown,
): { key: string; figures: RevenueFigures }[] {
  const groups = new Map<string, RevenueFigures>();
  for (const period of periods) {
    for (const [key, figures] of Object.entries(period.revenue[by])) {
      groups.set(key, addFigures(groups.get(key) ?? emptyRevenueFigures(), figures));
    }
  }
  return [...groups.entries()]
    .map(([key, figures]) => ({ key, figures }))
    .sort((a, b) => b.figures.gross - a.figures.gross || a.key.localeCompare(b.key));
}

export function netRevenue(figures: RevenueFigures): number {
  return figures.gross - figures.refunded;
}

export interface PeriodSummary {
  key: string;
  classes: ClassFigures;
  revenue: RevenueFigures;
  members: MemberFigures;
  subscriptions: SubscriptionFigures;
}

/** One line per period: its filtered class figures, revenue, members and subscriptions. */
export function periodSummaries(
  periods: readonly Period[],
  filter: InsightsFilter,
): PeriodSummary[] {
  return periods.map((period) => ({
    key: period.key,
    classes: classTotals(period.rows.filter((row) => rowMatches(row, filter))),
    revenue: revenueTotal(Object.values(period.revenue.byKind)),
    members: period.members,
    subscriptions: period.subscriptions,
  }));
}

/** Sums over the range; active members and subscribers are not sums (see `periodSummaries`). */
export function rangeTotals(summaries: readonly PeriodSummary[]) {
  const sum = (pick: (s: PeriodSummary) => number) =>
    summaries.reduce((total, s) => total + pick(s), 0);
  return {
    firstVisits: sum((s) => s.members.firstVisits),
    secondVisits: sum((s) => s.members.secondVisits),
    lapsed: sum((s) => s.members.lapsed),
    started: sum((s) => s.subscriptions.started),
    churned: sum((s) => s.subscriptions.churned),
    subscribersAtEnd: summaries.at(-1)?.subscriptions.active ?? 0,
  };
}

/** The default range: the 30 days up to yesterday. */
export function defaultFilter(today: DateString): InsightsFilter {
  return { from: addDays(today, -30), to: addDays(today, -1), branch: '', coach: '', exercise: '' };
}

const rateText = (value: number | null) => (value === null ? null : value.toFixed(4));

export const CSV_HEADER = [
  'period',
  'classes_held',
  'classes_cancelled',
  'capacity',
  'booked',
  'occupancy',
  'attended',
  'no_shows',
  'attendance_rate',
  'late_cancels',
  'cancels',
  'waitlisted',
  'turned_away',
  'payments',
  'gross',
  'discount',
  'refunded',
  'net',
  'active_members',
  'first_visits',
  'second_visits',
  'lapsed',
  'subscribers',
  'subscriptions_started',
  'subscriptions_churned',
] as const;

/** The columns a branch's figures fill: its classes and its payments (members are the chain's). */
const BRANCH_COLUMNS = CSV_HEADER.indexOf('active_members');

/**
 * The summaries as CSV: a header row, CRLF line ends, money in units, rates as fractions. A
 * branch's (`branch: true`, a branch manager's) stops at the money: members and subscriptions
 * are the chain's, and a column of zeros would read as a fact about the branch.
 */
export function insightsCsv(
  summaries: readonly PeriodSummary[],
  { branch = false }: { branch?: boolean } = {},
): string {
  const width = branch ? BRANCH_COLUMNS : CSV_HEADER.length;
  const lines = summaries.map((s) => {
    const r = rates(s.classes);
    return [
      s.key,
      s.classes.held,
      s.classes.cancelled,
      s.classes.capacity,
      s.classes.booked,
      rateText(r.occupancy),
      s.classes.attended,
      s.classes.noShow,
      rateText(r.attendance),
      s.classes.lateCancels,
      s.classes.cancels,
      s.classes.waitlisted,
      s.classes.turnedAway,
      s.revenue.payments,
      centsToDecimal(s.revenue.gross),
      centsToDecimal(s.revenue.discount),
      centsToDecimal(s.revenue.refunded),
      centsToDecimal(netRevenue(s.revenue)),
      s.members.active,
      s.members.firstVisits,
      s.members.secondVisits,
      s.members.lapsed,
      s.subscriptions.active,
      s.subscriptions.started,
      s.subscriptions.churned,
    ]
      .slice(0, width)
      .map((field) => csvField(field ?? undefined))
      .join(',');
  });
  return [CSV_HEADER.slice(0, width).join(','), ...lines].join('\r\n') + '\r\n';
}
