// The nightly rollups (docs/architecture/insights.md): reads the classes, rosters and payments of
// a window of days, every member's class history, every subscription's granted periods, every
// membership and every wallet, and replaces the window's day and month documents under
// `Insights`. Pure figures come from core (`classFigures`, `paymentRevenue`, `memberEvents`,
// `subscriptionSpells`, `planStanding`, `membershipEvents`, `creditLiability`); this file only
// reads, sums and writes.
import type { Database } from 'firebase-admin/database';
import {
  STUDIO_TIME_ZONE,
  addDays,
  addFigures,
  classDimensions,
  classFigures,
  classSchema,
  classesByDateRange,
  creditLiability,
  creditsListSchema,
  emptyLiabilityFigures,
  formatDate,
  memberBranches,
  memberEvents,
  membershipEvents,
  membershipSchema,
  parseStored,
  paths,
  paymentRevenue,
  paymentSchema,
  planStanding,
  rosterSchema,
  rtdbMap,
  spellChurned,
  spellCovers,
  subscriptionGrantSchema,
  subscriptionSpells,
  toEpoch,
  userClassSchema,
  withHomeBranch,
} from '@studio/core';
import type {
  BranchMember,
  CreditKind,
  DateString,
  InsightsLiability,
  LiabilityFigures,
} from '@studio/core';
import {
  forEachChild,
  instancesFor,
  jobItemFailed,
  readClassRange,
  readSettings,
} from '../../engine';
import type { Instances, PageOptions } from '../../engine';
import { Rollup, monthOf } from './rollup';

export const JOB = 'rollUpInsights';
/** Each night re-computes from the first of the month this many days back (late refunds, conversions). */
export const REFRESH_DAYS = 35;
/** Days of classes or payments read per query. */
const CHUNK_DAYS = 7;
/** Rosters read at once. */
const ROSTER_CONCURRENCY = 8;
/** Documents written per multi-path update. */
const WRITE_BATCH = 40;
export const INSIGHTS_PAGES: PageOptions = { pageSize: 200, concurrency: 1 };

export interface InsightsDeps {
  /** The default instance. */
  db: Database;
  now: () => number;
  /** The instances holding classes and their views (default: those `db`'s project names). */
  instances?: Instances;
}

export interface RollUpOptions {
  /** First day to compute (moved back to the first of its month); default: see `defaultWindow`. */
  from?: DateString;
  /** Last day; default yesterday. Never later than yesterday (a day is rolled up once it is over). */
  to?: DateString;
  tz?: string;
  pages?: PageOptions;
}

export interface RollUpReport {
  from: DateString;
  to: DateString;
  days: number;
  classes: number;
  payments: number;
  members: number;
  subscriptions: number;
  memberships: number;
  wallets: number;
  failed: number;
}

/** Yesterday, and from the first of the month `REFRESH_DAYS` before it. */
export function defaultWindow(
  nowMs: number,
  tz: string = STUDIO_TIME_ZONE,
): { from: DateString; to: DateString } {
  const to = addDays(formatDate(nowMs, tz), -1);
  return { from: `${monthOf(addDays(to, -REFRESH_DAYS))}-01`, to };
}

