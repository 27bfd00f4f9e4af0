// The nightly rollups against a brute-force count: a small deterministic studio
// (classes held and cancelled, late and in-time cancels, waiting lists turned away, refunds,
// coupons, payments paid after midnight, lapsed members, churned and returning subscribers,
// credits expiring and held by a dispute) is rolled up by the job, and every figure of every day
// and month is compared with a count written here the plain way, straight from the seeded
// records. A second run over the same data writes the same values.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from 'firebase-admin/database';
import {
  formatDate,
  insightsDaySchema,
  insightsLiabilitySchema,
  insightsMonthSchema,
  paths,
  toEpoch,
} from '@studio/core';
import { openInstance, studioInstances } from '../../src/engine/instances';
import { defaultWindow, rollUpInsights } from '../../src/handlers/insights/roll-up-insights';
import { startBackend } from '../support/backend';
import type { TestBackend } from '../support/backend';
import { SEED_BRANCHES, seedInsightsStudio } from '../support/insights-seed';
import { bruteForce, datesOf } from './brute-force';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(async () => {
  await backend.stop();
});
beforeEach(async () => {
  await backend.db.ref().set(null);
});

const FROM = '2026-01-01';
const TO = '2026-03-19';
const NOW = toEpoch('2026-03-20', '12:00');
const SEED = {
  members: 40,
  from: FROM,
  to: TO,
  classesPerDay: 3,
  capacity: 6,
  payments: 150,
  subscriptions: 14,
  memberships: 30,
  collect: true,
} as const;

type Raw = Record<string, unknown>;
const num = (value: unknown) => (typeof value === 'number' ? value : 0);

async function stored(db: Database) {
  const days = ((await db.ref(paths.insightsDays()).get()).val() ?? {}) as Raw;
  const months = ((await db.ref(paths.insightsMonths()).get()).val() ?? {}) as Raw;
  const liability = (await db.ref(paths.insightsLiability('2026-03-20')).get()).val() as unknown;
  return { days, months, liability };
}

