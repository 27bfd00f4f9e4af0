// The nightly rollups against a brute-force count (issue 21): a small deterministic studio
// (classes held and cancelled, late and in-time cancels, waiting lists turned away, refunds,
// coupons, payments paid after midnight, lapsed members, churned and returning subscribers,
// credits expiring and held by a dispute) is rolled up by the job, and every figure of every day
// and month is compared with a count written here the plain way, straight from the seeded
// records. A second run over the same data writes the same values.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from 'firebase-admin/database';
import {
  addDays,
  formatDate,
  insightsDaySchema,
  insightsLiabilitySchema,
  insightsMonthSchema,
  paths,
  toEpoch,
} from '@studio/core';
import type { DateString } from '@studio/core';
import { defaultWindow, rollUpInsights } from '../../src/handlers/insights/roll-up-insights';
import { startBackend } from '../support/backend';
import type { TestBackend } from '../support/backend';
import { seedInsightsStudio } from '../support/insights-seed';
import type { InsightsSeedRecords } from '../support/insights-seed';

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

const DAY_MS = 24 * 60 * 60 * 1000;
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
  collect: true,
} as const;

type Raw = Record<string, unknown>;
const num = (value: unknown) => (typeof value === 'number' ? value : 0);
const values = (value: unknown) => Object.values((value ?? {}) as Record<string, Raw>);

function datesOf(from: DateString, to: DateString): DateString[] {
  const dates: DateString[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) dates.push(d);
  return dates;
}

