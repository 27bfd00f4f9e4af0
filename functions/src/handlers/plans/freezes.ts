// Freezes (docs/architecture/plans.md): the member's own (`freezeMembership`, `endFreeze`),
// an admin's for one member (`freezeMemberPlan`, `endMemberFreeze`) or for many at once
// (`bulkFreeze`), all audited when an admin acts. The membership is the truth for bookings; Stripe's
// billing follows it: a freeze that has started pauses the plan's subscription (flexible billing
// mode's pause, the unused time credited), its end resumes it with a new period from that day. The
// plans job starts freezes booked for later and ends those that ran out.
import Stripe from 'stripe';
import {
  DomainError,
  formatDate,
  membershipSchema,
  paths,
  planFreeze,
  settingsFromStored,
  toEpoch,
  withFreeze,
  withFreezeEnded,
} from '@studio/core';
import type {
  AuditEntry,
  BulkFreeze,
  BulkFreezeInput,
  CallableResult,
  EndMemberFreezeInput,
  FreezeMemberPlanInput,
  FreezeMembershipInput,
  Membership,
  MembershipFreeze,
  Settings,
} from '@studio/core';
import { NO_RATE_LIMITS, newId } from '../../engine';
import type { PaymentDeps } from '../payments/deps';
import { chargeFee, recordFee } from './fees';
import { changeMembership, readMembership, storable } from './memberships';
import { tellMember } from './notices';

async function loadSettings(deps: PaymentDeps): Promise<Settings> {
  return settingsFromStored((await deps.db.ref(paths.settings()).get()).val());
}

/** Stripe's side of a freeze that has started: the subscription pauses (once). */
export async function pauseBilling(deps: PaymentDeps, membership: Membership, freezeId: string) {
  if (membership.source !== 'stripe') return;
  const subscription = await deps.stripe.subscriptions.retrieve(membership.id);
  if (subscription.status !== 'active' && subscription.status !== 'trialing') return;
  await deps.stripe.subscriptions.pause(
    membership.id,
    { bill_for: { unused_time_from: { type: 'now' } }, invoicing_behavior: 'pending_invoice_item' },
    { idempotencyKey: `freeze-pause-${membership.id}-${freezeId}` },
  );
}

/** Stripe's side of a freeze that ended: a paused subscription resumes with a new period now. */
export async function resumeBilling(deps: PaymentDeps, membership: Membership, freezeId: string) {
  if (membership.source !== 'stripe') return;
  const subscription = await deps.stripe.subscriptions.retrieve(membership.id);
  if (subscription.status !== 'paused') return;
  try {
    await deps.stripe.subscriptions.resume(
      membership.id,
      { billing_cycle_anchor: { type: 'now' }, payment_behavior: 'resume_on_payment_attempt' },
      { idempotencyKey: `freeze-resume-${membership.id}-${freezeId}` },
    );
  } catch (error) {
    // Resumed meanwhile by another run (the job, an admin): nothing left to do.
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
  }
}

function frozenNotice(
  membership: Membership,
  freezeId: string,
  freeze: MembershipFreeze,
  settings: Settings,
  note: string | undefined,
) {
  const dates = {
    from: formatDate(freeze.from, settings.timeZone),
    until: formatDate(freeze.until, settings.timeZone),
  };
  return {
    uid: membership.uid,
    event: `frozen-${freezeId}`,
    type: 'plan-frozen' as const,
    messageKey: 'notifPlanFrozen' as const,
    params: { plan: membership.terms.name, ...dates },
    mail: {
      notice: 'frozen' as const,
      plan: membership.terms.name,
      from: freeze.from,
      until: freeze.until,
      ...(note === undefined ? {} : { note }),
    },
  };
}

interface StartFreeze {
  uid: string;
  days?: number | undefined;
  until?: string | undefined;
  from?: string | undefined;
  by: 'member' | 'admin';
  bulkId?: string | undefined;
  note?: string | undefined;
}

/**
 * Starts (or books) a freeze: decided on the membership as read (a refusal writes nothing), then
 * again in its transaction, then billing paused if it starts now, a hold fee charged when the
 * studio sets one (members only), and the member told.
 */