describe('rollUpInsights', () => {
  it('writes, for every day and month, the figures a brute-force count gives', async () => {
    const db = backend.db;
    const records = await seedInsightsStudio(db, SEED);
    const report = await rollUpInsights({ db, now: () => NOW }, { from: FROM });
    const dates = datesOf(FROM, TO);
    expect(report).toMatchObject({ from: FROM, to: TO, days: dates.length, failed: 0 });
    const expected = bruteForce(records, dates, NOW);
    const { days, months, liability } = await stored(db);

    expect(Object.keys(days).sort()).toEqual(dates);
    for (const day of expected.days) {
      const parsed = insightsDaySchema.parse(days[day.date]);
      expect(parsed, day.date).toEqual(day);
    }
    expect(Object.keys(months).sort()).toEqual(['2026-01', '2026-02', '2026-03']);
    for (const month of expected.months) {
      const parsed = insightsMonthSchema.parse(months[month.month]);
      expect(parsed.cells, month.month).toEqual(month.cells);
      expect(parsed.members, month.month).toEqual(month.members);
      expect(parsed.subscriptions, month.month).toEqual(month.subscriptions);
      expect(parsed.plans, month.month).toEqual(month.plans);
      expect(parsed.days).toBe(month.days);
    }
    expect(insightsLiabilitySchema.parse(liability)).toEqual({
      asOf: NOW,
      byKind: expected.liability,
    });

    // The seed holds every edge case the figures are about, so none of the above is vacuous.
    const totals = expected.days.reduce(
      (sum, day) => {
        for (const row of Object.values(day.classes)) {
          sum.cancelled += num(row['cancelled']);
          sum.late += num(row['lateCancels']);
          sum.turnedAway += num(row['turnedAway']);
        }
        sum.refunded += Object.values(day.revenue.byKind).reduce(
          (t, f) => t + num(f['refunded']),
          0,
        );
        sum.coupons += Object.keys(day.revenue.byCoupon).length;
        sum.lapsed += day.members.lapsed;
        sum.converted += day.members.secondVisits;
        sum.churned += day.subscriptions.churned;
        for (const plan of Object.values(day.plans)) {
          sum.planFrozen += plan.frozen;
          sum.planComped += plan.comped;
          sum.planChurned += plan.churned;
        }
        return sum;
      },
      {
        cancelled: 0,
        late: 0,
        turnedAway: 0,
        refunded: 0,
        coupons: 0,
        lapsed: 0,
        converted: 0,
        churned: 0,
        planFrozen: 0,
        planComped: 0,
        planChurned: 0,
      },
    );
    for (const [figure, total] of Object.entries(totals)) expect(total, figure).toBeGreaterThan(0);
    // Classes after yesterday are not rolled up (they exist in the seed).
    expect(Object.keys(records.classes).some((id) => id.startsWith('c2026-03-20'))).toBe(true);
  });

  it('writes each branch its own class figures and its payments’ money apart, for the admin of that branch', async () => {
    const db = backend.db;
    const records = await seedInsightsStudio(db, { ...SEED, collect: true, seed: 11 });
    await rollUpInsights({ db, now: () => NOW }, { from: FROM });
    const dates = datesOf(FROM, TO);
    const expected = bruteForce(records, dates, NOW);

    let rows = 0;
    let payments = 0;
    for (const branch of SEED_BRANCHES) {
      // The brute-force count of the payments made at this branch only.
      const ofBranch = bruteForce(
        {
          ...records,
          payments: Object.fromEntries(
            Object.entries(records.payments).filter(([, payment]) => payment['branch'] === branch),
          ),
        },
        dates,
        NOW,
      );
      const days = ((await db.ref(paths.insightsBranchDays(branch)).get()).val() ?? {}) as Raw;
      const months = ((await db.ref(paths.insightsBranchMonths(branch)).get()).val() ?? {}) as Raw;
      for (const [i, day] of expected.days.entries()) {
        const parsed = insightsDaySchema.parse(days[day.date]);
        const own = Object.entries(day.classes).filter(([, row]) => row.branch === branch);
        rows += own.length;
        expect(parsed.classes, `${branch} ${day.date}`).toEqual(Object.fromEntries(own));
        expect(parsed.revenue, `${branch} ${day.date}`).toEqual(ofBranch.days[i]?.revenue);
        for (const figures of Object.values(parsed.revenue.byKind)) payments += figures.payments;
        // Members and plans are the chain's: none of it is in a branch's day.
        expect(parsed.members.active).toBe(0);
      }
      for (const month of ofBranch.months) {
        const parsed = insightsMonthSchema.parse(months[month.month]);
        expect(parsed.cells, `${branch} ${month.month}`).toEqual(
          Object.fromEntries(
            Object.entries(month.cells).filter(([, row]) => row.branch === branch),
          ),
        );
        // The month's money is its days' money summed.
        const monthRevenue = { byKind: {}, byCoupon: {} } as Record<
          'byKind' | 'byCoupon',
          Record<string, Record<string, number>>
        >;
        for (const day of ofBranch.days.filter((d) => d.date.startsWith(month.month)))
          for (const part of ['byKind', 'byCoupon'] as const)
            for (const [key, figures] of Object.entries(day.revenue[part])) {
              const sum = (monthRevenue[part][key] ??= {});
              for (const [field, value] of Object.entries(figures))
                sum[field] = (sum[field] ?? 0) + num(value);
            }
        expect(parsed.revenue, `${branch} ${month.month}`).toEqual(monthRevenue);
      }
    }
    expect(rows).toBe(expected.days.reduce((n, day) => n + Object.keys(day.classes).length, 0));
    // Some money is a branch's and some (no branch) only the chain's.
    const chainPayments = expected.days.reduce(
      (n, day) => n + Object.values(day.revenue.byKind).reduce((t, f) => t + num(f['payments']), 0),
      0,
    );
    expect(payments).toBeGreaterThan(0);
    expect(payments).toBeLessThan(chainPayments);
  });

  it('lists each branch’s members: home (chosen, else the first visit’s branch) and visits', async () => {
    const db = backend.db;
    const records = await seedInsightsStudio(db, { ...SEED, collect: true, seed: 5 });
    await db.ref(paths.branches()).set({
      centro: { name: 'Centro', active: true },
      norte: { name: 'Norte', active: true },
    });
    await rollUpInsights({ db, now: () => NOW }, { from: FROM });

    // The plain count: every visit (a started class attended or still booked) by branch.
    const expected: Record<string, Record<string, Raw>> = { centro: {}, norte: {} };
    const uids = new Set([...Object.keys(records.userClasses), ...Object.keys(records.homes)]);
    for (const uid of uids) {
      const visits = Object.values(records.userClasses[uid] ?? {})
        .filter(
          (v) => num(v['startsAt']) <= NOW && ['attended', 'booked'].includes(String(v['status'])),
        )
        .sort((a, b) => num(a['startsAt']) - num(b['startsAt']));
      for (const v of visits) {
        const branch = String(v['branch']);
        const date = String(v['date']);
        const row = (expected[branch]![uid] ??= { visits: 0 });
        row['visits'] = num(row['visits']) + 1;
        if (typeof row['lastVisit'] !== 'string' || row['lastVisit'] < date)
          row['lastVisit'] = date;
      }
      const chosen = records.homes[uid];
      const first = visits[0];
      const home =
        chosen === 'norte' ? chosen : first === undefined ? undefined : String(first['branch']);
      if (home !== undefined) (expected[home]![uid] ??= { visits: 0 })['home'] = true;
    }
    const stored = async (branch: string) =>
      ((await db.ref(paths.branchMembers(branch)).get()).val() ?? {}) as Raw;
    expect(await stored('centro')).toEqual(expected['centro']);
    expect(await stored('norte')).toEqual(expected['norte']);
    // Not vacuous: chosen homes, first-visit homes and visitors who live elsewhere are all there.
    const norte = Object.values(expected['norte']!);
    expect(norte.filter((row) => row['home'] === true).length).toBeGreaterThan(0);
    expect(norte.filter((row) => row['home'] === undefined).length).toBeGreaterThan(0);
    expect(Object.values(records.homes)).toContain('sur');
    expect(await stored('sur')).toEqual({});
  });

  it('writes the same values when run again over the same data', async () => {
    const db = backend.db;
    await seedInsightsStudio(db, { ...SEED, collect: false, seed: 7 });
    await rollUpInsights({ db, now: () => NOW }, { from: FROM });
    const first = await stored(db);
    await rollUpInsights({ db, now: () => NOW }, { from: FROM });
    expect(await stored(db)).toEqual(first);
  });

  it('replaces a day when its data changed, instead of adding to it', async () => {
    const db = backend.db;
    const records = await seedInsightsStudio(db, SEED);
    await rollUpInsights({ db, now: () => NOW }, { from: FROM });
    const [id, payment] = Object.entries(records.payments).find(
      ([, p]) => p['status'] === 'paid' && formatDate(num(p['paidAt'])) > FROM,
    ) as [string, Raw];
    const day = formatDate(num(payment['paidAt']));
    const kind = payment['kind'] as string;
    const before = insightsDaySchema.parse((await db.ref(paths.insightsDay(day)).get()).val());
    await db
      .ref(paths.payment(id))
      .update({ status: 'refunded', amountRefunded: payment['amount'] });
    await rollUpInsights({ db, now: () => NOW }, { from: FROM });
    const after = insightsDaySchema.parse((await db.ref(paths.insightsDay(day)).get()).val());
    expect(after.revenue.byKind[kind]).toEqual({
      ...before.revenue.byKind[kind],
      refunded: num(before.revenue.byKind[kind]?.refunded) + num(payment['amount']),
    });
    expect(after.classes).toEqual(before.classes);
  });

  it("gives the same figures with a branch's classes, rosters and views in its own instance", async () => {
    const db = backend.db;
    const records = await seedInsightsStudio(db, { ...SEED, collect: true, seed: 11 });
    await rollUpInsights({ db, now: () => NOW }, { from: FROM });
    const oneInstance = await stored(db);
    const report = await rollUpInsights({ db, now: () => NOW }, { from: FROM });

    // One branch moves to instance `insights-branch`: its classes, their rosters and the members'
    // views of them (members, payments and the rest stay in the default instance).
    const branchId = String(Object.values(records.classes)[0]?.['branch']);
    const branch = openInstance(db, 'insights-branch');
    await branch.ref().set(null);
    const moves: Record<string, unknown> = {};
    const removals: Record<string, null> = {};
    for (const [classId, cls] of Object.entries(records.classes)) {
      if (cls['branch'] !== branchId) continue;
      for (const path of [paths.class(classId), paths.classRoster(classId)]) {
        moves[path] = (await db.ref(path).get()).val();
        removals[path] = null;
      }
      for (const [uid, views] of Object.entries(records.userClasses))
        if (views[classId] !== undefined) {
          moves[paths.userClass(uid, classId)] = views[classId];
          removals[paths.userClass(uid, classId)] = null;
        }
    }
    expect(Object.keys(removals).length).toBeGreaterThan(0);
    await branch.ref().update(moves);
    await db.ref().update(removals);
    await db
      .ref(paths.branch(branchId))
      .set({ name: branchId, databaseInstance: 'insights-branch' });
    await db.ref(paths.insightsDays()).set(null);
    await db.ref(paths.insightsMonths()).set(null);

    // Fresh lookups (a deployed instance trusts its own for a minute).
    const instances = studioInstances(db);
    const twoInstances = await rollUpInsights({ db, now: () => NOW, instances }, { from: FROM });
    // Every class counted once, every member once (with their views in both instances).
    expect(twoInstances).toEqual(report);
    const after = await stored(db);
    expect(after.days).toEqual(oneInstance.days);
    expect(after.months).toEqual(oneInstance.months);
  });

  it('counts a record that does not parse as failed and rolls up the rest', async () => {
    const db = backend.db;
    await seedInsightsStudio(db, {
      ...SEED,
      members: 10,
      payments: 20,
      subscriptions: 3,
      collect: false,
    });
    await db.ref(paths.class('broken')).set({ date: '2026-03-10', hour: 'soon' });
    const report = await rollUpInsights({ db, now: () => NOW }, { from: '2026-03-01' });
    expect(report.failed).toBe(1);
    const day = insightsDaySchema.parse(
      (await db.ref(paths.insightsDay('2026-03-10')).get()).val(),
    );
    expect(Object.keys(day.classes)).toHaveLength(SEED.classesPerDay);
    expect(day.classes['broken']).toBeUndefined();
  });

  it('rolls up, by default, from the first of the month 35 days back to yesterday, never today', async () => {
    expect(defaultWindow(NOW)).toEqual({ from: '2026-02-01', to: '2026-03-19' });
    expect(defaultWindow(toEpoch('2026-03-01', '01:00'))).toEqual({
      from: '2026-01-01',
      to: '2026-02-28',
    });
    const db = backend.db;
    await seedInsightsStudio(db, {
      ...SEED,
      members: 5,
      payments: 5,
      subscriptions: 1,
      collect: false,
    });
    const report = await rollUpInsights(
      { db, now: () => NOW },
      { from: '2026-03-01', to: '2026-03-25' },
    );
    expect(report.to).toBe('2026-03-19');
    expect((await db.ref(paths.insightsDay('2026-03-20')).get()).exists()).toBe(false);
  });
});
