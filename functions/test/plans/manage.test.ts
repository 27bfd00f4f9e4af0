// Running plans (docs/architecture/plans.md): an admin's bulk freeze (audited, every member
// mailed), a late cancel's fee charged off-session (and a declined card told), an upgrade prorated
// at once and a downgrade booked for the period's end, cancelling inside a commitment, a gift plan,
// and the plans job ending freezes. Real SDKs, the Stripe sandbox, the real webhook.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  formatDate,
  mailOutboxIds,
  paths,
  pushEventIds,
  pushOutboxId,
} from '@studio/core';

const DAY_MS = 24 * 3_600_000;
import type { AuditEntry } from '@studio/core';
import {
  bookClass,
  bulkFreeze,
  cancelBooking,
  cancelMemberSubscription,
  cancelMembership,
  changePlan,
  compMembership,
  freezeMemberPlan,
} from '../../src/index';
import { runPlanJobs } from '../../src/handlers/plans/plan-jobs';
import { seedClass } from '../booking/fixtures';
import { callableRequest, rejectionOf } from '../support/callable';
import { usePaymentsTestBed, valueAt } from '../payments/support';
import {
  ADMIN,
  DAILY,
  INTRO_WEEK,
  TWO_A_WEEK,
  TZ,
  buyPlan,
  classAt,
  createPlan,
  membershipOf,
  newMember,
  seedPlansStudio,
  subscriptionOf,
} from './support';

const bed = usePaymentsTestBed();
let daily: string;
let twoAWeek: string;
beforeAll(async () => {
  await seedPlansStudio(bed);
  daily = await createPlan(DAILY);
  twoAWeek = await createPlan(TWO_A_WEEK);
});

const today = () => formatDate(Date.now(), TZ);

async function auditOf(action: string): Promise<AuditEntry[]> {
  const all = ((await valueAt(bed, paths.auditLog())) ?? {}) as Record<string, AuditEntry>;
  return Object.values(all).filter((entry) => entry.action === action);
}

describe('a bulk freeze', () => {
  it('freezes every running plan for the dates, mails each member, and is audited', async () => {
    const [ana, ben] = await Promise.all([newMember(bed), newMember(bed)]);
    await buyPlan(bed, ana, daily);
    await buyPlan(bed, ben, twoAWeek);
    const from = addDays(today(), 20);
    const until = addDays(today(), 34);
    const refused = await rejectionOf(
      bulkFreeze.run(callableRequest({ from, until, reason: 'x' }, ana)),
    );
    expect(refused.code).toBe('permission-denied');

    const result = await bulkFreeze.run(
      callableRequest({ from, until, reason: 'The studio closes for the holidays' }, ADMIN),
    );
    expect(result.frozen).toBeGreaterThanOrEqual(2);
    for (const member of [ana, ben]) {
      const membership = await membershipOf(bed, member.uid);
      expect(membership.freezeId).toBeDefined();
      expect(membership.freezes?.[membership.freezeId ?? '']).toMatchObject({
        by: 'admin',
        bulkId: result.bulkId,
      });
      const mail = await valueAt(
        bed,
        paths.mailOutboxEntry(
          mailOutboxIds.planNotice(member.uid, `frozen-${membership.freezeId}`),
        ),
      );
      expect(mail).toMatchObject({
        kind: 'plan-notice',
        uid: member.uid,
        message: { notice: 'frozen', note: 'The studio closes for the holidays' },
      });
      // Booked for later: billing runs until the freeze starts.
      expect((await subscriptionOf(bed, membership)).status).toBe('active');
    }
    expect(await valueAt(bed, paths.bulkFreeze(result.bulkId))).toMatchObject({
      status: 'done',
      frozen: result.frozen,
    });
    const [audit] = (await auditOf('bulkFreeze')).filter(
      (entry) => entry.target === paths.bulkFreeze(result.bulkId),
    );
    expect(audit?.details).toMatchObject({ from, until, frozen: result.frozen });
    // Run again: members already frozen are skipped, not frozen twice.
    const again = await bulkFreeze.run(callableRequest({ from, until, reason: 'again' }, ADMIN));
    expect(again.frozen).toBe(0);
  });

  it('lets an admin freeze one member from today, audited, and the job ends it when due', async () => {
    const member = await newMember(bed);
    const membership = await buyPlan(bed, member, daily);
    await freezeMemberPlan.run(
      callableRequest({ uid: member.uid, days: 10, reason: 'Injury' }, ADMIN),
    );
    await bed.sandbox.idle();
    expect((await subscriptionOf(bed, membership)).status).toBe('paused');
    expect((await auditOf('freezeMemberPlan')).some((entry) => entry.target === member.uid)).toBe(
      true,
    );
    const later = { ...bed.deps, now: () => Date.now() + 11 * 24 * 3_600_000 };
    const report = await runPlanJobs(later);
    expect(report.freezesEnded).toBeGreaterThanOrEqual(1);
    await bed.sandbox.idle();
    expect((await subscriptionOf(bed, membership)).status).toBe('active');
    expect((await membershipOf(bed, member.uid)).freezeId).toBeUndefined();
  });
});

