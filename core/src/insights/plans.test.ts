import { describe, expect, it } from 'vitest';
import type { PlanFigures } from '../schemas/insights';
import type { Membership } from '../schemas/plans';
import { toEpoch } from '../time';
import { membershipEvents, monthlyPrice, planRollup, planStanding } from './plans';
import type { CataloguePlan } from './plans';

const TZ = 'America/Monterrey';
const at = (date: string, hour = '00:00') => toEpoch(date, hour, TZ);
const NOW = at('2026-11-29', '03:00');

const membership = (extra: Partial<Membership> = {}): Membership => ({
  id: 'sub_1',
  uid: 'ana',
  planId: 'daily',
  terms: { kind: 'unlimited', name: 'Unlimited', interval: 'month', dailyCap: 1 },
  source: 'stripe',
  status: 'active',
  startedAt: at('2026-10-03', '09:15'),
  updatedAt: at('2026-10-03', '09:15'),
  ...extra,
});

const freeze = (from: string, until: string, endedAt?: number) => ({
  from: at(from),
  until: at(until),
  by: 'member' as const,
  requestedAt: at(from),
  ...(endedAt === undefined ? {} : { endedAt }),
});

describe('planStanding', () => {
  const frozen = membership({
    freezes: { f1: freeze('2026-11-10', '2026-11-24', at('2026-11-17', '08:00')) },
  });
  const ended = membership({ status: 'ended', endedAt: at('2026-11-20', '23:30') });
  it.each([
    ['before it started', membership(), at('2026-10-03', '09:00'), undefined],
    ['from the instant it started', membership(), at('2026-10-03', '09:15'), 'members'],
    ['inside a freeze', frozen, at('2026-11-12'), 'frozen'],
    ['after a freeze ended early', frozen, at('2026-11-17', '08:00'), 'members'],
    ['a gift, frozen or not', membership({ source: 'comp' }), NOW, 'comped'],
    ['just before it ended', ended, at('2026-11-20', '23:29'), 'members'],
    ['once it ended', ended, at('2026-11-20', '23:30'), undefined],
    [
      'ended without endedAt: from its last change',
      membership({ status: 'ended', updatedAt: at('2026-11-01') }),
      at('2026-11-01'),
      undefined,
    ],
  ])('%s', (_, held, instant, expected) => {
    expect(planStanding(held, instant)).toBe(expected);
  });
});

describe('membershipEvents', () => {
  it('counts the start and the end on the studio day they happened', () => {
    // 23:30 in Monterrey on the 20th is the 21st in UTC: the studio's day is the 20th.
    const ended = membership({
      startedAt: at('2026-10-31', '23:45'),
      status: 'ended',
      endedAt: at('2026-11-20', '23:30'),
    });
    expect(new Date(at('2026-11-20', '23:30')).toISOString().slice(0, 10)).toBe('2026-11-21');
    expect(membershipEvents(ended, NOW, TZ)).toEqual({
      started: '2026-10-31',
      churned: '2026-11-20',
    });
  });

  it('has no churn while the membership runs, or before its end has come', () => {
    expect(membershipEvents(membership(), NOW, TZ).churned).toBeUndefined();
    const cancelling = membership({ status: 'cancelling', endedAt: at('2026-12-03') });
    expect(membershipEvents(cancelling, NOW, TZ).churned).toBeUndefined();
    expect(membershipEvents(cancelling, at('2026-12-03'), TZ).churned).toBe('2026-12-03');
  });
});

describe('monthlyPrice', () => {
  it.each([
    ['month', 120_000, 120_000],
    ['year', 1_200_000, 100_000],
    // 365.25 / 12 / 7 weeks in a month.
    ['week', 35_000, 152_188],
  ] as const)('a %sly price of %i cents is %i a month', (interval, price, expected) => {
    expect(monthlyPrice({ interval, price })).toBe(expected);
  });
});

describe('planRollup', () => {
  const plan = (name: string, price: number, interval: CataloguePlan['interval'], order: number) =>
    ({ name, price, interval, currency: 'MXN', active: true, order }) satisfies CataloguePlan;
  const catalogue: Record<string, CataloguePlan> = {
    daily: plan('Unlimited, one class a day', 120_000, 'month', 1),
    weekly: plan('Two classes a week', 35_000, 'week', 2),
    yearly: plan('Annual', 1_200_000, 'year', 3),
    retired: { ...plan('Old plan', 90_000, 'month', 4), active: false },
    empty: plan('New plan', 50_000, 'month', 5),
    dollars: { ...plan('Visitor', 4_000, 'month', 6), currency: 'USD' },
  };
  const figures = (extra: Partial<PlanFigures>): PlanFigures => ({
    members: 0,
    frozen: 0,
    comped: 0,
    started: 0,
    churned: 0,
    ...extra,
  });
  const periods: { plans: Record<string, PlanFigures> }[] = [
    {
      plans: {
        daily: figures({ members: 4, started: 2, churned: 1 }),
        weekly: figures({ members: 3, started: 1 }),
        gone: figures({ members: 1, churned: 1 }),
      },
    },
    {
      plans: {
        daily: figures({ members: 5, frozen: 2, comped: 1, started: 3, churned: 1 }),
        weekly: figures({ members: 2, frozen: 1, churned: 1 }),
        yearly: figures({ members: 1, started: 1 }),
        dollars: figures({ members: 2, started: 2 }),
      },
    },
  ];

  it('takes members at the end of the range, sums starts and churn, and prices each plan', () => {
    const rollup = planRollup(periods, catalogue);
    expect(rollup.rows.map((r) => r.planId)).toEqual([
      'daily',
      'weekly',
      'yearly',
      'empty',
      'dollars',
      'gone',
    ]);
    const [daily, weekly, yearly, empty, , gone] = rollup.rows;
    expect(daily).toMatchObject({
      name: 'Unlimited, one class a day',
      members: 5,
      frozen: 2,
      comped: 1,
      started: 5,
      churned: 2,
      // 2 churned of the 8 held at the end plus the 2 who left.
      churnRate: 0.2,
      mrr: 5 * 120_000,
      frozenMrr: 2 * 120_000,
    });
    expect(weekly).toMatchObject({
      members: 2,
      frozen: 1,
      churned: 1,
      churnRate: 0.25,
      mrr: 2 * 152_188,
      frozenMrr: 152_188,
    });
    expect(yearly).toMatchObject({ members: 1, mrr: 100_000, churnRate: 0 });
    expect(empty).toMatchObject({ members: 0, mrr: 0, churnRate: null });
    // Gone from the catalogue: named by its id, no price to count.
    expect(gone).toMatchObject({ name: 'gone', plan: undefined, churned: 1, mrr: null });
    expect(rollup).toMatchObject({
      members: 10,
      frozen: 3,
      comped: 1,
      started: 9,
      churned: 4,
      churnRate: 4 / 18,
      mrr: { MXN: 600_000 + 304_376 + 100_000, USD: 8_000 },
      frozenMrr: { MXN: 240_000 + 152_188, USD: 0 },
    });
  });

  it('lists the plans on sale, at zero, when the range holds nothing', () => {
    const rollup = planRollup([], catalogue);
    expect(rollup.rows.map((r) => r.planId)).toEqual([
      'daily',
      'weekly',
      'yearly',
      'empty',
      'dollars',
    ]);
    expect(rollup).toMatchObject({ members: 0, churned: 0, churnRate: null });
    expect(rollup.mrr).toEqual({ MXN: 0, USD: 0 });
  });
});