async function startFreeze(
  deps: PaymentDeps,
  request: StartFreeze,
): Promise<{ membership: Membership; freezeId: string; freeze: MembershipFreeze }> {
  const { db, now } = deps;
  const settings = await loadSettings(deps);
  const at = now();
  const decide = (membership: Membership | undefined) =>
    planFreeze({
      membership,
      days: request.days,
      until: request.until,
      from: request.from,
      by: request.by,
      bulkId: request.bulkId,
      settings,
      nowMs: at,
    });
  const first = decide(await readMembership(db, request.uid));
  if (first instanceof DomainError) throw first;
  const freezeId = newId(db);
  let freeze: MembershipFreeze = first;
  const membership = await changeMembership(db, request.uid, (current) => {
    const decided = decide(current);
    if (decided instanceof DomainError) return decided;
    freeze = decided;
    return withFreeze(current as Membership, freezeId, decided, at);
  });
  if (membership === undefined) throw new DomainError('failed-precondition', 'noMembership');
  if (freeze.from <= at) await pauseBilling(deps, membership, freezeId);
  if (request.by === 'member' && settings.freezeHoldFee > 0) {
    const feeId = `freeze-${freezeId}`;
    await recordFee(db, request.uid, feeId, {
      reason: 'freeze-hold',
      amount: settings.freezeHoldFee,
      currency: settings.currency,
      membershipId: membership.id,
      status: 'pending',
      at,
      updatedAt: at,
    });
    await chargeFee(deps, request.uid, feeId);
  }
  await tellMember(db, frozenNotice(membership, freezeId, freeze, settings, request.note), at);
  return { membership, freezeId, freeze };
}

/** Ends the member's freeze now: entitlements back at once, billing resumed, the member told. */
async function stopFreeze(deps: PaymentDeps, uid: string): Promise<number> {
  const { db, now } = deps;
  const at = now();
  const first = await readMembership(db, uid);
  if (first === undefined) throw new DomainError('failed-precondition', 'noMembership');
  const checked = withFreezeEnded(first, at);
  if (checked instanceof DomainError) throw checked;
  let freezeId = checked.freezeId;
  const membership = await changeMembership(db, uid, (current) => {
    if (current === undefined) return new DomainError('failed-precondition', 'noMembership');
    const ended = withFreezeEnded(current, at);
    if (ended instanceof DomainError) return ended;
    freezeId = ended.freezeId;
    return ended.membership;
  });
  if (membership === undefined) throw new DomainError('failed-precondition', 'noMembership');
  await resumeBilling(deps, membership, freezeId);
  await tellFreezeEnded(deps, membership, freezeId);
  return at;
}

export async function tellFreezeEnded(deps: PaymentDeps, membership: Membership, freezeId: string) {
  await tellMember(
    deps.db,
    {
      uid: membership.uid,
      event: `unfrozen-${freezeId}`,
      type: 'plan-freeze-ended',
      messageKey: 'notifPlanFreezeEnded',
      params: { plan: membership.terms.name },
      mail: { notice: 'freeze-ended', plan: membership.terms.name },
    },
    deps.now(),
  );
}

async function audit(deps: PaymentDeps, entry: Omit<AuditEntry, 'at'>): Promise<void> {
  const record: AuditEntry = { at: deps.now(), ...entry };
  await deps.db.ref(paths.auditEntry(newId(deps.db))).set(storable(record));
}

/** `freezeMembership {days | until}`: the member pauses their own plan from now. */
export async function freezeMembership(
  deps: PaymentDeps,
  { uid, ...length }: FreezeMembershipInput & { uid: string },
): Promise<CallableResult<'freezeMembership'>> {
  // Decided first so a refusal costs no unit of the member's limit.
  const settings = await loadSettings(deps);
  const refusal = planFreeze({
    membership: await readMembership(deps.db, uid),
    ...length,
    by: 'member',
    settings,
    nowMs: deps.now(),
  });
  if (refusal instanceof DomainError) throw refusal;
  await (deps.limits ?? NO_RATE_LIMITS).take(uid, 'plan');
  const { freeze } = await startFreeze(deps, { uid, ...length, by: 'member' });
  return { from: freeze.from, until: freeze.until };
}

/** `endFreeze {}`: the member ends their freeze now and books with their plan again. */
export async function endFreeze(
  deps: PaymentDeps,
  { uid }: { uid: string },
): Promise<CallableResult<'endFreeze'>> {
  const membership = await readMembership(deps.db, uid);
  if (membership === undefined) throw new DomainError('failed-precondition', 'noMembership');
  const checked = withFreezeEnded(membership, deps.now());
  if (checked instanceof DomainError) throw checked;
  await (deps.limits ?? NO_RATE_LIMITS).take(uid, 'plan');
  return { endedAt: await stopFreeze(deps, uid) };
}

