import { describe, expect, it } from 'vitest';
import {
  byDimension,
  classTotals,
  filteredRows,
  granularityOf,
  insightsCsv,
  latestLiability,
  parsePeriods,
  periodRange,
  periodSummaries,
  rangeTotals,
  rates,
  revenueBy,
} from './insights';
import type { InsightsFilter } from './insights';
import { DAYS } from './insights.fixture';

const ALL: InsightsFilter = {
  from: '2026-03-01',
  to: '2026-03-02',
  branch: '',
  coach: '',
  exercise: '',
};

describe('insights arithmetic', () => {
  it('reads days up to 62 days and whole months beyond', () => {
    expect(granularityOf('2026-01-01', '2026-03-03')).toBe('day');
    expect(granularityOf('2026-01-01', '2026-03-04')).toBe('month');
    expect(periodRange({ from: '2025-03-15', to: '2026-03-02' })).toEqual({
      granularity: 'month',
      start: '2025-03',
      end: '2026-03',
    });
  });

  it('keeps the stored days that parse, in date order', () => {
    expect(parsePeriods(DAYS, 'day').map((p) => p.key)).toEqual(['2026-03-01', '2026-03-02']);
    expect(parsePeriods(null, 'day')).toEqual([]);
  });

  it('sums the classes that match the filters and takes rates from the sums', () => {
    const periods = parsePeriods(DAYS, 'day');
    const all = classTotals(filteredRows(periods, ALL));
    expect(all).toMatchObject({ held: 2, cancelled: 1, capacity: 30, booked: 28, turnedAway: 3 });
    expect(rates(all).occupancy).toBeCloseTo(28 / 30);
    expect(rates(all).attendance).toBeCloseTo(12 / 16);
    expect(rates(all).lateCancel).toBeCloseTo(3 / 34);
    const ana = classTotals(filteredRows(periods, { ...ALL, coach: 'ana' }));
    expect(ana).toMatchObject({ held: 1, cancelled: 1, booked: 8 });
    expect(rates({ ...ana, capacity: 0 }).occupancy).toBeNull();
  });

  it('groups by class type, coach, time slot and branch', () => {
    const rows = filteredRows(parsePeriods(DAYS, 'day'), ALL);
    expect(byDimension(rows, 'exercise').map((g) => [g.value, g.figures.booked])).toEqual([
      ['ride', 20],
      ['yoga', 8],
    ]);
    expect(byDimension(rows, 'branch')).toHaveLength(1);
  });

  it('sums revenue by kind and coupon, and members and subscriptions over the range', () => {
    const periods = parsePeriods(DAYS, 'day');
    expect(revenueBy(periods, 'byKind').map((r) => r.key)).toEqual(['credits', 'subscription']);
    expect(revenueBy(periods, 'byCoupon')).toEqual([
      { key: 'WELCOME10', figures: { payments: 1, gross: 4500, discount: 500, refunded: 0 } },
    ]);
    expect(rangeTotals(periodSummaries(periods, ALL))).toEqual({
      firstVisits: 4,
      secondVisits: 2,
      lapsed: 3,
      started: 1,
      churned: 1,
      subscribersAtEnd: 5,
    });
  });

  it('writes RFC 4180 CSV: header, CRLF, money in units, empty rates empty', () => {
    const csv = insightsCsv(periodSummaries(parsePeriods(DAYS, 'day'), ALL));
    const lines = csv.split('\r\n');
    expect(
      lines[0]?.startsWith('period,classes_held,classes_cancelled,capacity,booked,occupancy'),
    ).toBe(true);
    expect(lines[1]).toBe(
      '2026-03-01,0,1,0,0,,0,0,,1,1,0,0,1,39.00,0.00,0.00,39.00,12,1,0,2,4,0,1',
    );
    expect(lines[2]).toBe(
      '2026-03-02,2,0,30,28,0.9333,12,4,0.7500,2,2,0,3,2,100.00,10.00,25.00,75.00,20,3,2,1,5,1,0',
    );
    expect(lines[3]).toBe('');
  });

  it('writes a branch’s CSV up to its money, without the chain’s member columns', () => {
    const csv = insightsCsv(periodSummaries(parsePeriods(DAYS, 'day'), ALL), { branch: true });
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'period,classes_held,classes_cancelled,capacity,booked,occupancy,attended,no_shows,attendance_rate,late_cancels,cancels,waitlisted,turned_away,payments,gross,discount,refunded,net',
    );
    expect(lines[2]).toBe(
      '2026-03-02,2,0,30,28,0.9333,12,4,0.7500,2,2,0,3,2,100.00,10.00,25.00,75.00',
    );
  });

  it('takes the newest liability snapshot that parses', () => {
    expect(
      latestLiability({
        '2026-03-01': {
          asOf: 1,
          byKind: { regular: { outstanding: 3, expiring7: 0, expiring30: 1 } },
        },
        '2026-03-02': { asOf: 'later' },
      }),
    ).toEqual({
      date: '2026-03-01',
      asOf: 1,
      byKind: { regular: { outstanding: 3, expiring7: 0, expiring30: 1 } },
    });
  });
});