describe('a late cancel on a plan', () => {
  it('records the plan’s fee and the job charges it to the saved card; a declined card is told', async () => {
    const member = await newMember(bed);
    await buyPlan(bed, member, daily);
    // Inside the late-cancel window (12 h before by default).
    const soon = await seedClass(bed.backend.db, { startsAt: Date.now() + 2 * 3_600_000 });
    await bookClass.run(callableRequest({ classId: soon }, member));
    await cancelBooking.run(callableRequest({ classId: soon }, member));
    const fees = (await valueAt(bed, paths.planFees(member.uid))) as Record<
      string,
      { status: string }
    >;
    const [feeId, fee] = Object.entries(fees)[0] ?? [];
    expect(fee).toMatchObject({ status: 'pending', reason: 'late-cancel', amount: 1000 });
    await runPlanJobs(bed.deps);
    expect(await valueAt(bed, `${paths.planFee(member.uid, feeId ?? '')}/status`)).toBe('charged');
  });

  it('fails a fee on a card that declines, and tells the member', async () => {
    const member = await newMember(bed);
    const membership = await buyPlan(bed, member, daily);
    const subscription = await subscriptionOf(bed, membership);
    await bed.control(`customers/${subscription.customer as string}/card`, {
      number: '4000000000000341',
    });
    const at = Date.now();
    await bed.backend.db.ref().update({
      [paths.planFee(member.uid, 'late-x')]: {
        reason: 'late-cancel',
        amount: 1000,
        currency: 'USD',
        membershipId: membership.id,
        status: 'pending',
        at,
        updatedAt: at,
      },
      [paths.planFeeQueueEntry(`${member.uid}-late-x`)]: { uid: member.uid, feeId: 'late-x', at },
    });
    await runPlanJobs(bed.deps);
    expect(await valueAt(bed, paths.planFee(member.uid, 'late-x'))).toMatchObject({
      status: 'failed',
      failure: 'insufficient_funds',
    });
    const notifications = Object.values(
      ((await valueAt(bed, paths.notifications(member.uid))) ?? {}) as Record<
        string,
        { messageKey: string }
      >,
    );
    expect(notifications.map((entry) => entry.messageKey)).toContain('notifPlanFeeFailed');
  });
});

describe('changing plans', () => {
  it('upgrades at once with a prorated charge; the webhook moves the membership', async () => {
    const member = await newMember(bed);
    await buyPlan(bed, member, twoAWeek);
    const changed = await changePlan.run(callableRequest({ planId: daily }, member));
    expect(changed.timing).toBe('now');
    await bed.sandbox.idle();
    const membership = await membershipOf(bed, member.uid);
    expect(membership).toMatchObject({ planId: daily, terms: { kind: 'unlimited', dailyCap: 1 } });
    const [proration] = (await bed.stripe.invoices.list({ subscription: membership.id })).data;
    expect(proration?.billing_reason).toBe('subscription_update');
    expect(await valueAt(bed, `${paths.payment(proration?.id ?? '')}/kind`)).toBe('plan');
  });

  it('books a downgrade for the period’s end, entered when the plan renews', async () => {
    const member = await newMember(bed);
    const bought = await buyPlan(bed, member, daily);
    const changed = await changePlan.run(callableRequest({ planId: twoAWeek }, member));
    expect(changed.timing).toBe('period-end');
    expect((await membershipOf(bed, member.uid)).pendingChange).toMatchObject({ planId: twoAWeek });
    const pending = await rejectionOf(
      changePlan.run(callableRequest({ planId: twoAWeek }, member)),
    );
    expect(pending.details).toMatchObject({ messageKey: 'planChangePending' });
    await bed.control(`subscriptions/${bought.id}/renew`);
    await bed.sandbox.idle();
    const membership = await membershipOf(bed, member.uid);
    expect(membership).toMatchObject({ planId: twoAWeek, terms: { kind: 'limited' } });
    expect(membership.pendingChange).toBeUndefined();
  });
});

describe('changing to an intro offer', () => {
  it('is refused: a member who holds a plan has bought before; nothing is written', async () => {
    const intro = await createPlan(INTRO_WEEK);
    const member = await newMember(bed);
    const bought = await buyPlan(bed, member, daily);
    const refused = await rejectionOf(changePlan.run(callableRequest({ planId: intro }, member)));
    expect(refused.code).toBe('failed-precondition');
    expect(refused.details).toMatchObject({ messageKey: 'introAlreadyUsed' });
    expect(await membershipOf(bed, member.uid)).toEqual(bought);
    expect((await subscriptionOf(bed, bought)).schedule).toBeNull();
  });
});

