// Plan changes, cancelling and gifts (docs/architecture/plans.md). An upgrade moves the
// subscription to the new plan's price at once with a prorated invoice; a downgrade is booked on a
// Stripe subscription schedule for the period's end (nothing paid for is lost); changing back to
// the current plan calls a booked change off. Cancelling online is one call, inside a commitment at
// the term's end (or the period's end for the studio's early-end fee). Every change to a Stripe
// plan reaches the membership through the webhook, the one path every subscription change takes.
import {
  DomainError,
  cancellationTerms,
  formatDate,
  paths,
  planChangeTiming,
  settingsFromStored,
  toEpoch,
} from '@studio/core';
import type {
  AuditEntry,
  CallableResult,
  ChangeMemberPlanInput,
  CompMembershipInput,
  Membership,
  Plan,
} from '@studio/core';
import { NO_RATE_LIMITS, newId } from '../../engine';
import type { PaymentDeps } from '../payments/deps';
import { chargeFee, recordFee } from './fees';
import {
  changeMembership,
  newMembership,
  readMembership,
  readPlan,
  startMembership,
  storable,
  termsOf,
} from './memberships';
import { tellMember } from './notices';
import { bookPendingChange } from './plan-subscriptions';
import { ensurePlanPrice } from './save-plan';

type Timing = 'now' | 'period-end';

async function running(deps: PaymentDeps, uid: string): Promise<Membership> {
  const membership = await readMembership(deps.db, uid);
  if (membership === undefined || membership.status === 'ended')
    throw new DomainError('failed-precondition', 'noMembership');
  return membership;
}

/** Calls off a downgrade booked on a schedule: the subscription keeps its plan. */
async function callOffChange(deps: PaymentDeps, membership: Membership): Promise<void> {
  if (membership.source === 'stripe') {
    const subscription = await deps.stripe.subscriptions.retrieve(membership.id);
    const schedule = subscription.schedule;
    const scheduleId = typeof schedule === 'string' ? schedule : schedule?.id;
    if (scheduleId !== undefined) await deps.stripe.subscriptionSchedules.release(scheduleId);
  }
  await changeMembership(deps.db, membership.uid, (current) => {
    if (current?.id !== membership.id || current.pendingChange === undefined) return undefined;
    const next: Membership = { ...current, updatedAt: deps.now() };
    delete next.pendingChange;
    return next;
  });
}

/**
 * Moves a Stripe plan to another plan: `now` with proration (always invoiced), or at the period's
 * end through a schedule whose second phase is the new price.
 */
async function moveSubscription(
  deps: PaymentDeps,
  membership: Membership,
  planId: string,
  plan: Plan,
  timing: Timing,
  timeZone: string,
): Promise<number> {
  const { stripe, now } = deps;
  const { priceId } = await ensurePlanPrice(deps, planId, plan);
  const subscription = await stripe.subscriptions.retrieve(membership.id);
  const item = subscription.items.data[0];
  if (item === undefined) throw new DomainError('failed-precondition', 'noMembership');
  if (subscription.status === 'paused')
    throw new DomainError('failed-precondition', 'alreadyFrozen', {
      until: formatDate(membership.frozenUntil ?? now(), timeZone),
    });
  if (timing === 'now') {
    await stripe.subscriptions.update(
      membership.id,
      { items: [{ id: item.id, price: priceId }], proration_behavior: 'always_invoice' },
      { idempotencyKey: `plan-change-${membership.id}-${priceId}-${item.current_period_start}` },
    );
    return now();
  }
  const existing = subscription.schedule;
  const schedule =
    existing === null
      ? await stripe.subscriptionSchedules.create(
          { from_subscription: membership.id },
          { idempotencyKey: `plan-schedule-${membership.id}-${item.current_period_end}` },
        )
      : await stripe.subscriptionSchedules.retrieve(
          typeof existing === 'string' ? existing : existing.id,
        );
  const current = schedule.phases[0];
  if (current === undefined) throw new Error(`schedule ${schedule.id} has no phase`);
  await stripe.subscriptionSchedules.update(schedule.id, {
    end_behavior: 'release',
    phases: [
      {
        items: [{ price: item.price.id, quantity: 1 }],
        start_date: current.start_date,
        end_date: current.end_date,
      },
      { items: [{ price: priceId, quantity: 1 }], duration: { interval: plan.interval } },
    ],
  });
  return current.end_date * 1000;
}

