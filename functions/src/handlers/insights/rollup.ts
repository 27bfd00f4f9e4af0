// The figures of one run, held in memory while the job reads (one day's and one month's
// documents per day and month of the window), then written whole: every document of the window
// is replaced, so a re-run over the same data writes the same values.
import {
  addFigures,
  emptyClassFigures,
  emptyMemberFigures,
  emptyPlanFigures,
  emptyRevenueFigures,
  emptySubscriptionFigures,
  insightsCellKey,
} from '@studio/core';
import type {
  DateString,
  InsightsDay,
  InsightsMonth,
  InsightsRow,
  MemberFigures,
  PlanFigures,
  RevenueBreakdown,
  RevenueFigures,
  SubscriptionFigures,
} from '@studio/core';
import { addDays } from '@studio/core';

export class Rollup {
  readonly dates: readonly DateString[];
  readonly months: readonly string[];
  private readonly daysByDate = new Map<DateString, InsightsDay>();
  private readonly monthsByKey = new Map<string, InsightsMonth>();
  /** Each branch's money by day and by month (`branch` of the payment), keyed branch → period. */
  private readonly branchRevenue = new Map<string, Map<string, RevenueBreakdown>>();

  constructor(
    readonly from: DateString,
    readonly to: DateString,
  ) {
    const dates: DateString[] = [];
    for (let day = from; day <= to; day = addDays(day, 1)) dates.push(day);
    this.dates = dates;
    this.months = [...new Set(dates.map(monthOf))];
    for (const date of dates) {
      this.daysByDate.set(date, {
        date,
        classes: {},
        revenue: { byKind: {}, byCoupon: {} },
        members: emptyMemberFigures(),
        subscriptions: emptySubscriptionFigures(),
        plans: {},
      });
    }
    for (const month of this.months) {
      this.monthsByKey.set(month, {
        month,
        days: dates.filter((d) => monthOf(d) === month).length,
        cells: {},
        revenue: { byKind: {}, byCoupon: {} },
        members: emptyMemberFigures(),
        subscriptions: emptySubscriptionFigures(),
        plans: {},
      });
    }
  }

  has(date: DateString): boolean {
    return this.daysByDate.has(date);
  }

  day(date: DateString): InsightsDay | undefined {
    return this.daysByDate.get(date);
  }

  month(month: string): InsightsMonth | undefined {
    return this.monthsByKey.get(month);
  }

  addClass(date: DateString, classId: string, row: InsightsRow): void {
    const day = this.daysByDate.get(date);
    const month = this.monthsByKey.get(monthOf(date));
    if (!day || !month) return;
    day.classes[classId] = row;
    const key = insightsCellKey(row);
    const cell = (month.cells[key] ??= {
      ...emptyClassFigures(),
      branch: row.branch,
      coach: row.coach,
      exercise: row.exercise,
      hour: row.hour,
    });
    addFigures(cell, row);
  }

  /** Adds a payment to the chain's day and month and, with `branch`, to that branch's too. */
  addRevenue(
    date: DateString,
    kind: string,
    coupon: string | undefined,
    figures: RevenueFigures,
    branch?: string,
  ): void {
    for (const breakdown of this.both(
      date,
      (d) => d.revenue,
      (m) => m.revenue,
    )) {
      addRevenueTo(breakdown, kind, coupon, figures);
    }
    if (branch === undefined || !this.daysByDate.has(date)) return;
    const periods = this.branchRevenue.get(branch) ?? new Map<string, RevenueBreakdown>();
    this.branchRevenue.set(branch, periods);
    for (const period of [date, monthOf(date)]) {
      const breakdown = periods.get(period) ?? { byKind: {}, byCoupon: {} };
      periods.set(period, breakdown);
      addRevenueTo(breakdown, kind, coupon, figures);
    }
  }

  /**
   * Adds to the day's member figures and, when `month` is set, the month's; a day outside the
   * window (a lapse still to come) adds nothing.
   */
  addMember(date: DateString, field: keyof MemberFigures, month: boolean): void {
    const day = this.daysByDate.get(date);
    if (!day) return;
    day.members[field] += 1;
    const monthly = month ? this.monthsByKey.get(monthOf(date)) : undefined;
    if (monthly) monthly.members[field] += 1;
  }

