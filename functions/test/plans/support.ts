// What the plan tests share: the payments bed (database emulator, Stripe sandbox, the real
// webhook) with the booking studio seeded, the catalogue of plans (./catalogue.ts), members who bought one through
// the real checkout, and classes at studio times. Real SDKs throughout.
import type Stripe from 'stripe';
import { membershipSchema, paths, toEpoch } from '@studio/core';
import type { Membership, PlanInput } from '@studio/core';
import { createCheckoutSession, savePlan } from '../../src/index';
import { seedClass, seedStudio } from '../booking/fixtures';
import { newUid } from '../support/backend';
import { callableRequest } from '../support/callable';
import type { Caller } from '../support/callable';
import { CHECKOUT_URLS } from '../payments/support';
import type { PaymentsTestBed } from '../payments/support';

export const ADMIN: Caller = { uid: 'admin-1', claims: { role: 'admin' } };
export const TZ = 'America/Monterrey';
export const DAY_MS = 24 * 60 * 60 * 1000;

export { DAILY, INTRO_WEEK, TWO_A_WEEK } from './catalogue';

/** The booking studio (branch, coaches, room) in the payments bed's database. */
export async function seedPlansStudio(bed: PaymentsTestBed): Promise<void> {
  await seedStudio(bed.backend.db);
}

export async function createPlan(plan: PlanInput): Promise<string> {
  const { planId } = await savePlan.run(callableRequest({ plan }, ADMIN));
  return planId;
}

/** A member with the waiver accepted and an e-mail on their token. */
export async function newMember(
  bed: PaymentsTestBed,
  options: { credits?: number; email?: string } = {},
): Promise<Caller> {
  const uid = newUid('member');
  const email = options.email ?? `${uid}@demo.studio`;
  const credits = options.credits ?? 0;
  const list: Record<string, unknown> = {};
  for (let i = 0; i < credits; i += 1)
    list[`c${i}`] = {
      kind: 'regular',
      source: 'seed',
      grantedAt: Date.now(),
      expiresAt: Date.now() + 60 * DAY_MS,
    };
  await bed.backend.db.ref(paths.user(uid)).set({
    Name: 'Ana',
    Email: email,
    Admin: false,
    Conditions: true,
    Credits: credits,
    ...(credits > 0 ? { 'credits-list': list } : {}),
  });
  if (credits > 0)
    await bed.backend.db.ref(paths.creditLedgerEntry(uid, 'seed')).set({
      type: 'grant',
      kind: 'regular',
      delta: credits,
      creditIds: Object.keys(list),
      reason: 'Test credits',
      at: Date.now(),
      by: 'system',
    });
  return { uid, claims: { role: 'member', email } };
}

/** Buys the plan through the real checkout and the sandbox's Pay; returns the membership. */
export async function buyPlan(
  bed: PaymentsTestBed,
  caller: Caller,
  planId: string,
): Promise<Membership> {
  const { sessionId } = await createCheckoutSession.run(
    callableRequest({ ...CHECKOUT_URLS, kind: 'plan', planId }, caller),
  );
  await bed.control(`checkout_sessions/${sessionId}/complete`);
  await bed.sandbox.idle();
  return membershipOf(bed, caller.uid);
}

export async function membershipOf(bed: PaymentsTestBed, uid: string): Promise<Membership> {
  return membershipSchema.parse((await bed.backend.db.ref(paths.membership(uid)).get()).val());
}

export async function subscriptionOf(
  bed: PaymentsTestBed,
  membership: Membership,
): Promise<Stripe.Subscription> {
  return bed.stripe.subscriptions.retrieve(membership.id);
}

/** A class starting `days` from today at `hour` in the studio's zone. */
export async function classAt(
  bed: PaymentsTestBed,
  days: number,
  hour: string,
  capacity = 3,
): Promise<string> {
  const date = new Date(Date.now() + days * DAY_MS).toLocaleDateString('en-CA', { timeZone: TZ });
  return seedClass(bed.backend.db, { startsAt: toEpoch(date, hour, TZ), capacity });
}
