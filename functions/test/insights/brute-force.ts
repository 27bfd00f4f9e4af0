// Every insights figure counted the plain way, member by member, payment by payment, day by day,
// straight from the records: what the nightly rollup must write (roll-up-insights.test.ts on a
// seeded studio, and the soak on the studio it simulated).
import { addDays, formatDate, toEpoch } from '@studio/core';
import type { DateString } from '@studio/core';
import type { InsightsSeedRecords } from '../support/insights-seed';

type Raw = Record<string, unknown>;
const DAY_MS = 24 * 60 * 60 * 1000;
const num = (value: unknown) => (typeof value === 'number' ? value : 0);
const values = (value: unknown) => Object.values((value ?? {}) as Record<string, Raw>);

export function datesOf(from: DateString, to: DateString): DateString[] {
  const dates: DateString[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) dates.push(d);
  return dates;
}

/** Every expected figure, counted member by member, payment by payment, day by day. */
export function bruteForce(
  records: InsightsSeedRecords,
  dates: readonly DateString[],
  NOW: number,
) {
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

  // Memberships, under the plan each holds: held at an instant (a gift, frozen, or running),
  // started and ended (churned, once the end has come) on the studio day.
  const memberships = Object.values(records.memberships).map((m) => {
    const end =
      m['endedAt'] !== undefined
        ? num(m['endedAt'])
        : m['status'] === 'ended'
          ? num(m['updatedAt'])
          : undefined;
    return {
      planId: m['planId'] as string,
      start: num(m['startedAt']),
      end,
      comp: m['source'] === 'comp',
      freezes: values(m['freezes']).map((f) => ({
        from: num(f['from']),
        to: Math.min(num(f['until']), f['endedAt'] === undefined ? Infinity : num(f['endedAt'])),
      })),
    };
  });
  type Figures = Record<'members' | 'frozen' | 'comped' | 'started' | 'churned', number>;
  const heldAt = (at: number) => {
    const byPlan: Record<string, Partial<Figures>> = {};
    for (const m of memberships) {
      if (m.start > at || (m.end !== undefined && m.end <= at)) continue;
      const field = m.comp
        ? 'comped'
        : m.freezes.some((f) => f.from <= at && at < f.to)
          ? 'frozen'
          : 'members';
      const figures = (byPlan[m.planId] ??= {});
      figures[field] = (figures[field] ?? 0) + 1;
    }
    return byPlan;
  };
  const plansOf = (at: number, onDays: readonly DateString[]) => {
    const byPlan = heldAt(at);
    for (const m of memberships) {
      const figures = (byPlan[m.planId] ??= {});
      if (onDays.includes(formatDate(m.start))) figures.started = (figures.started ?? 0) + 1;
      if (m.end !== undefined && m.end <= NOW && onDays.includes(formatDate(m.end)))
        figures.churned = (figures.churned ?? 0) + 1;
    }
    const plans: Record<string, Figures> = {};
    for (const [planId, figures] of Object.entries(byPlan))
      if (Object.values(figures).some((n) => n > 0))
        plans[planId] = { members: 0, frozen: 0, comped: 0, started: 0, churned: 0, ...figures };
    return plans;
  };

  const days = dates.map((date) => ({
    date,
    classes: classes.get(date) ?? {},
    revenue: revenue.get(date) ?? { byKind: {}, byCoupon: {} },
    members: members(date),
    subscriptions: subscriptions(date),
    plans: plansOf(endOf(date), [date]),
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
      plans: plansOf(
        endOf(lastDay),
        ofMonth.map((d) => d.date),
      ),
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
