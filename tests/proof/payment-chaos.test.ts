// Payment chaos. Twenty members buy at once through the real
// createCheckoutSession callable and the Stripe sandbox (packages of every credit kind, some with
// a coupon, three monthly plans renewed once, two checkouts abandoned, one member opening two plan
// checkouts at once, one whose second plan is paid anyway). Some purchases are then refunded in
// full or in part, or disputed and the dispute won or lost. Every event the sandbox emitted is
// delivered to the real stripeWebhook 1–5 times, shuffled, concurrently, after random delays (so
// refunds and disputes often arrive before the purchase they undo), mixed with deliveries whose
// signature is forged, stale or over a tampered body; events the webhook itself causes (a
// duplicate plan cancelled and refunded) get the same treatment. Meanwhile every member races for
// a coupon with three uses, one per member, some of them twice at once, and one of its checkouts
// expires. Afterwards every balance is exactly what was paid and kept, every payment is recorded
// once, the coupon was used no more than its limits allow, and the ledger explains every balance
// (core's booking invariants).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { bookingInvariantViolations, creditsToTakeBack, paths } from '@studio/core';
import { adminDatabase } from '../../functions/src/admin.ts';
import { seedStudio } from '../../functions/test/booking/fixtures.ts';
import { startFunctionsBed, type FunctionsBed } from './support/functions-bed.ts';
import {
  sandboxClient,
  sandboxControl,
  webhookChaos,
  type WebhookChaos,
} from './support/webhook-chaos.ts';
import { seededRandom } from '../soak/random.ts';

const MEMBERS = 20;
const SUBSCRIBERS = 3;
const SEED = 20261122;
const PACKAGES = {
  p5: { kind: 'credits', creditKind: 'regular', credits: 5, price: 6500 },
  sp2: { kind: 'spcredits', creditKind: 'special', credits: 2, price: 3000 },
  tr3: { kind: 'train-credits', creditKind: 'train', credits: 3, price: 4500 },
} as const;
type PackageId = keyof typeof PACKAGES;
const SUBSCRIPTION_CREDITS = 30;
/** The raced coupon: half off, three uses in all, one per member. */
const LIMITED = { code: 'HALF3', percentOff: 50, maxRedemptions: 3, maxPerMember: 1 } as const;
/** createCheckoutSession's limit per member and window (`checkout`): racers stay under it. */
const CHECKOUT_LIMIT = 5;
const URLS = {
  successUrl: 'http://127.0.0.1:5000/success?session={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://127.0.0.1:5000/paquetes',
};

/** The same chaos on every run (a seeded generator), so a failure can be replayed. */
const chaos = seededRandom(SEED);

interface Purchase {
  uid: string;
  sessionId: string;
  packageId: PackageId | 'subscription';
  coupon: boolean;
  /** Bought with the raced coupon (LIMITED). */
  limited?: boolean;
  completed: boolean;
  /** Left open until Stripe expired it. */
  expired?: boolean;
  /** What happened to the money after paying. */
  after?: { refunded: number; paid: number } | { dispute: 'won' | 'lost' };
  /** A second plan paid through a race on Stripe's side: the webhook cancels and refunds one. */
  racedPlan?: boolean;
}

const figures = {
  refundsFull: 0,
  refundsPartial: 0,
  disputesWon: 0,
  disputesLost: 0,
  /** Refunds and disputes whose first good delivery came before their purchase's completion. */
  returnsBeforeFulfilment: 0,
  concurrentPlanCheckoutsRefused: 0,
  couponRacers: 0,
  couponAttempts: 0,
  couponRefused: 0,
};

let bed: FunctionsBed;
let sandboxApi: Stripe;
let control: ReturnType<typeof sandboxControl>;
let webhook: WebhookChaos;
let uids: string[] = [];
/** Members of steps 1b (two plan checkouts at once) and 1c (two plans paid anyway). */
let planTwiceUid = '';
let racedUid = '';
const purchases: Purchase[] = [];
/** createCheckoutSession calls per member, refused ones included (they count too). */
const calls = new Map<string, number>();

async function checkout(uid: string, data: Record<string, unknown>): Promise<string> {
  calls.set(uid, (calls.get(uid) ?? 0) + 1);
  const outcome = await bed.call(
    'createCheckoutSession',
    { uid, claims: { role: 'member' } },
    {
      ...data,
      ...URLS,
    },
  );
  if (!outcome.ok) throw outcome.error;
  return (outcome.result as { sessionId: string }).sessionId;
}

