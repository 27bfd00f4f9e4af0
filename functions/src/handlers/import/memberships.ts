// Imported memberships → the member's plan, written with the plans' own `startMembership`
// (source 'import'). Its id comes from the contract's id in the old system, so a second run
// finds it and changes nothing; a later file moves its paid period. A membership without a
// card here ends at its paid period's end, and the plan jobs warn the member before then.
import { formatDate, paths, type Membership, type Plan } from '@studio/core';
import {
  importedPeriod,
  planFor,
  sourceKey,
  type ImportedPeriod,
  type MembershipRecord,
} from '@studio/core/import';
import {
  newMembership,
  readMembership,
  readPlans,
  startMembership,
  storable,
} from '../plans/memberships';
import { clientAccounts } from './clients';
import { IN_FLIGHT, mapPool, type ImportDeps, type RowResult, type RunContext } from './run';

interface MembershipRow {
  line: number;
  record: MembershipRecord;
}

/** The membership a row makes: the plan's terms as sold now, the old system's period. */
function membershipOf(
  ctx: RunContext,
  fields: { id: string; uid: string; planId: string; plan: Plan },
  period: ImportedPeriod,
): Membership {
  const membership = newMembership({
    id: fields.id,
    uid: fields.uid,
    planId: fields.planId,
    plan: fields.plan,
    source: 'import',
    startedAt: period.startedAt,
    periodStart: period.startedAt,
    periodEnd: period.periodEnd,
    timeZone: ctx.timeZone,
    nowMs: ctx.nowMs,
  });
  // A commitment made at the old studio is not ours to hold the member to.
  delete membership.commitmentEndsAt;
  if (period.frozenUntil !== undefined) {
    membership.freezeId = 'import';
    membership.frozenUntil = period.frozenUntil;
    membership.freezes = {
      import: {
        from: ctx.nowMs,
        until: period.frozenUntil,
        by: 'admin',
        requestedAt: ctx.nowMs,
      },
    };
  }
  return membership;
}

/** The same plan and period: a second run of the file leaves it alone. */
function sameMembership(stored: Membership, next: Membership): boolean {
  return (
    stored.planId === next.planId &&
    stored.periodEnd === next.periodEnd &&
    stored.frozenUntil === next.frozenUntil &&
    stored.status === next.status
  );
}

function detailOf(ctx: RunContext, membership: Membership): string {
  const through = formatDate((membership.periodEnd ?? ctx.nowMs) - 1, ctx.timeZone);
  const frozen =
    membership.frozenUntil === undefined
      ? ''
      : `, frozen until ${formatDate(membership.frozenUntil, ctx.timeZone)}`;
  return `${membership.terms.name}, paid through ${through}${frozen}`;
}

export async function importMembershipRows(
  deps: ImportDeps,
  ctx: RunContext,
  rows: readonly MembershipRow[],
): Promise<RowResult[]> {
  const [accounts, plans] = await Promise.all([
    clientAccounts(
      deps,
      ctx,
      rows.map((row) => row.record.clientId),
    ),
    readPlans(deps.db),
  ]);
  const catalogue = plans.map(({ id, plan }) => ({ id, name: plan.name }));
  const choices = ctx.run.plans ?? {};
  return mapPool(rows, IN_FLIGHT, async ({ line, record }): Promise<RowResult> => {
    const base = { line, id: record.id };
    const account = accounts.get(record.clientId);
    if (account === undefined)
      return {
        ...base,
        outcome: 'skipped',
        problems: [{ reason: 'unknownMember', field: 'clientId' }],
      };
    const planId = planFor(record.name, choices, catalogue);
    const plan = plans.find((entry) => entry.id === planId)?.plan;
    if (planId === undefined || plan === undefined)
      return {
        ...base,
        outcome: 'skipped',
        problems: [{ reason: 'unknownPlan', field: 'plan', params: { name: record.name } }],
      };
    const period = importedPeriod(record, ctx.nowMs, ctx.timeZone);
    if (!period.ok) return { ...base, outcome: 'skipped', problems: [period.problem] };
    const id = `import-${sourceKey(record.id) ?? ''}`;
    const { uid } = account;
    const next = membershipOf(ctx, { id, uid, planId, plan }, period.period);
    const held = account.planned ? undefined : await readMembership(deps.db, uid);
    if (held !== undefined && held.id !== id && held.status !== 'ended')
      return {
        ...base,
        outcome: 'skipped',
        problems: [{ reason: 'planHeld', params: { name: held.terms.name } }],
      };
    const detail = detailOf(ctx, next);
    if (held?.id === id && sameMembership(held, next)) {
      // The admins' copy is written after the member's: a run cut between them writes it now.
      const copy = await deps.db.ref(paths.membershipRecord(id)).get();
      if (!copy.exists() && !ctx.dryRun)
        await deps.db.ref(paths.membershipRecord(id)).set(storable(held));
      return { ...base, outcome: 'unchanged', detail };
    }
    const outcome = held?.id === id ? 'updated' : 'created';
    if (!ctx.dryRun) {
      if (held?.id === id) next.startedAt = held.startedAt;
      await startMembership(deps.db, next);
    }
    return { ...base, outcome, detail };
  });
}