/** Every expected figure, counted member by member, payment by payment, day by day. */
function bruteForce(records: InsightsSeedRecords, dates: readonly DateString[]) {
  const inWindow = new Set(dates);
  const classes = new Map<DateString, Record<string, Raw>>();
  for (const [classId, c] of Object.entries(records.classes)) {
    if (!inWindow.has(c['date'] as string)) continue;
    const roster = records.rosters[classId] ?? {};
    const cancelled = c['status'] === 'cancelled';
    const bookings = values(roster['bookings']);
    const ended = values(roster['ended']);
    const departed = values(roster['departed']);
    const waiting = values(roster['waitlist']).length;
    const byDay = classes.get(c['date'] as string) ?? {};
    byDay[classId] = {
      held: cancelled ? 0 : 1,
      cancelled: cancelled ? 1 : 0,
      capacity: cancelled ? 0 : c['capacity'],
      booked: cancelled ? 0 : bookings.length,
      attended: cancelled ? 0 : bookings.filter((b) => b['attendance'] === 'attended').length,
      noShow: cancelled ? 0 : bookings.filter((b) => b['attendance'] === 'no-show').length,
      lateCancels: ended.filter((e) => e['outcome'] === 'late').length,
      cancels: ended.filter((e) => e['outcome'] === 'refund').length,
      waitlisted: waiting + departed.length,
      turnedAway: cancelled
        ? 0
        : waiting +
          departed.filter((d) => d['status'] === 'closed' || d['status'] === 'past-cutoff').length,
      branch: c['branch'],
      coach: c['coach'],
      exercise: c['exercise'],
      hour: c['hour'],
    };
    classes.set(c['date'] as string, byDay);
  }

  const visits = new Map<string, { date: DateString; startsAt: number }[]>();
  for (const [uid, entries] of Object.entries(records.userClasses)) {
    const list = values(entries)
      .filter(
        (e) =>
          (e['status'] === 'attended' || e['status'] === 'booked') && num(e['startsAt']) <= NOW,
      )
      .map((e) => ({ date: e['date'] as DateString, startsAt: num(e['startsAt']) }))
      .sort((a, b) => a.startsAt - b.startsAt);
    visits.set(uid, list);
  }
  const visitedOn = (uid: string, date: DateString) =>
    (visits.get(uid) ?? []).some((v) => v.date === date);
  const members = (date: DateString) => {
    let active = 0;
    let firstVisits = 0;
    let secondVisits = 0;
    let lapsed = 0;
    for (const [uid, list] of visits) {
      if (visitedOn(uid, date)) active += 1;
      const [first, second] = list;
      if (first?.date === date) {
        firstVisits += 1;
        if (second && second.startsAt - first.startsAt <= 30 * DAY_MS) secondVisits += 1;
      }
      const quiet = Array.from({ length: 30 }, (_, k) => addDays(date, -k)).every(
        (d) => !visitedOn(uid, d),
      );
      if (visitedOn(uid, addDays(date, -30)) && quiet) lapsed += 1;
    }
    return { active, firstVisits, secondVisits, lapsed };
  };

  const revenue = new Map<
    DateString,
    { byKind: Record<string, Raw>; byCoupon: Record<string, Raw> }
  >();
  for (const p of Object.values(records.payments)) {
    if (!['paid', 'refunded', 'partially-refunded'].includes(p['status'] as string)) continue;
    const day = formatDate(num(p['paidAt']));
    if (!inWindow.has(day)) continue;
    const entry = revenue.get(day) ?? { byKind: {}, byCoupon: {} };
    const add = (into: Record<string, Raw>, key: string) => {
      const f = into[key] ?? { payments: 0, gross: 0, discount: 0, refunded: 0 };
      into[key] = {
        payments: num(f['payments']) + 1,
        gross: num(f['gross']) + num(p['amount']),
        discount: num(f['discount']) + num(p['discount']),
        refunded: num(f['refunded']) + num(p['amountRefunded']),
      };
    };
    add(entry.byKind, p['kind'] as string);
    if (typeof p['coupon'] === 'string') add(entry.byCoupon, p['coupon']);
    revenue.set(day, entry);
  }

  const GRACE = 3 * DAY_MS;
  const periods = Object.values(records.grants).map((grants) =>
    values(grants).map((g) => ({ start: num(g['periodStart']), end: num(g['periodEnd']) })),
  );
  const endOf = (date: DateString) => toEpoch(addDays(date, 1), '00:00') - 1;
  const subscribersAt = (at: number) =>
    periods.filter((list) => list.some((p) => p.start <= at && at < p.end)).length;
  const subscriptions = (date: DateString) => ({
    active: subscribersAt(endOf(date)),
    started: periods
      .flatMap((list) =>
        list.filter((p) => !list.some((q) => q.start < p.start && q.end >= p.start - GRACE)),
      )
      .filter((p) => formatDate(p.start) === date).length,
    churned: periods
      .flatMap((list) =>
        list.filter(
          (p) =>
            p.end + GRACE <= NOW &&
            !list.some((q) => q !== p && q.start >= p.start && q.start <= p.end + GRACE),
        ),
      )
      .filter((p) => formatDate(p.end) === date).length,
  });

  const days = dates.map((date) => ({
    date,
    classes: classes.get(date) ?? {},
    revenue: revenue.get(date) ?? { byKind: {}, byCoupon: {} },
    members: members(date),
    subscriptions: subscriptions(date),
  }));

  const months = [...new Set(dates.map((d) => d.slice(0, 7)))].map((month) => {
    const ofMonth = days.filter((d) => d.date.startsWith(month));
    const sum = (pick: (d: (typeof days)[number]) => number) =>
      ofMonth.reduce((total, d) => total + pick(d), 0);
    const cells: Record<string, Record<string, unknown>> = {};
    for (const day of ofMonth) {
      for (const row of Object.values(day.classes)) {
        const key = [row['branch'], row['coach'], row['exercise'], row['hour']].join('~');
        const cell = cells[key];
        if (cell === undefined) cells[key] = { ...row };
        else
          for (const [field, value] of Object.entries(row))
            if (typeof value === 'number') cell[field] = num(cell[field]) + value;
      }
    }
    const lastDay = ofMonth.at(-1)?.date ?? month;
    return {
      month,
      days: ofMonth.length,
      cells,
      members: {
        active: [...visits.values()].filter((list) => list.some((v) => v.date.startsWith(month)))
          .length,
        firstVisits: sum((d) => d.members.firstVisits),
        secondVisits: sum((d) => d.members.secondVisits),
        lapsed: sum((d) => d.members.lapsed),
      },
      subscriptions: {
        active: subscribersAt(endOf(lastDay)),
        started: sum((d) => d.subscriptions.started),
        churned: sum((d) => d.subscriptions.churned),
      },
    };
  });

  const liability: Record<string, { outstanding: number; expiring7: number; expiring30: number }> =
    {};
  for (const list of Object.values(records.wallets)) {
    for (const credit of values(list)) {
      const left = num(credit['expiresAt']) - NOW;
      if (left <= 0 || credit['hold'] !== undefined) continue;
      const f = (liability[credit['kind'] as string] ??= {
        outstanding: 0,
        expiring7: 0,
        expiring30: 0,
      });
      f.outstanding += 1;
      if (left <= 7 * DAY_MS) f.expiring7 += 1;
      if (left <= 30 * DAY_MS) f.expiring30 += 1;
    }
  }
  return { days, months, liability };
}

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
    const expected = bruteForce(records, dates);
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
      },
    );
    for (const [figure, total] of Object.entries(totals)) expect(total, figure).toBeGreaterThan(0);
    // Classes after yesterday are not rolled up (they exist in the seed).
    expect(Object.keys(records.classes).some((id) => id.startsWith('c2026-03-20'))).toBe(true);
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