beforeAll(async () => {
  bed = await startFunctionsBed();
  const db = adminDatabase();
  await seedStudio(db);
  const catalogue: Record<string, unknown> = {
    [paths.suscriptionPrices()]: [
      { key: 'discounted', Precio: 39 },
      { key: 'regular', Precio: 59 },
    ],
    [paths.coupon('WELCOME10')]: { code: 'WELCOME10', percentOff: 10, active: true, redeemed: 0 },
    [paths.coupon(LIMITED.code)]: { ...LIMITED, active: true, redeemed: 0 },
  };
  for (const [id, pack] of Object.entries(PACKAGES)) {
    catalogue[paths.package(id)] = {
      kind: pack.kind,
      name: id,
      credits: pack.credits,
      price: pack.price,
      currency: 'USD',
      validityDays: 60,
      active: true,
    };
  }
  sandboxApi = sandboxClient(bed);
  control = sandboxControl(bed);
  webhook = webhookChaos(bed, chaos);
  uids = Array.from({ length: MEMBERS }, (_, i) => `chaos-member-${i + 1}`);
  planTwiceUid = uids[SUBSCRIBERS] ?? '';
  racedUid = uids[SUBSCRIBERS + 1] ?? '';
  for (const uid of uids) {
    catalogue[paths.user(uid)] = { Name: uid, Admin: false, Credits: 0, Conditions: true };
  }
  await db.ref().update(catalogue);
}, 120_000);

afterAll(async () => {
  await bed?.stop();
  const delivery = webhook.figures;
  console.log(
    `payment chaos: ${purchases.length} checkouts by ${MEMBERS} members ` +
      `(${figures.concurrentPlanCheckoutsRefused} plan checkout refused as concurrent, one second ` +
      `plan paid anyway), ${figures.refundsFull} full and ${figures.refundsPartial} partial ` +
      `refunds, ${figures.disputesWon} disputes won and ${figures.disputesLost} lost ` +
      `(${figures.returnsBeforeFulfilment} of these 10 delivered before their purchase's ` +
      `completion), ${delivery.events} Stripe events, ${delivery.deliveries} deliveries ` +
      `(${delivery.good} correctly signed of which ${delivery.duplicates} duplicates, ` +
      `${delivery.retried} answered 5xx and retried); ` +
      `${delivery.forged + delivery.stale + delivery.tampered} refused signatures ` +
      `(${delivery.forged} forged, ${delivery.stale} stale, ${delivery.tampered} over a tampered body); ` +
      `coupon ${LIMITED.code} (${LIMITED.maxRedemptions} uses, ${LIMITED.maxPerMember} per ` +
      `member): ${figures.couponAttempts} checkouts by ${figures.couponRacers} members at once, ` +
      `${figures.couponRefused} refused, one expired and its use given back`,
  );
}, 60_000);

