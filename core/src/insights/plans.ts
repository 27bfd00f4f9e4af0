// The plans rollup (docs/architecture/insights.md): what one membership adds to the days it
// spans (held, frozen or a gift at a day's end; started; ended), and the dashboard's arithmetic
// over a range of stored days or months: members per plan, monthly recurring revenue from the
// catalogue's prices, churn. Pure; the nightly job reads `Memberships` and sums what these return.
import { freezeAt } from '../plans/entitlement';
import { INTERVAL_DAYS } from '../plans/periods';
import type { PlanFigures } from '../schemas/insights';
import type { Membership, Plan } from '../schemas/plans';
import { STUDIO_TIME_ZONE } from '../settings';
import { formatDate } from '../time';
import type { DateString } from '../time';

export function emptyPlanFigures(): PlanFigures {
  return { members: 0, frozen: 0, comped: 0, started: 0, churned: 0 };
}

/** When a membership ended: `endedAt`, or its last change when it ended without one. */
export function membershipEnd(membership: Membership): number | undefined {
  if (membership.endedAt !== undefined) return membership.endedAt;
  return membership.status === 'ended' ? membership.updatedAt : undefined;
}

/** Where a membership counts at the instant `at` (a period's end); undefined when not held then. */
export function planStanding(
  membership: Membership,
  at: number,
): 'members' | 'frozen' | 'comped' | undefined {
  const end = membershipEnd(membership);
  if (at < membership.startedAt || (end !== undefined && end <= at)) return undefined;
  if (membership.source === 'comp') return 'comped';
  return freezeAt(membership, at) === undefined ? 'members' : 'frozen';
}

/** The studio days a membership began and, once it has, ended (churn), as of `nowMs`. */
export function membershipEvents(
  membership: Membership,
  nowMs: number,
  tz: string = STUDIO_TIME_ZONE,
): { started: DateString; churned: DateString | undefined } {
  const end = membershipEnd(membership);
  return {
    started: formatDate(membership.startedAt, tz),
    churned: end !== undefined && end <= nowMs ? formatDate(end, tz) : undefined,
  };
}

/** A plan's price per month, in cents: weekly and yearly prices on a month of 365.25 / 12 days. */
export function monthlyPrice(plan: Pick<Plan, 'price' | 'interval'>): number {
  return Math.round((plan.price * INTERVAL_DAYS.month) / INTERVAL_DAYS[plan.interval]);
}

/** What the dashboard needs of a catalogue entry. */
export type CataloguePlan = Pick<Plan, 'name' | 'price' | 'interval' | 'currency' | 'active'> &
  Partial<Pick<Plan, 'order'>>;

/** A range's counts of one plan, or of all: `PlanFigures`' held counts as of the range's end. */
export interface PlanCounts extends PlanFigures {
  /** Churned over everyone who held the plan(s) during the range; null when nobody did. */
  churnRate: number | null;
}

export interface PlanRollupRow extends PlanCounts {
  planId: string;
  /** The catalogue's name; the id when the plan is no longer in the catalogue. */
  name: string;
  plan: CataloguePlan | undefined;
  /** Monthly recurring revenue of the running paid members, and of the frozen ones (on hold). */
  mrr: number | null;
  frozenMrr: number | null;
}

export interface PlanRollup extends PlanCounts {
  rows: PlanRollupRow[];
  /** Currency → cents a month (a plan sold in another currency is summed apart). */
  mrr: Record<string, number>;
  frozenMrr: Record<string, number>;
}

/**
 * The range's plans: members, frozen and gifts as of its last period (periods in order), started
 * and churned summed, MRR from each plan's current catalogue price. Plans on sale with nothing to
 * count are listed too; plans gone from the catalogue keep their id and have no MRR.
 */
export function planRollup(
  periods: readonly { plans: Readonly<Record<string, PlanFigures>> }[],
  catalogue: Readonly<Record<string, CataloguePlan>>,
): PlanRollup {
  const last = periods.at(-1)?.plans ?? {};
  const ids = new Set([
    ...Object.entries(catalogue)
      .filter(([, plan]) => plan.active)
      .map(([id]) => id),
    ...periods.flatMap((period) => Object.keys(period.plans)),
  ]);
  const rows = [...ids].map((planId): PlanRollupRow => {
    const plan = catalogue[planId];
    const end = last[planId] ?? emptyPlanFigures();
    const started = periods.reduce((sum, p) => sum + (p.plans[planId]?.started ?? 0), 0);
    const churned = periods.reduce((sum, p) => sum + (p.plans[planId]?.churned ?? 0), 0);
    const held = end.members + end.frozen + end.comped;
    return {
      planId,
      name: plan?.name ?? planId,
      plan,
      members: end.members,
      frozen: end.frozen,
      comped: end.comped,
      started,
      churned,
      churnRate: held + churned > 0 ? churned / (held + churned) : null,
      mrr: plan ? end.members * monthlyPrice(plan) : null,
      frozenMrr: plan ? end.frozen * monthlyPrice(plan) : null,
    };
  });
  rows.sort(
    (a, b) =>
      (a.plan?.order ?? Number.MAX_SAFE_INTEGER) - (b.plan?.order ?? Number.MAX_SAFE_INTEGER) ||
      a.name.localeCompare(b.name) ||
      a.planId.localeCompare(b.planId),
  );
  const sum = (pick: (row: PlanRollupRow) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  const byCurrency = (pick: (row: PlanRollupRow) => number | null) => {
    const totals: Record<string, number> = {};
    for (const row of rows) {
      const value = pick(row);
      if (row.plan && value !== null)
        totals[row.plan.currency] = (totals[row.plan.currency] ?? 0) + value;
    }
    return totals;
  };
  const held = sum((r) => r.members + r.frozen + r.comped);
  const churned = sum((r) => r.churned);
  return {
    rows,
    members: sum((r) => r.members),
    frozen: sum((r) => r.frozen),
    comped: sum((r) => r.comped),
    started: sum((r) => r.started),
    churned,
    churnRate: held + churned > 0 ? churned / (held + churned) : null,
    mrr: byCurrency((r) => r.mrr),
    frozenMrr: byCurrency((r) => r.frozenMrr),
  };
}