describe('cancelling and gifts', () => {
  it('cancels inside a commitment at the term’s end', async () => {
    const committed = await createPlan({
      ...DAILY,
      name: 'A year, monthly',
      commitment: { periods: 12 },
    });
    const member = await newMember(bed);
    const membership = await buyPlan(bed, member, committed);
    expect(membership.commitmentEndsAt).toBeGreaterThan(Date.now() + 300 * 24 * 3_600_000);
    const noFee = await rejectionOf(
      cancelMembership.run(callableRequest({ payEarlyEndFee: true }, member)),
    );
    expect(noFee.details).toMatchObject({ messageKey: 'noEarlyEndFee' });
    const result = await cancelMembership.run(callableRequest({}, member));
    expect(result).toMatchObject({ endsAt: membership.commitmentEndsAt, fee: 0 });
    await bed.sandbox.idle();
    const subscription = await subscriptionOf(bed, membership);
    expect((subscription.cancel_at ?? 0) * 1000).toBe(
      Math.floor((membership.commitmentEndsAt ?? 0) / 1000) * 1000,
    );
    expect((await membershipOf(bed, member.uid)).status).toBe('cancelling');
  });

  it('lets an admin end a gift plan now, audited; a second end or one at the period’s end is refused', async () => {
    const member = await newMember(bed);
    const until = addDays(today(), 30);
    const { membershipId } = await compMembership.run(
      callableRequest({ uid: member.uid, planId: daily, until, reason: 'Ambassador' }, ADMIN),
    );
    const later = rejectionOf(
      cancelMemberSubscription.run(
        callableRequest({ uid: member.uid, when: 'period-end', reason: 'Moved away' }, ADMIN),
      ),
    );
    expect(await later).toMatchObject({
      code: 'failed-precondition',
      details: { messageKey: 'planEndsNowOnly' },
    });
    expect(await membershipOf(bed, member.uid)).toMatchObject({ status: 'active' });

    const ended = await cancelMemberSubscription.run(
      callableRequest({ uid: member.uid, when: 'now', reason: 'Moved away' }, ADMIN),
    );
    expect(ended).toEqual({ subscriptionId: membershipId, cancelAt: null });
    const membership = await membershipOf(bed, member.uid);
    expect(membership).toMatchObject({ id: membershipId, status: 'ended' });
    expect(membership.endedAt).toBeGreaterThan(0);
    const audits = (await auditOf('cancelMemberSubscription')).filter(
      (entry) => entry.target === member.uid,
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toMatchObject({
      membershipId,
      source: 'comp',
      reason: 'Moved away',
    });

    const again = rejectionOf(
      cancelMemberSubscription.run(
        callableRequest({ uid: member.uid, when: 'now', reason: 'Moved away' }, ADMIN),
      ),
    );
    expect(await again).toMatchObject({ code: 'failed-precondition' });
    expect(
      (await auditOf('cancelMemberSubscription')).filter((entry) => entry.target === member.uid),
    ).toHaveLength(1);
  });

  it('gives a plan free until a date, audited, and books with it', async () => {
    const member = await newMember(bed);
    const until = addDays(today(), 30);
    const { membershipId } = await compMembership.run(
      callableRequest({ uid: member.uid, planId: daily, until, reason: 'Ambassador' }, ADMIN),
    );
    expect(await membershipOf(bed, member.uid)).toMatchObject({ id: membershipId, source: 'comp' });
    const classId = await classAt(bed, 1, '08:00');
    expect(await bookClass.run(callableRequest({ classId }, member))).toMatchObject({
      paidBy: 'plan',
    });
    expect((await auditOf('compMembership')).some((entry) => entry.target === member.uid)).toBe(
      true,
    );

    // A week before it ends, the plans job pushes the member's device once.
    await bed.backend.db.ref(paths.pushSubscription(member.uid, 'device-1')).set({
      endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      device: 'Chrome on Android',
      createdAt: Date.now(),
    });
    const { periodEnd } = await membershipOf(bed, member.uid);
    if (periodEnd === undefined) throw new Error('A gift plan has an end');
    const id = pushOutboxId(
      pushEventIds.planExpiring(membershipId, formatDate(periodEnd, TZ)),
      'device-1',
    );
    await runPlanJobs({ ...bed.deps, now: () => periodEnd - 8 * DAY_MS });
    expect(await valueAt(bed, paths.pushOutboxEntry(id))).toBeNull();
    const weekBefore = { ...bed.deps, now: () => periodEnd - 6 * DAY_MS };
    expect((await runPlanJobs(weekBefore)).endingPushes).toBeGreaterThanOrEqual(1);
    await runPlanJobs(weekBefore);
    const outbox = ((await valueAt(bed, paths.pushOutbox())) ?? {}) as Record<string, object>;
    expect(Object.keys(outbox).filter((key) => key.includes(membershipId))).toEqual([id]);
    expect(await valueAt(bed, paths.pushOutboxEntry(id))).toMatchObject({
      uid: member.uid,
      message: { kind: 'plan-expiring', endsAt: periodEnd },
    });
  });
});