describe('payment chaos', () => {
  it('grants exactly what was paid for, once, whatever the delivery order, duplicates and forgeries', async () => {
    // 1. Twenty members check out at once: 1–3 packages each, some with a coupon, three plans.
    const orders = uids.flatMap((uid, i) => [
      ...Array.from({ length: chaos.between(1, 3) }, () => {
        const ids = Object.keys(PACKAGES) as PackageId[];
        const packageId = ids[chaos.between(0, ids.length - 1)] as PackageId;
        return { uid, packageId, coupon: chaos.next() < 0.3 };
      }),
      ...(i < SUBSCRIBERS ? [{ uid, packageId: 'subscription' as const, coupon: false }] : []),
    ]);
    // All at once, a member's own checkouts included
    // (docs/architecture/payments.md#prices-and-checkout: two simultaneous first
    // checkouts of one member used to fail as `internal`).
    const sessionIds = await Promise.all(
      orders.map(({ uid, packageId, coupon }) =>
        checkout(
          uid,
          packageId === 'subscription'
            ? { kind: 'subscription' }
            : {
                kind: PACKAGES[packageId].kind,
                packageId,
                ...(coupon ? { promocode: 'WELCOME10' } : {}),
              },
        ),
      ),
    );
    // Two package checkouts are abandoned: they must grant nothing.
    const abandoned = new Set(
      chaos
        .shuffle(
          orders.map((o, i) => (o.packageId === 'subscription' ? -1 : i)).filter((i) => i >= 0),
        )
        .slice(0, 2),
    );
    orders.forEach((order, i) =>
      purchases.push({
        uid: order.uid,
        packageId: order.packageId,
        coupon: order.coupon,
        sessionId: sessionIds[i] as string,
        completed: !abandoned.has(i),
      }),
    );

    // 1b. One member opens two plan checkouts at once: one opens, the other is refused.
    const twice = await Promise.allSettled([
      checkout(planTwiceUid, { kind: 'subscription' }),
      checkout(planTwiceUid, { kind: 'subscription' }),
    ]);
    const opened = twice.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    const refused = twice.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    expect(opened).toHaveLength(1);
    for (const error of refused)
      expect(error).toMatchObject({
        code: 'failed-precondition',
        details: { messageKey: 'subscriptionCheckoutOpen' },
      });
    figures.concurrentPlanCheckoutsRefused = refused.length;
    for (const sessionId of opened)
      purchases.push({
        uid: planTwiceUid,
        packageId: 'subscription',
        coupon: false,
        sessionId,
        completed: true,
      });
    // 1c. Another pays two plans anyway: the first page outlived its claim (a race on Stripe's
    //     side); the webhook keeps one and cancels and refunds the other.
    const racedFirst = await checkout(racedUid, { kind: 'subscription' });
    await adminDatabase().ref(paths.subscriptionClaim(racedUid)).remove();
    const racedSecond = await checkout(racedUid, { kind: 'subscription' });
    for (const sessionId of [racedFirst, racedSecond])
      purchases.push({
        uid: racedUid,
        packageId: 'subscription',
        coupon: false,
        sessionId,
        completed: true,
        racedPlan: true,
      });

    // 1d. Every member races for the limited coupon at once, some twice (as many calls as the
    //     checkout limit leaves each): exactly maxRedemptions checkouts open, for as many
    //     members; the others are refused in words. One of them is left to expire.
    const racers = uids.filter((uid) => (calls.get(uid) ?? 0) < CHECKOUT_LIMIT);
    const doubles = racers.filter((uid) => (calls.get(uid) ?? 0) < CHECKOUT_LIMIT - 1).slice(0, 4);
    const attempts = [...racers, ...doubles];
    const limitedOrder = { kind: 'credits', packageId: 'p5', promocode: LIMITED.code };
    const raced = await Promise.allSettled(attempts.map((uid) => checkout(uid, limitedOrder)));
    const won = raced.flatMap((outcome, i) =>
      outcome.status === 'fulfilled' ? [{ uid: attempts[i]!, sessionId: outcome.value }] : [],
    );
    expect(won).toHaveLength(LIMITED.maxRedemptions);
    expect(new Set(won.map((w) => w.uid)).size).toBe(LIMITED.maxRedemptions);
    for (const outcome of raced)
      if (outcome.status === 'rejected')
        expect(outcome.reason).toMatchObject({
          code: 'failed-precondition',
          details: {
            messageKey: expect.stringMatching(/^coupon(UsedUp|PerMemberLimit)$/) as unknown,
          },
        });
    figures.couponRacers = racers.length;
    figures.couponAttempts = attempts.length;
    figures.couponRefused = attempts.length - won.length;
    const [lapsing, ...payingLimited] = won;
    await sandboxApi.checkout.sessions.expire(lapsing!.sessionId);
    purchases.push(
      {
        ...lapsing!,
        packageId: 'p5',
        coupon: false,
        limited: true,
        completed: false,
        expired: true,
      },
      ...payingLimited.map((w) => ({
        ...w,
        packageId: 'p5' as const,
        coupon: false,
        limited: true,
        completed: true,
      })),
    );

    // 2. They pay, all at once; then the three first plans renew once (a second invoice.paid).
    await Promise.all(
      purchases
        .filter((p) => p.completed)
        .map((p) => control(`checkout_sessions/${p.sessionId}/complete`)),
    );
    const subscriptionOf = (sessionId: string): string => {
      const event = bed.sandbox
        .events()
        .find(
          (e) =>
            e.type === 'checkout.session.completed' &&
            (e.event.data.object as { id?: string }).id === sessionId,
        );
      const subscription = (event?.event.data.object as { subscription?: unknown } | undefined)
        ?.subscription;
      if (typeof subscription !== 'string') throw new Error(`no subscription for ${sessionId}`);
      return subscription;
    };
    await Promise.all(
      purchases
        .filter((p) => p.packageId === 'subscription' && !p.racedPlan && p.uid !== planTwiceUid)
        .map((p) => control(`subscriptions/${subscriptionOf(p.sessionId)}/renew`)),
    );

    // 3. Money goes back on some paid packages: refunds in full and in part, disputes won and
    //    lost. Their events join the others, so many arrive before the purchase they undo.
    const paidPackages = chaos.shuffle(
      purchases.filter((p) => p.completed && p.packageId !== 'subscription'),
    );
    const plan: { kind: 'full' | 'partial' | 'won' | 'lost'; fraction: number }[] = [
      { kind: 'full', fraction: 1 },
      { kind: 'full', fraction: 1 },
      { kind: 'full', fraction: 1 },
      { kind: 'partial', fraction: 0.5 },
      { kind: 'partial', fraction: 0.3 },
      { kind: 'partial', fraction: 0.75 },
      { kind: 'won', fraction: 1 },
      { kind: 'won', fraction: 1 },
      { kind: 'lost', fraction: 1 },
      { kind: 'lost', fraction: 1 },
    ];
    await Promise.all(
      plan.map(async ({ kind, fraction }, i) => {
        const purchase = paidPackages[i];
        if (!purchase) throw new Error('not enough paid packages for the refund plan');
        const session = await sandboxApi.checkout.sessions.retrieve(purchase.sessionId);
        const intent = session.payment_intent as string;
        const paid = session.amount_total ?? 0;
        if (kind === 'full' || kind === 'partial') {
          const refunded = kind === 'full' ? paid : Math.round(paid * fraction);
          await control(`charges/${intent}/refund`, kind === 'full' ? {} : { amount: refunded });
          purchase.after = { refunded, paid };
          figures[kind === 'full' ? 'refundsFull' : 'refundsPartial'] += 1;
        } else {
          const dispute = (await control(`charges/${intent}/dispute`)) as { id: string };
          await control(`disputes/${dispute.id}/close`, { status: kind });
          purchase.after = { dispute: kind };
          figures[kind === 'won' ? 'disputesWon' : 'disputesLost'] += 1;
        }
      }),
    );

    // 4. Every event, 1–5 good deliveries plus forged, stale and tampered ones, shuffled; then
    //    the events those deliveries caused (a duplicate plan cancelled and refunded), the same way.
    await webhook.deliverFresh();
    const events = bed.sandbox.events();
    expect(events.every((e) => webhook.delivered(e.id))).toBe(true);
    const objectId = (e: (typeof events)[number]) =>
      (e.event.data.object as { id?: string; payment_intent?: string }).id;
    for (const p of purchases.filter((q) => q.after !== undefined)) {
      const completedAt = events.find(
        (e) => e.type === 'checkout.session.completed' && objectId(e) === p.sessionId,
      );
      const session = completedAt?.event.data.object as { payment_intent?: string } | undefined;
      const undo = events.find(
        (e) =>
          (e.type === 'charge.refunded' || e.type === 'charge.dispute.created') &&
          (e.event.data.object as { payment_intent?: string }).payment_intent ===
            session?.payment_intent,
      );
      if (
        completedAt &&
        undo &&
        (webhook.firstDone.get(undo.id) ?? 0) < (webhook.firstDone.get(completedAt.id) ?? 0)
      )
        figures.returnsBeforeFulfilment += 1;
    }

    // 5. What was paid for and kept, and nothing else.
    const root = (await bed.dump()) as Record<string, Record<string, unknown> | undefined>;
    /** How the webhook recorded a session's checkout events: what a wrong status is told with. */
    const checkoutEvents = (sessionId: string) =>
      events
        .filter((e) => e.type.startsWith('checkout.session.') && objectId(e) === sessionId)
        .map((e) => `${e.type} ${JSON.stringify((root['StripeEvents'] ?? {})[e.id])}`)
        .join(', ');
    const users = root['Users'] ?? {};
    const payments = (root['Payments'] ?? {}) as Record<
      string,
      { uid: string; status: string; amount: number }
    >;
    for (const uid of uids) {
      const mine = purchases.filter((p) => p.uid === uid && p.completed);
      const expected = { regular: 0, special: 0, train: 0 };
      for (const p of mine) {
        if (p.packageId === 'subscription') {
          // Renewed once, except the plans opened in steps 1b and 1c (one kept per member).
          if (p.racedPlan) continue;
          expected.regular += (p.uid === planTwiceUid ? 1 : 2) * SUBSCRIPTION_CREDITS;
          continue;
        }
        const pack = PACKAGES[p.packageId];
        let kept: number = pack.credits;
        if (p.after && 'refunded' in p.after)
          kept -= creditsToTakeBack(pack.credits, p.after.paid, p.after.refunded);
        if (p.after && 'dispute' in p.after && p.after.dispute === 'lost') kept = 0;
        expected[pack.creditKind] += kept;
      }
      if (uid === racedUid) expected.regular += SUBSCRIPTION_CREDITS;
      const user = (users[uid] ?? {}) as Record<string, unknown>;
      const held = Object.values((user['credits-list'] ?? {}) as Record<string, { kind: string }>);
      const count = (kind: string) => held.filter((c) => c.kind === kind).length;
      expect({
        uid,
        regular: count('regular'),
        special: count('special'),
        train: count('train'),
      }).toEqual({ uid, ...expected });
      expect(user['Credits']).toBe(expected.regular);

      // One Payments record per checkout (paid, or still pending if abandoned) and one per
      // renewal invoice (a plan's first period is paid by its checkout), and no other.
      const records = Object.entries(payments).filter(([, p]) => p.uid === uid);
      const mineAll = purchases.filter((q) => q.uid === uid);
      for (const p of mineAll) {
        const record = payments[p.sessionId];
        const after = p.after;
        const status = p.expired
          ? 'expired'
          : !p.completed
            ? 'pending'
            : after && 'refunded' in after
              ? after.refunded >= after.paid
                ? 'refunded'
                : 'partially-refunded'
              : 'paid';
        if (p.racedPlan) expect(['paid', 'refunded']).toContain(record?.status);
        else
          expect(
            record?.status,
            `${p.sessionId} ${p.packageId} limited=${p.limited} coupon=${p.coupon} ` +
              `after=${JSON.stringify(after)}; its checkout events: ${checkoutEvents(p.sessionId)}`,
          ).toBe(status);
        if (after && 'dispute' in after)
          expect((record as { disputeStatus?: string } | undefined)?.disputeStatus).toBe(
            after.dispute,
          );
        if (p.packageId === 'subscription') continue;
        // The server's price, after WELCOME10's 10 % where it was used.
        const price = PACKAGES[p.packageId].price;
        expect(record?.amount).toBe(
          p.coupon
            ? Math.round(price * 0.9)
            : p.limited
              ? Math.round((price * (100 - LIMITED.percentOff)) / 100)
              : price,
        );
      }
      const plans = mineAll.filter(
        (p) => p.packageId === 'subscription' && !p.racedPlan && p.uid !== planTwiceUid,
      ).length;
      const renewals = records.filter(([id, p]) => id.startsWith('in_') && p.status === 'paid');
      expect(renewals).toHaveLength(plans);
      expect(records).toHaveLength(mineAll.length + plans);
    }
    // One receipt in the mail outbox per completed checkout, to its buyer, and no other receipt,
    // whatever the duplicates (keyed by the session, written after the grant).
    const outbox = (root['MailOutbox'] ?? {}) as Record<string, { kind: string; uid: string }>;
    const receipts = Object.entries(outbox).filter(
      ([, entry]) => entry.kind === 'purchase-receipt',
    );
    expect(receipts.map(([id, entry]) => [id, entry.uid]).sort()).toEqual(
      purchases
        .filter((p) => p.completed)
        .map((p) => [`receipt-${p.sessionId}`, p.uid])
        .sort(),
    );
    // Each event recorded once; nothing else got a record.
    expect(Object.keys(root['StripeEvents'] ?? {}).sort()).toEqual(events.map((e) => e.id).sort());
    // The ledger explains every balance; no credit lost or doubled.
    expect(bookingInvariantViolations(root, { nowMs: Date.now(), quiescent: true })).toEqual([]);

    // The limited coupon: counted once per paid checkout, no hold left (the expired checkout's
    // went back), never past its limits; its one remaining use goes to one of two members racing
    // for it now.
    const coupon = (root['Coupons'] ?? {})[LIMITED.code] as { redeemed?: number } | undefined;
    expect(coupon?.redeemed).toBe(payingLimited.length);
    expect((root['CouponHolds'] ?? {})[LIMITED.code]).toBeUndefined();
    const fresh = uids.filter(
      (uid) => !won.some((w) => w.uid === uid) && (calls.get(uid) ?? 0) < CHECKOUT_LIMIT,
    );
    expect(fresh.length).toBeGreaterThanOrEqual(2);
    const lastUse = await Promise.allSettled(
      fresh.slice(0, 2).map((uid) => checkout(uid, limitedOrder)),
    );
    expect(lastUse.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(
      LIMITED.maxRedemptions - payingLimited.length,
    );
    expect(lastUse.find((outcome) => outcome.status === 'rejected')).toMatchObject({
      reason: { code: 'failed-precondition', details: { messageKey: 'couponUsedUp' } },
    });
    // Usually 5–20 s. The bound outlasts one event claim (EVENT_CLAIM_MS, 2 min): should a
    // delivery ever leave its claim to lapse, the redeliveries then finish the event, as Stripe's
    // would, and the figures above still have to hold.
  }, 200_000);
});
