// Imported memberships → the member's plan, written with the plans' own `startMembership`
// (source 'import'). Its id comes from the contract's id in the old system, so a second run
// finds it and changes nothing; a later file moves its paid period. A member whose card Stripe's
// mapping names is billed from the next billing date through a Stripe subscription (`billByCard`);
// one without a card keeps the plan to its paid period's end and is asked to add a card.
import type Stripe from 'stripe';
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
import { tellMember } from '../plans/notices';
import { ensurePlanPrice } from '../plans/save-plan';
import { clientAccounts } from './clients';
import {
  IN_FLIGHT,
  mapPool,
  runAccounts,
  type ClientAccount,
  type ImportDeps,
  type RowResult,
  type RunContext,
} from './run';

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
    const key = sourceKey(record.id) ?? '';
    const id = `import-${key}`;
    const { uid } = account;
    const next = membershipOf(ctx, { id, uid, planId, plan }, period.period);
    const billed = billedFrom(ctx, account, next, deps.stripe !== undefined);
    // Billed by card already: the import made its Stripe subscription on an earlier run.
    const subscription = account.subscriptions?.[key];
    if (subscription !== undefined)
      return { ...base, outcome: 'unchanged', detail: `${detailOf(ctx, next)}${billed}` };
    const held = account.planned ? undefined : await readMembership(deps.db, uid);
    // The same plan already billed here by card (the member added one): nothing to bring.
    if (held?.source === 'stripe' && held.planId === planId && held.status !== 'ended')
      return { ...base, outcome: 'unchanged', detail: `${detailOf(ctx, held)}, billed by card` };
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
      if (account.card === undefined) await askForCard(deps, ctx, next);
      else if (deps.stripe !== undefined && next.frozenUntil === undefined)
        await billByCard(deps as ImportDeps & { stripe: Stripe }, ctx, {
          account: { ...account, card: account.card },
          clientKey: sourceKey(record.clientId) ?? '',
          key,
          planId,
          plan,
          membership: next,
        });
    }
    return { ...base, outcome, detail: `${detail}${billed}` };
  });
}

/**
 * A member without a card here keeps the plan to its paid period's end and is asked, by mail and
 * in the app, to add one before then (once per membership and period: the notice's keys).
 */
async function askForCard(
  deps: ImportDeps,
  ctx: RunContext,
  membership: Membership,
): Promise<void> {
  const at = membership.periodEnd;
  if (at === undefined || at <= ctx.nowMs) return;
  await tellMember(
    deps.db,
    {
      uid: membership.uid,
      event: `add-card-${membership.id}-${at}`,
      type: 'plan-add-card',
      messageKey: 'notifPlanAddCard',
      params: { plan: membership.terms.name, date: formatDate(at - 1, ctx.timeZone) },
      mail: { notice: 'add-card', plan: membership.terms.name, at: at - 1 },
    },
    ctx.nowMs,
  );
}

/** How the report says the plan goes on: by the card from its next billing date, or not. */
function billedFrom(
  ctx: RunContext,
  account: ClientAccount,
  membership: Membership,
  withStripe: boolean,
): string {
  if (account.card === undefined) return ', no card here: ends unless the member adds one';
  if (!withStripe) return ', card mapped but Stripe is not set up here: not billed';
  if (membership.frozenUntil !== undefined) return ', card mapped: billed again once unfrozen';
  const date = formatDate(membership.periodEnd ?? ctx.nowMs, ctx.timeZone);
  return `, billed by card from ${date}`;
}

/**
 * A Stripe subscription on the plan's price for the member's mapped card, in a trial until the
 * membership's next billing date, so the old system's paid period is not charged again and the
 * first charge here falls on the day the old system would have charged. The webhook then makes
 * it the member's membership (`applyPlanSubscription`: source stripe, the same period). The
 * idempotency key is the contract's, and its id is kept on the client's marker, so a run again
 * makes no second one.
 */
async function billByCard(
  deps: ImportDeps & { stripe: Stripe },
  ctx: RunContext,
  fields: {
    account: ClientAccount & { card: NonNullable<ClientAccount['card']> };
    clientKey: string;
    key: string;
    planId: string;
    plan: Plan;
    membership: Membership;
  },
): Promise<void> {
  const { account, clientKey, key, planId, plan, membership } = fields;
  const { priceId } = await ensurePlanPrice(deps, planId, plan);
  const trialEnd = Math.floor((membership.periodEnd ?? ctx.nowMs) / 1000);
  const subscription = await deps.stripe.subscriptions.create(
    {
      customer: account.card.customer,
      items: [{ price: priceId }],
      ...(account.card.paymentMethod === undefined
        ? {}
        : { default_payment_method: account.card.paymentMethod }),
      trial_end: trialEnd,
      metadata: { uid: account.uid, kind: 'plan', planId, importedFrom: membership.id },
      description: `${plan.name} (imported from ${ctx.sourceName})`,
    },
    { idempotencyKey: `import-${ctx.source}-${key}-${trialEnd}` },
  );
  await deps.db
    .ref(`${paths.importedMember(ctx.source, clientKey)}/subscriptions/${key}`)
    .set(subscription.id);
  runAccounts(ctx.runId).set(clientKey, {
    ...account,
    subscriptions: { ...account.subscriptions, [key]: subscription.id },
  });
}