/** A plan not billed through Stripe (a gift, cash) changes at once: its terms are the new plan's. */
async function moveLocal(deps: PaymentDeps, membership: Membership, planId: string, plan: Plan) {
  await changeMembership(deps.db, membership.uid, (current) => {
    if (current?.id !== membership.id) return undefined;
    return {
      ...current,
      planId,
      terms: termsOf(plan),
      updatedAt: deps.now(),
    };
  });
}

async function applyChange(
  deps: PaymentDeps,
  membership: Membership,
  planId: string,
  timing: Timing,
): Promise<CallableResult<'changePlan'>> {
  const { db, now } = deps;
  const plan = await readPlan(db, planId);
  const settings = settingsFromStored((await db.ref(paths.settings()).get()).val());
  if (membership.source !== 'stripe') {
    await moveLocal(deps, membership, planId, plan);
    return { planId, timing: 'now', at: now() };
  }
  const at = await moveSubscription(deps, membership, planId, plan, timing, settings.timeZone);
  if (timing === 'period-end')
    await bookPendingChange(deps, membership, { planId, plan, at }, settings.timeZone);
  return { planId, timing, at };
}

/** `changePlan {planId}`: the member moves to another plan (or calls off a booked change). */
export async function changePlan(
  deps: PaymentDeps,
  { uid, planId }: { uid: string; planId: string },
): Promise<CallableResult<'changePlan'>> {
  const { db, now } = deps;
  const membership = await running(deps, uid);
  if (planId === membership.planId && membership.pendingChange !== undefined) {
    await (deps.limits ?? NO_RATE_LIMITS).take(uid, 'plan');
    await callOffChange(deps, membership);
    return { planId, timing: 'now', at: now() };
  }
  const settings = settingsFromStored((await db.ref(paths.settings()).get()).val());
  const [current, next] = await Promise.all([
    readPlan(db, membership.planId).catch(() => undefined),
    readPlan(db, planId),
  ]);
  const timing = planChangeTiming(membership, current ?? next, planId, next, settings.timeZone);
  if (timing instanceof DomainError) throw timing;
  await (deps.limits ?? NO_RATE_LIMITS).take(uid, 'plan');
  return applyChange(deps, membership, planId, timing);
}

async function audit(deps: PaymentDeps, entry: Omit<AuditEntry, 'at'>): Promise<void> {
  const record: AuditEntry = { at: deps.now(), ...entry };
  await deps.db.ref(paths.auditEntry(newId(deps.db))).set(storable(record));
}

/** `changeMemberPlan` (admins): at once or at the period's end, as the admin says, audited. */
export async function changeMemberPlan(
  deps: PaymentDeps,
  { by, uid, planId, when, reason }: ChangeMemberPlanInput & { by: string },
): Promise<CallableResult<'changeMemberPlan'>> {
  const membership = await running(deps, uid);
  if (planId === membership.planId) throw new DomainError('failed-precondition', 'samePlan');
  const plan = await readPlan(deps.db, planId);
  if (membership.pendingChange !== undefined) await callOffChange(deps, membership);
  const result = await applyChange(
    deps,
    await running(deps, uid),
    planId,
    when === 'now' ? 'now' : 'period-end',
  );
  await audit(deps, {
    by,
    action: 'changeMemberPlan',
    target: uid,
    details: {
      membershipId: membership.id,
      from: membership.planId,
      to: planId,
      plan: plan.name,
      when,
      reason,
      at: result.at,
    },
  });
  return result;
}

/**
 * `cancelMembership {payEarlyEndFee?}`: the member cancels online. Outside a commitment the plan
 * stops at the paid period's end; inside one, at the term's end, or at the period's end when the
 * member pays the studio's early-end fee (charged first; a declined card cancels nothing).
 */
