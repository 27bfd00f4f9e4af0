// Payment chaos for membership plans (docs/architecture/plans.md). Ten members buy plans through
// the real createCheckoutSession callable and the Stripe sandbox; then one freezes (the
// subscription pauses), one freezes and ends it at once (paused, then resumed), one upgrades
// (a prorated invoice at once), one downgrades (a subscription schedule whose next phase starts at
// the renewal), one of each again in Stripe's customer portal, two cancel a class late (the plan's fee charged off-session by the plans job, one
// card declining). Every event the sandbox emitted, in each phase, is delivered to the real
// stripeWebhook 1–5 times, shuffled, concurrently, mixed with forged, stale and tampered
// signatures. Afterwards each membership is what its member did, each event is recorded once,
// each fee is charged or failed once with one notice, every notice and mail is sent once, and the
// ledger explains every balance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { bookingInvariantViolations, membershipSchema, paths } from '@studio/core';
import type { Membership } from '@studio/core';
import { adminDatabase } from '../../functions/src/admin.ts';
import { runPlanJobs } from '../../functions/src/handlers/plans/plan-jobs.ts';
import { seedClass, seedStudio } from '../../functions/test/booking/fixtures.ts';
import { DAILY, TWO_A_WEEK } from '../../functions/test/plans/catalogue.ts';
import { startFunctionsBed, type Caller, type FunctionsBed } from './support/functions-bed.ts';
import {
  sandboxClient,
  sandboxControl,
  webhookChaos,
  type WebhookChaos,
} from './support/webhook-chaos.ts';
import { seededRandom } from '../soak/random.ts';

const SEED = 20261129;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ADMIN: Caller = { uid: 'chaos-admin', claims: { role: 'admin' } };
const URLS = {
  successUrl: 'http://127.0.0.1:5000/success?session={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://127.0.0.1:5000/paquetes',
};
/** What each member does after buying. */
const ROLES = [
  'freezes',
  'freezes-and-ends',
  'upgrades',
  'downgrades',
  'upgrades-in-portal',
  'downgrades-in-portal',
  'late-cancel',
  'late-cancel-declined',
  'keeps',
  'keeps',
] as const;
type Role = (typeof ROLES)[number];

/** The same chaos on every run (a seeded generator), so a failure can be replayed. */
const chaos = seededRandom(SEED);

let bed: FunctionsBed;
let stripe: Stripe;
let control: ReturnType<typeof sandboxControl>;
let webhook: WebhookChaos;
let daily = '';
let twoAWeek = '';
const members: { caller: Caller; role: Role; planId: string }[] = [];

async function call(name: Parameters<FunctionsBed['call']>[0], caller: Caller, data: unknown) {
  const outcome = await bed.call(name, caller, data);
  if (!outcome.ok) throw outcome.error;
  return outcome.result;
}

/** Opens the member's customer portal and presses "Switch to" the plan there. */
async function switchInPortal(caller: Caller, subscriptionId: string, planId: string) {
  const { url } = (await call('createPortalSession', caller, { returnUrl: URLS.cancelUrl })) as {
    url: string;
  };
  const price: unknown = (
    await adminDatabase().ref(paths.plan(planId)).child('stripePriceId').get()
  ).val();
  const response = await fetch(`${url}/subscriptions/${subscriptionId}/update`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ price: String(price) }).toString(),
  });
  expect(response.status).toBe(303);
}

async function membershipOf(uid: string): Promise<Membership> {
  return membershipSchema.parse((await adminDatabase().ref(paths.membership(uid)).get()).val());
}

beforeAll(async () => {
  bed = await startFunctionsBed();
  const db = adminDatabase();
  await seedStudio(db);
  stripe = sandboxClient(bed);
  control = sandboxControl(bed);
  webhook = webhookChaos(bed, chaos);
  daily = ((await call('savePlan', ADMIN, { plan: DAILY })) as { planId: string }).planId;
  twoAWeek = ((await call('savePlan', ADMIN, { plan: TWO_A_WEEK })) as { planId: string }).planId;
  const users: Record<string, unknown> = {};
  ROLES.forEach((role, i) => {
    const uid = `plan-chaos-${i + 1}`;
    const email = `${uid}@demo.studio`;
    users[paths.user(uid)] = {
      Name: uid,
      Email: email,
      Admin: false,
      Credits: 0,
      Conditions: true,
    };
    members.push({
      caller: { uid, claims: { role: 'member', email } },
      role,
      planId: role === 'upgrades' || role === 'upgrades-in-portal' ? twoAWeek : daily,
    });
  });
  await db.ref().update(users);
}, 120_000);