/** `freezeMemberPlan` (admins): one member's plan, from a date (default today), audited. */
export async function freezeMemberPlan(
  deps: PaymentDeps,
  { by, uid, reason, ...length }: FreezeMemberPlanInput & { by: string },
): Promise<CallableResult<'freezeMemberPlan'>> {
  const user = await deps.db.ref(paths.user(uid)).get();
  if (!user.exists()) throw new DomainError('not-found', 'userNotFound', { uid });
  const { membership, freezeId, freeze } = await startFreeze(deps, {
    uid,
    ...length,
    by: 'admin',
    note: reason,
  });
  await audit(deps, {
    by,
    action: 'freezeMemberPlan',
    target: uid,
    details: {
      membershipId: membership.id,
      freezeId,
      from: freeze.from,
      until: freeze.until,
      reason,
    },
  });
  return { from: freeze.from, until: freeze.until };
}

/** `endMemberFreeze` (admins): ends one member's freeze now, audited. */
export async function endMemberFreeze(
  deps: PaymentDeps,
  { by, uid, reason }: EndMemberFreezeInput & { by: string },
): Promise<CallableResult<'endMemberFreeze'>> {
  const user = await deps.db.ref(paths.user(uid)).get();
  if (!user.exists()) throw new DomainError('not-found', 'userNotFound', { uid });
  const endedAt = await stopFreeze(deps, uid);
  await audit(deps, { by, action: 'endMemberFreeze', target: uid, details: { reason, endedAt } });
  return { endedAt };
}

/** Running memberships (stored copies), optionally those bought for one branch or covering it. */
async function runningMemberships(
  deps: PaymentDeps,
  branch: string | undefined,
): Promise<Membership[]> {
  const found: Membership[] = [];
  for (const status of ['active', 'cancelling', 'past-due'] as const) {
    const snapshot = await deps.db
      .ref(paths.memberships())
      .orderByChild('status')
      .equalTo(status)
      .get();
    snapshot.forEach((child) => {
      const parsed = membershipSchema.safeParse(child.val());
      if (!parsed.success) return;
      const covers = parsed.data.terms.covers?.branches ?? [];
      if (branch === undefined || parsed.data.branch === branch || covers.includes(branch))
        found.push(parsed.data);
    });
  }
  return found;
}

/**
 * `bulkFreeze` (admins): every running plan (or those of one branch) frozen from `from` until
 * `until`, in one action: `BulkFreezes/{bulkId}` records it and its progress, each member is
 * frozen once (a member already frozen, or whose plan ends first, is skipped and counted), gets
 * the mail with the studio's reason, and the action is audited with its counts. Run again with the
 * same dates, members done are skipped (their freeze exists).
 */
export async function bulkFreeze(
  deps: PaymentDeps,
  { by, from, until, branch, reason }: BulkFreezeInput & { by: string },
): Promise<CallableResult<'bulkFreeze'>> {
  const { db, now } = deps;
  const settings = await loadSettings(deps);
  if (until <= formatDate(now(), settings.timeZone))
    throw new DomainError('invalid-argument', 'freezeInPast');
  if (branch !== undefined && !(await db.ref(paths.branch(branch)).get()).exists())
    throw new DomainError('not-found', 'branchNotFound');
  const bulkId = newId(db);
  const at = now();
  const record: BulkFreeze = {
    from: toEpoch(from, '00:00', settings.timeZone),
    until: toEpoch(until, '00:00', settings.timeZone),
    reason,
    by,
    at,
    status: 'running',
    frozen: 0,
    skipped: 0,
  };
  if (branch !== undefined) record.branch = branch;
  const today = formatDate(at, settings.timeZone);
  let frozen = 0;
  let skipped = 0;
  await db.ref(paths.bulkFreeze(bulkId)).set(record);
  for (const membership of await runningMemberships(deps, branch)) {
    try {
      await startFreeze(deps, {
        uid: membership.uid,
        from: from < today ? today : from,
        until,
        by: 'admin',
        bulkId,
        note: reason,
      });
      frozen += 1;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      skipped += 1;
    }
  }
  await db.ref(paths.bulkFreeze(bulkId)).update({
    status: 'done',
    frozen,
    skipped,
    finishedAt: now(),
  });
  await audit(deps, {
    by,
    action: 'bulkFreeze',
    target: paths.bulkFreeze(bulkId),
    details: { from, until, branch: branch ?? null, reason, frozen, skipped },
  });
  return { bulkId, frozen, skipped };
}