export async function cancelMembership(
  deps: PaymentDeps,
  { uid, payEarlyEndFee }: { uid: string; payEarlyEndFee?: boolean | undefined },
): Promise<CallableResult<'cancelMembership'>> {
  const { db, stripe, now } = deps;
  const membership = await running(deps, uid);
  const settings = settingsFromStored((await db.ref(paths.settings()).get()).val());
  const terms = cancellationTerms(membership, now());
  const leaveEarly = payEarlyEndFee === true && terms.commitmentEndsAt !== undefined;
  if (leaveEarly && terms.earlyEndFee === undefined)
    throw new DomainError('failed-precondition', 'noEarlyEndFee', {
      date: formatDate(terms.endsAt, settings.timeZone),
    });
  await (deps.limits ?? NO_RATE_LIMITS).take(uid, 'plan');
  let fee = 0;
  if (leaveEarly && terms.earlyEndFee !== undefined) {
    const feeId = `early-${membership.id}`;
    await recordFee(db, uid, feeId, {
      reason: 'early-end',
      amount: terms.earlyEndFee,
      currency: settings.currency,
      membershipId: membership.id,
      status: 'pending',
      at: now(),
      updatedAt: now(),
    });
    const charged = await chargeFee(deps, uid, feeId);
    if (charged?.status !== 'charged') throw new DomainError('failed-precondition', 'noSavedCard');
    fee = terms.earlyEndFee;
  }
  const endsAt = leaveEarly ? (membership.periodEnd ?? now()) : terms.endsAt;
  if (membership.source === 'stripe') {
    if (terms.commitmentEndsAt !== undefined && !leaveEarly)
      await stripe.subscriptions.update(membership.id, { cancel_at: Math.floor(endsAt / 1000) });
    else await stripe.subscriptions.update(membership.id, { cancel_at_period_end: true });
  } else {
    await changeMembership(db, uid, (current) =>
      current?.id === membership.id
        ? { ...current, status: 'cancelling', updatedAt: now() }
        : undefined,
    );
  }
  await tellMember(
    db,
    {
      uid,
      event: `cancelled-${membership.id}`,
      type: 'plan-changed',
      messageKey: 'notifPlanChanged',
      params: { plan: membership.terms.name },
      mail: { notice: 'cancelled', plan: membership.terms.name, at: endsAt },
    },
    now(),
  );
  return { endsAt, fee };
}

/**
 * `compMembership` (admins): a plan given free until a studio date (a gift, a staff perk, an
 * apology), with no billing; refused while the member holds a plan or the subscription. Audited.
 */
export async function compMembership(
  deps: PaymentDeps,
  { by, uid, planId, until, reason }: CompMembershipInput & { by: string },
): Promise<CallableResult<'compMembership'>> {
  const { db, now } = deps;
  const user = await db.ref(paths.user(uid)).get();
  if (!user.exists()) throw new DomainError('not-found', 'userNotFound', { uid });
  const plan = await readPlan(db, planId);
  const settings = settingsFromStored((await db.ref(paths.settings()).get()).val());
  const end = toEpoch(until, '00:00', settings.timeZone);
  if (end <= now()) throw new DomainError('invalid-argument', 'freezeInPast');
  const held = await readMembership(db, uid);
  if (
    user.child('activeSuscription').val() === true ||
    (held !== undefined && held.status !== 'ended')
  )
    throw new DomainError('failed-precondition', 'alreadySubscribed');
  const id = `comp-${newId(db)}`;
  const membership = newMembership({
    id,
    uid,
    planId,
    plan,
    source: 'comp',
    startedAt: now(),
    periodStart: now(),
    periodEnd: end,
    timeZone: settings.timeZone,
    nowMs: now(),
  });
  delete membership.commitmentEndsAt;
  await startMembership(db, membership);
  await audit(deps, {
    by,
    action: 'compMembership',
    target: uid,
    details: {
      membershipId: id,
      planId,
      plan: plan.name,
      until,
      reason,
    },
  });
  return { membershipId: id };
}
