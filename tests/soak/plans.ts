// Membership plans in the soak: the owner sells a plan of eight credits a month, an unlimited plan
// capped at one class a day and a plan of two classes a week; members buy them through Stripe's checkout and book with them (the
// booking path decides whether the plan or a credit pays), freeze their plan and end freezes
// early; once in a while the owner freezes every plan for a few days (the studio closes). The
// checks: no plan ever pays past its cap, no plan pays for a class inside a freeze asked for
// before the booking, and each paid plan checkout started exactly one membership.
import {
  addDays,
  bulkFreezeInput,
  formatDate,
  freezeMembershipInput,
  paths,
  periodKey,
  planCap,
  savePlanInput,
  settingsFromStored,
  type PlanInput,
} from '@studio/core';
import {
  bulkFreeze,
  endFreeze,
  freezeMembership,
} from '../../functions/src/handlers/plans/freezes.ts';
import { savePlan } from '../../functions/src/handlers/plans/save-plan.ts';
import { readValue, type Model, type SimMember } from './model.ts';
import type { OpRunner } from './ops.ts';
import type { Random } from './random.ts';
import { ADMIN_UID } from './studio.ts';
import { openCheckout } from './checkout.ts';
import { payCheckout, type World } from './world.ts';

/** The plans on sale: one of each kind. */
export const PLANS: readonly PlanInput[] = [
  {
    kind: 'credits',
    name: 'Eight a month',
    interval: 'month',
    price: 9900,
    currency: 'USD',
    credits: 8,
    creditKind: 'regular',
    active: true,
  },
  {
    kind: 'unlimited',
    name: 'Unlimited (one a day)',
    interval: 'month',
    price: 14900,
    currency: 'USD',
    dailyCap: 1,
    active: true,
  },
  {
    kind: 'limited',
    name: 'Two a week',
    interval: 'month',
    price: 8900,
    currency: 'USD',
    limit: { count: 2, per: 'week' },
    active: true,
  },
];

type Raw = Record<string, unknown>;

function record(value: unknown): Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Raw) : {};
}

/** The owner puts the plans on sale (each gets its Stripe product and price at the first sale). */
export async function setUpPlans(world: World, model: Model, ops: OpRunner): Promise<void> {
  for (const plan of PLANS) {
    const input = savePlanInput.parse({ plan });
    const outcome = await ops.perform(
      'save-plan',
      ADMIN_UID,
      plan.name,
      (db) => savePlan(world.paymentDeps(db), { by: ADMIN_UID, ...input }),
      // Saving again after a failure makes a second plan: the owner checks the list first.
      { retryable: false },
    );
    if (outcome.kind === 'ok') model.planIds.push((outcome.value as { planId: string }).planId);
  }
}

export interface PlanMoves {
  /** A member without a plan buys one (most pay, some leave Stripe's page). */
  buy(member: SimMember): Promise<void>;
  /** A member with a plan freezes it for one to two weeks, or ends the freeze they are in. */
  freezeOrThaw(member: SimMember): Promise<void>;
  /** The owner closes the studio for a few days from tomorrow: every plan is frozen. */
  closeStudio(): Promise<void>;
  /** Whether the member holds a plan that is not over (they buy no other). */
  holdsPlan(uid: string): Promise<boolean>;
  /** Whether the member's plan pays for bookings itself (unlimited or limited, not over). */
  paysBookings(uid: string): Promise<boolean>;
}

export function planMoves(world: World, model: Model, ops: OpRunner, random: Random): PlanMoves {
  const now = world.clock.now;

  async function membershipOf(uid: string): Promise<Raw | undefined> {
    const value = await readValue(world.db, paths.membership(uid));
    return value === null ? undefined : record(value);
  }

  return {
    async holdsPlan(uid) {
      const membership = await membershipOf(uid);
      return membership !== undefined && membership['status'] !== 'ended';
    },

    async paysBookings(uid) {
      const membership = await membershipOf(uid);
      if (membership === undefined || membership['status'] === 'ended') return false;
      return record(membership['terms'])['kind'] !== 'credits';
    },

    async buy(member) {
      if (await this.holdsPlan(member.uid)) return;
      if ((await readValue(world.db, paths.userField(member.uid, 'activeSuscription'))) === true)
        return;
      if (model.planIds.length === 0) return;
      const planId = random.pick(model.planIds);
      const sessionId = await openCheckout(world, ops, member.uid, `plan ${planId}`, {
        kind: 'plan',
        planId,
      });
      if (sessionId === undefined) return;
      const completed = random.chance(0.85);
      model.planPurchases.push({ uid: member.uid, sessionId, planId, completed });
      if (!completed) return;
      await payCheckout(world, sessionId, member.email);
    },

    async freezeOrThaw(member) {
      const membership = await membershipOf(member.uid);
      if (membership === undefined || membership['status'] === 'ended') return;
      const frozen = Object.values(record(membership['freezes'])).some((raw) => {
        const freeze = record(raw);
        return freeze['endedAt'] === undefined && Number(freeze['until']) > now();
      });
      if (frozen) {
        await ops.perform('end-freeze', member.uid, '', (db) =>
          endFreeze(world.paymentDeps(db), { uid: member.uid }),
        );
        return;
      }
      const input = freezeMembershipInput.parse({ days: random.between(7, 14) });
      await ops.perform('freeze', member.uid, `${input.days} days`, (db) =>
        freezeMembership(world.paymentDeps(db), { uid: member.uid, ...input }),
      );
    },

    async closeStudio() {
      const settings = settingsFromStored(await readValue(world.db, paths.settings()));
      const from = addDays(formatDate(now(), settings.timeZone), 1);
      const input = bulkFreezeInput.parse({
        from,
        until: addDays(from, random.between(2, 4)),
        reason: 'The studio closes for repairs',
      });
      await ops.perform(
        'bulk-freeze',
        ADMIN_UID,
        `${input.from} → ${input.until}`,
        (db) => bulkFreeze(world.paymentDeps(db), { by: ADMIN_UID, ...input }),
        { retryable: true },
      );
    },
  };
}