afterAll(async () => {
  await bed?.stop();
  const { figures, types } = webhook;
  const kinds = [...types.entries()]
    .sort()
    .map(([type, count]) => `${type} ${count}`)
    .join(', ');
  console.log(
    `payment chaos, plans: ${members.length} members, ${figures.events} Stripe events (${kinds}), ` +
      `${figures.deliveries} deliveries (${figures.duplicates} duplicates, ${figures.retried} ` +
      `answered 5xx and retried, ${figures.forged + figures.stale + figures.tampered} refused ` +
      `signatures)`,
  );
}, 60_000);

describe('payment chaos, plans', () => {
  it('freezes, resumes, plan changes and fees land exactly once, whatever the delivery order', async () => {
    // 1. Everyone buys at once and pays; the purchase events arrive in chaos.
    const sessions = await Promise.all(
      members.map(
        async ({ caller, planId }) =>
          (
            (await call('createCheckoutSession', caller, { kind: 'plan', planId, ...URLS })) as {
              sessionId: string;
            }
          ).sessionId,
      ),
    );
    await Promise.all(sessions.map((id) => control(`checkout_sessions/${id}/complete`)));
    await webhook.deliverFresh();
    const bought = new Map<string, Membership>();
    for (const { caller, planId } of members) {
      const membership = await membershipOf(caller.uid);
      expect(membership).toMatchObject({ planId, status: 'active' });
      bought.set(caller.uid, membership);
    }

    // 2. What each does; Stripe's events of all of it wait, then arrive in chaos together.
    const soon = await seedClass(adminDatabase(), { startsAt: Date.now() + 2 * HOUR, capacity: 8 });
    for (const { caller, role } of members) {
      const membership = bought.get(caller.uid) as Membership;
      switch (role) {
        case 'freezes':
          await call('freezeMembership', caller, { days: 14 });
          break;
        case 'freezes-and-ends':
          await call('freezeMembership', caller, { days: 14 });
          await call('endFreeze', caller, {});
          break;
        case 'upgrades':
          expect(await call('changePlan', caller, { planId: daily })).toMatchObject({
            timing: 'now',
          });
          break;
        case 'downgrades':
          expect(await call('changePlan', caller, { planId: twoAWeek })).toMatchObject({
            timing: 'period-end',
          });
          break;
        case 'upgrades-in-portal':
          await switchInPortal(caller, membership.id, daily);
          break;
        case 'downgrades-in-portal':
          await switchInPortal(caller, membership.id, twoAWeek);
          break;
        case 'late-cancel-declined':
        case 'late-cancel':
          if (role === 'late-cancel-declined') {
            // A late cancel too, with a card that declines the fee.
            const subscription = await stripe.subscriptions.retrieve(membership.id);
            await control(`customers/${subscription.customer as string}/card`, {
              number: '4000000000000341',
            });
          }
          await call('bookClass', caller, { classId: soon });
          await call('cancelBooking', caller, { classId: soon });
          break;
        case 'keeps':
          break;
      }
    }
    // The plans job charges the fees (one card declines); the downgrade's renewal enters its phase.
    await runPlanJobs({ db: adminDatabase(), stripe, now: Date.now });
    for (const { caller } of members.filter(({ role }) => role.startsWith('downgrades')))
      await control(`subscriptions/${bought.get(caller.uid)?.id ?? ''}/renew`);
    await webhook.deliverFresh();
    // A second run of the job, and every event once more, change nothing.
    await runPlanJobs({ db: adminDatabase(), stripe, now: Date.now });
    await webhook.deliverFresh();

    // 3. Each membership is what its member did; Stripe agrees.
    const root = (await bed.dump()) as Record<string, Record<string, unknown> | undefined>;
    const now = Date.now();
    for (const { caller, role } of members) {
      const membership = await membershipOf(caller.uid);
      const subscription = await stripe.subscriptions.retrieve(membership.id);
      const user = (root['Users']?.[caller.uid] ?? {}) as Record<string, unknown>;
      expect(root['Memberships']?.[membership.id]).toEqual(user['membership']);
      const fees = Object.values(
        (user['plan-fees'] ?? {}) as Record<string, { status: string; reason: string }>,
      );
      const notices = Object.values(
        (root['Notifications']?.[caller.uid] ?? {}) as Record<
          string,
          { messageKey: string; params?: unknown }
        >,
      );
      // No notice twice (a duplicate delivery would repeat one word for word).
      const said = notices.map((n) => JSON.stringify([n.messageKey, n.params]));
      expect(new Set(said).size).toBe(said.length);
      const told = (key: string) => notices.filter((n) => n.messageKey === key).length;
      // Each plan notice is one notification and one mail, under the same event.
      const planNotices = Object.keys(
        (root['Notifications']?.[caller.uid] ?? {}) as Record<string, unknown>,
      ).filter((id) => id.startsWith('plan-'));
      const planMails = Object.values(
        (root['MailOutbox'] ?? {}) as Record<string, { uid?: string; kind?: string }>,
      ).filter((mail) => mail.uid === caller.uid && mail.kind === 'plan-notice');
      expect(planMails).toHaveLength(planNotices.length);
      switch (role) {
        case 'freezes':
          expect(membership.frozenUntil).toBeGreaterThan(now + 13 * DAY);
          expect(subscription.status).toBe('paused');
          break;
        case 'freezes-and-ends':
          expect(membership.frozenUntil === undefined || membership.frozenUntil <= now).toBe(true);
          expect(subscription.status).toBe('active');
          break;
        case 'upgrades':
        case 'upgrades-in-portal': {
          expect(membership).toMatchObject({ planId: daily, terms: { kind: 'unlimited' } });
          const invoices = (await stripe.invoices.list({ subscription: membership.id })).data;
          const proration = invoices.filter((i) => i.billing_reason === 'subscription_update');
          expect(proration).toHaveLength(1);
          const payment = (root['Payments'] ?? {})[proration[0]?.id ?? ''] as
            { kind: string; status: string } | undefined;
          expect(payment).toMatchObject({ kind: 'plan', status: 'paid' });
          break;
        }
        case 'downgrades':
        case 'downgrades-in-portal':
          expect(membership).toMatchObject({ planId: twoAWeek, terms: { kind: 'limited' } });
          expect(membership.pendingChange).toBeUndefined();
          // The change was told once. The app tells the booking at once; a booking in the
          // portal is told when its event comes, unless the renewal has already made it.
          expect(told('notifPlanChanged')).toBe(1);
          expect(told('notifPlanChangeBooked')).toBe(role === 'downgrades' ? 1 : 0);
          break;
        case 'late-cancel':
          expect(fees).toMatchObject([{ reason: 'late-cancel', status: 'charged' }]);
          break;
        case 'late-cancel-declined':
          expect(fees).toMatchObject([{ reason: 'late-cancel', status: 'failed' }]);
          expect(told('notifPlanFeeFailed')).toBe(1);
          break;
        case 'keeps':
          expect(membership).toMatchObject({ planId: daily, status: 'active' });
          expect(subscription.status).toBe('active');
          break;
      }
      if (role !== 'late-cancel' && role !== 'late-cancel-declined') expect(fees).toEqual([]);
    }

    // 4. Each event recorded once; one Payments record per paid invoice past the first (the
    //    first is paid by the checkout) and one per checkout; the ledger explains every balance.
    const events = bed.sandbox.events();
    expect(Object.keys(root['StripeEvents'] ?? {}).sort()).toEqual(events.map((e) => e.id).sort());
    for (const type of [
      'customer.subscription.paused',
      'customer.subscription.resumed',
      'invoice.paid',
      'payment_intent.succeeded',
      'payment_intent.payment_failed',
      'subscription_schedule.updated',
    ])
      expect(webhook.types.get(type) ?? 0, type).toBeGreaterThan(0);
    const payments = Object.entries(
      (root['Payments'] ?? {}) as Record<string, { uid: string; status: string }>,
    );
    for (const session of sessions)
      expect(payments.filter(([id]) => id === session).map(([, p]) => p.status)).toEqual(['paid']);
    expect(bookingInvariantViolations(root, { nowMs: Date.now(), quiescent: true })).toEqual([]);
  }, 200_000);
});