  /** Counts a member once in each month they visited. */
  addActiveMonth(month: string): void {
    const monthly = this.monthsByKey.get(month);
    if (monthly) monthly.members.active += 1;
  }

  addSubscription(date: DateString, field: keyof SubscriptionFigures): void {
    const day = this.daysByDate.get(date);
    if (!day) return;
    day.subscriptions[field] += 1;
    const month = this.monthsByKey.get(monthOf(date));
    if (month && field !== 'active') month.subscriptions[field] += 1;
  }

  addActiveSubscriptionMonth(month: string): void {
    const monthly = this.monthsByKey.get(month);
    if (monthly) monthly.subscriptions.active += 1;
  }

  /** Adds one to a plan's figure of the day and, unless `monthly` is false, of its month. */
  addPlan(date: DateString, planId: string, field: keyof PlanFigures, monthly = true): void {
    const day = this.daysByDate.get(date);
    if (!day) return;
    (day.plans[planId] ??= emptyPlanFigures())[field] += 1;
    const month = monthly ? this.monthsByKey.get(monthOf(date)) : undefined;
    if (month) (month.plans[planId] ??= emptyPlanFigures())[field] += 1;
  }

  /** Counts a membership held at the end of a month (its last day within the window). */
  addPlanMonth(month: string, planId: string, field: keyof PlanFigures): void {
    const monthly = this.monthsByKey.get(month);
    if (monthly) (monthly.plans[planId] ??= emptyPlanFigures())[field] += 1;
  }

  /** The last day of each month within the window (where a month's subscribers are counted). */
  lastDayOf(month: string): DateString | undefined {
    return this.dates.filter((d) => monthOf(d) === month).at(-1);
  }

  allDays(): InsightsDay[] {
    return [...this.daysByDate.values()];
  }

  allMonths(): InsightsMonth[] {
    return [...this.monthsByKey.values()];
  }

  /**
   * One branch's view of the window: each day with only that branch's classes and each month
   * with only its cells, and the money of the payments made at that branch (`branch` of the
   * payment: its desk's sales, its site's checkouts); members and plans are the chain's. Written
   * for every branch on every run, so a branch's days are replaced whole like the chain's.
   */
  branchDays(branchId: string): Pick<InsightsDay, 'date' | 'classes' | 'revenue'>[] {
    return this.allDays().map((day) => ({
      date: day.date,
      classes: Object.fromEntries(
        Object.entries(day.classes).filter(([, row]) => row.branch === branchId),
      ),
      revenue: this.branchRevenue.get(branchId)?.get(day.date) ?? { byKind: {}, byCoupon: {} },
    }));
  }

  branchMonths(branchId: string): Pick<InsightsMonth, 'month' | 'days' | 'cells' | 'revenue'>[] {
    return this.allMonths().map((month) => ({
      month: month.month,
      days: month.days,
      cells: Object.fromEntries(
        Object.entries(month.cells).filter(([, row]) => row.branch === branchId),
      ),
      revenue: this.branchRevenue.get(branchId)?.get(month.month) ?? {
        byKind: {},
        byCoupon: {},
      },
    }));
  }

  /** Every branch with a class or a payment in the window. */
  branches(): Set<string> {
    const seen = new Set<string>(this.branchRevenue.keys());
    for (const day of this.daysByDate.values())
      for (const row of Object.values(day.classes)) seen.add(row.branch);
    return seen;
  }

  private both<T>(
    date: DateString,
    ofDay: (day: InsightsDay) => T,
    ofMonth: (month: InsightsMonth) => T,
  ): T[] {
    const day = this.daysByDate.get(date);
    const month = this.monthsByKey.get(monthOf(date));
    return [...(day ? [ofDay(day)] : []), ...(month ? [ofMonth(month)] : [])];
  }
}

export function monthOf(date: DateString): string {
  return date.slice(0, 7);
}

function addRevenueTo(
  breakdown: RevenueBreakdown,
  kind: string,
  coupon: string | undefined,
  figures: RevenueFigures,
): void {
  addFigures((breakdown.byKind[kind] ??= emptyRevenueFigures()), figures);
  if (coupon !== undefined)
    addFigures((breakdown.byCoupon[coupon] ??= emptyRevenueFigures()), figures);
}