/**
 * From the database: no plan paid for more bookings in a day, week or month than its cap (used
 * and late-cancelled bookings count, as the plan counts them); no plan paid for a class that
 * starts inside a freeze asked for before the booking was made.
 */
export function planViolations(root: unknown): string[] {
  const data = record(root);
  const timeZone = settingsFromStored(data['Settings']).timeZone;
  const out: string[] = [];
  for (const [uid, rawUser] of Object.entries(record(data['Users']))) {
    const user = record(rawUser);
    const membership = record(user['membership']);
    const terms = record(membership['terms']);
    if (terms['kind'] === undefined) continue;
    const cap = planCap(terms as Parameters<typeof planCap>[0]);
    const freezes = Object.values(record(membership['freezes'])).map(record);
    const uses = new Map<string, number>();
    for (const [bookingId, rawBooking] of Object.entries(record(user['booking-credits']))) {
      const booking = record(rawBooking);
      const plan = record(booking['plan']);
      if (plan['membershipId'] !== membership['id']) continue;
      const startsAt = Number(booking['startsAt']);
      const state = booking['state'];
      if (cap && (state === 'used' || state === 'forfeited')) {
        const key = periodKey(cap.per, startsAt, timeZone);
        uses.set(key, (uses.get(key) ?? 0) + 1);
      }
      if (state !== 'used') continue;
      for (const freeze of freezes) {
        const end = Math.min(Number(freeze['until']), Number(freeze['endedAt'] ?? freeze['until']));
        const inside = Number(freeze['from']) <= startsAt && startsAt < end;
        if (inside && Number(freeze['requestedAt']) < Number(booking['at']))
          out.push(
            `plans: ${uid}'s plan paid booking ${bookingId} (${formatDate(startsAt, timeZone)}) inside a freeze asked for before it`,
          );
      }
    }
    if (cap)
      for (const [period, count] of uses)
        if (count > cap.count)
          out.push(
            `plans: ${uid}'s plan paid ${count} bookings in ${cap.per} ${period}, its cap is ${cap.count}`,
          );
  }
  return out;
}

/**
 * At rest, with every webhook delivered: each paid plan checkout started one membership of its
 * plan for its member (the member's own record and the admins' copy agree), and an abandoned one
 * none.
 */
export function planPurchaseViolations(root: unknown, model: Model): string[] {
  const data = record(root);
  const memberships = Object.values(record(data['Memberships'])).map(record);
  const out: string[] = [];
  for (const uid of new Set(model.planPurchases.map((purchase) => purchase.uid))) {
    const paid = model.planPurchases.filter((p) => p.uid === uid && p.completed).length;
    const started = memberships.filter((m) => m['uid'] === uid && m['source'] === 'stripe');
    if (started.length !== paid)
      out.push(`plans: ${uid} paid ${paid} plan checkouts and holds ${started.length} memberships`);
    const own = record(record(record(data['Users'])[uid])['membership']);
    const id = own['id'];
    if (typeof id !== 'string') continue;
    const copy = memberships.find((m) => m['id'] === id);
    if (copy === undefined || copy['status'] !== own['status'])
      out.push(
        `plans: ${uid}'s membership ${id} is ${JSON.stringify(own['status'])}, its copy ${JSON.stringify(copy?.['status'])}`,
      );
  }
  return out;
}

/**
 * Each period a plan granted credits for (the monthly plan, a credits plan: its
 * `SubscriptionGrants` record) shows in the member's ledger as one grant of that many credits.
 */
export function periodGrantViolations(root: unknown): string[] {
  const data = record(root);
  const out: string[] = [];
  for (const [subscriptionId, periods] of Object.entries(record(data['SubscriptionGrants'])))
    for (const [period, raw] of Object.entries(record(periods))) {
      const grant = record(raw);
      const uid = String(grant['uid']);
      const grants = Object.values(record(record(data['CreditLedger'])[uid]))
        .map(record)
        .filter((entry) => entry['type'] === 'grant' && entry['sourceId'] === grant['invoiceId'])
        .map((entry) => entry['delta']);
      if (grants.length !== 1 || grants[0] !== grant['credits'])
        out.push(
          `plans: ${subscriptionId} period ${period} (${uid}) granted ${JSON.stringify(grants)}, expected one grant of ${JSON.stringify(grant['credits'])}`,
        );
    }
  return out;
}