export async function rollUpInsights(
  deps: InsightsDeps,
  options: RollUpOptions = {},
): Promise<RollUpReport> {
  const nowMs = deps.now();
  // The studio's own zone (Settings.timeZone, as the mail and booking jobs use), so a day's
  // figures are the studio's day.
  const tz = options.tz ?? (await readSettings(deps.db)).timeZone;
  const pages = options.pages ?? INSIGHTS_PAGES;
  const fallback = defaultWindow(nowMs, tz);
  const yesterday = addDays(formatDate(nowMs, tz), -1);
  const to = options.to !== undefined && options.to < yesterday ? options.to : yesterday;
  const from = `${monthOf(options.from ?? fallback.from)}-01`;
  if (from > to) throw new RangeError(`Nothing to roll up: ${from} … ${to}`);
  const rollup = new Rollup(from, to);
  const failed = (target: string) => (error: unknown) => {
    report.failed += 1;
    jobItemFailed({ job: JOB, target, error });
  };
  const report: RollUpReport = {
    from,
    to,
    days: rollup.dates.length,
    classes: 0,
    payments: 0,
    members: 0,
    subscriptions: 0,
    memberships: 0,
    wallets: 0,
    failed: 0,
  };
  const { db } = deps;
  // The instances holding classes, rosters and members' class views (the default one first).
  const holders = await instancesFor(deps).all();
  // The chain's branches: each gets its class figures, its money and its members' list.
  const stored: unknown = (await db.ref(paths.branches()).get()).val();
  const catalogBranches = new Set(
    typeof stored === 'object' && stored !== null ? Object.keys(stored) : [],
  );
  // Each member's branches from their class history (home at the first visit), then the home
  // they chose (`Users/{uid}/homeBranch`, read with the wallets): `BranchMembers`.
  const seenAt = new Map<string, Record<string, BranchMember>>();
  const homes = new Map<string, unknown>();

  // Classes of the window, a week per query (the `date` index), their rosters 8 at once.
  for (const where of holders)
    for (const [start, end] of chunks(rollup.dates)) {
      const found = await readClassRange(where, classesByDateRange(start, end));
      for (let i = 0; i < found.length; i += ROSTER_CONCURRENCY) {
        await Promise.all(
          found.slice(i, i + ROSTER_CONCURRENCY).map(async ([classId, value]) => {
            try {
              const studioClass = parseStored(classSchema, value, paths.class(classId));
              const stored: unknown = (await where.ref(paths.classRoster(classId)).get()).val();
              const roster = parseStored(rosterSchema, stored, paths.classRoster(classId));
              rollup.addClass(studioClass.date, classId, {
                ...classFigures(studioClass, roster),
                ...classDimensions(studioClass),
              });
              report.classes += 1;
            } catch (error) {
              failed(paths.class(classId))(error);
            }
          }),
        );
      }
    }

  // Payments created from a day before the window (paid the next day) to its end, a week per
  // query (the `createdAt` index); each counted on the day it was paid.
  const windowStart = toEpoch(from, '00:00', tz);
  const windowEnd = toEpoch(addDays(to, 1), '00:00', tz);
  for (let start = windowStart - 24 * 3600_000; start < windowEnd;) {
    const end = Math.min(start + CHUNK_DAYS * 24 * 3600_000, windowEnd);
    const page = await db
      .ref(paths.payments())
      .orderByChild('createdAt')
      .startAt(start)
      .endAt(end - 1)
      .get();
    page.forEach((child) => {
      const id = child.key;
      if (id === null) return;
      try {
        const payment = parseStored(paymentSchema, child.val(), paths.payment(id));
        const revenue = paymentRevenue(payment, tz);
        if (revenue && rollup.has(revenue.day)) {
          rollup.addRevenue(
            revenue.day,
            revenue.kind,
            revenue.coupon,
            revenue.figures,
            payment.branch,
          );
          report.payments += 1;
        }
      } catch (error) {
        failed(paths.payment(id))(error);
      }
    });
    start = end;
  }

  // Every member's whole class history, a page at a time. A member who booked in several
  // instances is counted once, where their views are first found, with all of them.
  const userClassesSchema = rtdbMap(userClassSchema);
  const entriesIn = (uid: string, value: unknown) =>
    Object.values(parseStored(userClassesSchema, value, paths.userClasses(uid)));
  for (const [index, where] of holders.entries()) {
    const others = holders.filter((_, other) => other !== index);
    await forEachChild(
      where,
      paths.allUserClasses(),
      pages,
      async (uid, value) => {
        const elsewhere = await Promise.all(
          others.map(async (other): Promise<unknown> =>
            (await other.ref(paths.userClasses(uid)).get()).val(),
          ),
        );
        // Already counted in an earlier instance.
        if (elsewhere.slice(0, index).some((stored) => stored !== null)) return;
        const entries = [
          ...entriesIn(uid, value),
          ...elsewhere.flatMap((stored) => (stored === null ? [] : entriesIn(uid, stored))),
        ];
        const events = memberEvents(entries, nowMs);
        const branches = memberBranches(entries, undefined, catalogBranches, nowMs);
        if (Object.keys(branches).length > 0) seenAt.set(uid, branches);
        for (const day of events.visitDays) rollup.addMember(day, 'active', false);
        for (const month of new Set(events.visitDays.map(monthOf))) rollup.addActiveMonth(month);
        if (events.firstVisit) {
          rollup.addMember(events.firstVisit.day, 'firstVisits', true);
          if (events.firstVisit.converted)
            rollup.addMember(events.firstVisit.day, 'secondVisits', true);
        }
        for (const day of events.lapses) rollup.addMember(day, 'lapsed', true);
        report.members += 1;
      },
      (uid, error) => failed(paths.userClasses(uid))(error),
    );
  }

  // Every subscription's granted periods, joined into runs.
  const dayEnds = rollup.dates.map(
    (date) => [date, toEpoch(addDays(date, 1), '00:00', tz) - 1] as const,
  );
  const monthEnds = rollup.months.flatMap((month) => {
    const last = rollup.lastDayOf(month);
    return last === undefined ? [] : [[month, toEpoch(addDays(last, 1), '00:00', tz) - 1] as const];
  });
  const grantsSchema = rtdbMap(subscriptionGrantSchema);
  const subscriptions = await forEachChild(
    db,
    paths.allSubscriptionGrants(),
    pages,
    (subscriptionId, value) => {
      const grants = Object.values(
        parseStored(grantsSchema, value, paths.subscriptionGrants(subscriptionId)),
      );
      for (const spell of subscriptionSpells(grants)) {
        rollup.addSubscription(formatDate(spell.start, tz), 'started');
        if (spellChurned(spell, nowMs))
          rollup.addSubscription(formatDate(spell.end, tz), 'churned');
        for (const [date, at] of dayEnds)
          if (spellCovers(spell, at)) rollup.addSubscription(date, 'active');
        for (const [month, at] of monthEnds)
          if (spellCovers(spell, at)) rollup.addActiveSubscriptionMonth(month);
      }
      return Promise.resolve();
    },
    (subscriptionId, error) => failed(paths.subscriptionGrants(subscriptionId))(error),
  );
  report.subscriptions = subscriptions.done;

  // Every membership, counted under the plan it holds now: held (running, frozen or a gift) at
  // each day's and month's end, started and ended on their studio days.
  const memberships = await forEachChild(
    db,
    paths.memberships(),
    pages,
    (membershipId, value) => {
      const membership = parseStored(membershipSchema, value, paths.membershipRecord(membershipId));
      const { planId } = membership;
      const events = membershipEvents(membership, nowMs, tz);
      rollup.addPlan(events.started, planId, 'started');
      if (events.churned !== undefined) rollup.addPlan(events.churned, planId, 'churned');
      for (const [date, at] of dayEnds) {
        const standing = planStanding(membership, at);
        if (standing) rollup.addPlan(date, planId, standing, false);
      }
      for (const [month, at] of monthEnds) {
        const standing = planStanding(membership, at);
        if (standing) rollup.addPlanMonth(month, planId, standing);
      }
      return Promise.resolve();
    },
    (membershipId, error) => failed(paths.membershipRecord(membershipId))(error),
  );
  report.memberships = memberships.done;

  // Credits outstanding now, from every wallet.
  const liability: Partial<Record<CreditKind, LiabilityFigures>> = {};
  const wallets = await forEachChild(
    db,
    paths.users(),
    pages,
    (uid, value) => {
      const list = (value as Record<string, unknown> | null)?.['credits-list'] ?? {};
      const home = (value as Record<string, unknown> | null)?.['homeBranch'];
      if (home !== undefined) homes.set(uid, home);
      const byKind = creditLiability(
        parseStored(creditsListSchema, list, paths.creditsList(uid)),
        nowMs,
      );
      for (const [kind, figures] of Object.entries(byKind) as [CreditKind, LiabilityFigures][]) {
        addFigures((liability[kind] ??= emptyLiabilityFigures()), figures);
      }
      return Promise.resolve();
    },
    (uid, error) => failed(paths.creditsList(uid))(error),
  );
  report.wallets = wallets.done;

  // Write: every day and month of the window replaced whole, then today's liability snapshot.
  // Each branch's class figures apart, for the admin of that branch (the rules give them only
  // `Insights/branches/{branchId}`): every branch of the catalogue and any seen in the window.
  const branchIds = new Set([...catalogBranches, ...rollup.branches()]);
  const documents: [string, unknown][] = [
    ...rollup.allDays().map((day) => [paths.insightsDay(day.date), day] as [string, unknown]),
    ...rollup
      .allMonths()
      .map((month) => [paths.insightsMonth(month.month), month] as [string, unknown]),
    ...[...branchIds].flatMap((branchId) => [
      ...rollup
        .branchDays(branchId)
        .map((day) => [paths.insightsBranchDay(branchId, day.date), day] as [string, unknown]),
      ...rollup
        .branchMonths(branchId)
        .map(
          (month) => [paths.insightsBranchMonth(branchId, month.month), month] as [string, unknown],
        ),
    ]),
  ];
  for (let i = 0; i < documents.length; i += WRITE_BATCH) {
    await db.ref().update(Object.fromEntries(documents.slice(i, i + WRITE_BATCH)));
  }
  // Each branch's members replaced whole (a member who moved home leaves the old list).
  const members = new Map<string, Record<string, BranchMember>>(
    [...catalogBranches].map((branchId) => [branchId, {}]),
  );
  for (const uid of new Set([...seenAt.keys(), ...homes.keys()])) {
    const where = withHomeBranch(seenAt.get(uid) ?? {}, homes.get(uid), catalogBranches);
    for (const [branchId, member] of Object.entries(where)) {
      const list = members.get(branchId);
      if (list !== undefined) list[uid] = member;
    }
  }
  for (const [branchId, list] of members)
    await db.ref(paths.branchMembers(branchId)).set(Object.keys(list).length > 0 ? list : null);
  const snapshot: InsightsLiability = { asOf: nowMs, byKind: liability };
  await db.ref().update({
    [paths.insightsLiability(formatDate(nowMs, tz))]: snapshot,
    [paths.insightsRun()]: { at: nowMs, from, to, failed: report.failed },
  });
  return report;
}

/** The window's days in runs of `CHUNK_DAYS`: [first, last] of each. */
function chunks(dates: readonly DateString[]): [DateString, DateString][] {
  const result: [DateString, DateString][] = [];
  for (let i = 0; i < dates.length; i += CHUNK_DAYS) {
    const run = dates.slice(i, i + CHUNK_DAYS);
    const first = run[0];
    const last = run.at(-1);
    if (first !== undefined && last !== undefined) result.push([first, last]);
  }
  return result;
}
