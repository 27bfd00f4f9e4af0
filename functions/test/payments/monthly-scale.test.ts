// The monthly job at studio scale: it pages through members and
// subscriptions, handles each on its own (a Stripe error and a bad wallet in the middle are
// counted and the rest go on), repairs trialing and past_due as Stripe means them, and two runs
// at once grant and expire exactly once. Stripe is the table-driven stand-in of
// ../support/studio-scale (the lost-invoice repair against the sandbox is in
// monthly-credits.test.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from 'firebase-admin/database';
import { DEFAULT_SETTINGS, paths } from '@studio/core';
import { monthlyCredits } from '../../src/handlers/payments/subscriptions/monthly-credits';
import { startBackend } from '../support/backend';
import type { TestBackend } from '../support/backend';
import { seedStudioScale } from '../support/studio-scale';
import type { SubscriptionCase } from '../support/studio-scale';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startBackend();
});
afterAll(async () => {
  await backend.stop();
});
beforeEach(async () => {
  await backend.db.ref().set(null);
});

const PAGES = { pageSize: 50, concurrency: 4 };
const CASES: readonly SubscriptionCase[] = [
  'settled',
  'lost-renewal',
  'lost-trial',
  'past-due',
  'canceled',
];

async function valueAt(db: Database, path: string): Promise<unknown> {
  return (await db.ref(path).get()).val();
}

async function ledgerEntries(
  db: Database,
  uid: string,
): Promise<{ type: string; delta: number }[]> {
  const ledger = ((await valueAt(db, paths.creditLedger(uid))) ?? {}) as Record<
    string,
    { type: string; delta: number }
  >;
  return Object.values(ledger);
}

describe('monthlyCredits at scale', () => {
  it('pages through 500 members and 100 subscriptions, and one failure does not stop the rest', async () => {
    const db = backend.db;
    const nowMs = Date.now();
    const members = 500;
    // Every 5th member subscribes, in turn in each case; member 250 is the Stripe error and
    // member 261's wallet does not parse.
    const kaseOf = (i: number): SubscriptionCase | undefined =>
      i === 250 ? 'stripe-error' : i % 5 === 0 ? CASES[(i / 5) % CASES.length] : undefined;
    const seed = await seedStudioScale(db, {
      members,
      nowMs,
      subscription: kaseOf,
      expired: (i) => i % 7 === 0,
      badWallet: (i) => i === 261,
    });
    const indexes = Array.from({ length: members }, (_, i) => i);
    const withCase = (kase: SubscriptionCase) => indexes.filter((i) => kaseOf(i) === kase);

    const result = await monthlyCredits(
      { db, stripe: seed.stripe, now: () => nowMs },
      { pages: PAGES },
    );

    const subscribed = indexes.filter((i) => kaseOf(i) !== undefined);
    const granted = [...withCase('lost-renewal'), ...withCase('lost-trial')];
    const expiring = indexes.filter((i) => i % 7 === 0);
    expect(result).toEqual({
      subscriptions: subscribed.length - withCase('canceled').length,
      // Every one not cancelled, but the one Stripe failed on.
      checkedWithStripe: subscribed.length - withCase('canceled').length - 1,
      repaired: granted.length,
      statusesMirrored: withCase('lost-renewal').length + withCase('past-due').length,
      members,
      expired: expiring.length,
      failed: 2,
    });

    // Granted once each, with the invoice of the period, on both sides of the failures.
    expect(granted.some((i) => i > 261)).toBe(true);
    for (const i of granted) {
      const uid = seed.uid(i);
      expect(await valueAt(db, paths.userField(uid, 'Credits'))).toBe(
        1 + DEFAULT_SETTINGS.subscriptionCredits,
      );
      expect(
        await valueAt(
          db,
          paths.subscriptionGrant(seed.subscriptionId(i), String(seed.period.start)),
        ),
      ).toMatchObject({
        invoiceId: seed.currentInvoiceId(i),
      });
    }
    // past_due: no grant, status mirrored; the member keeps the plan while Stripe retries.
    for (const i of withCase('past-due')) {
      expect(await valueAt(db, paths.subscriptionGrants(seed.subscriptionId(i)))).toBeNull();
      expect(await valueAt(db, paths.stripeSubscription(seed.subscriptionId(i)))).toMatchObject({
        status: 'past_due',
        currentPeriodEnd: seed.period.end * 1000,
      });
      expect(await valueAt(db, paths.userField(seed.uid(i), 'activeSuscription'))).toBe(true);
    }
    // Cancelled subscriptions cost no Stripe call; a settled one gains nothing.
    for (const i of withCase('canceled'))
      expect(seed.calls.get(seed.subscriptionId(i))).toBeUndefined();
    for (const i of withCase('settled'))
      expect(await valueAt(db, paths.userField(seed.uid(i), 'Credits'))).toBe(
        1 + DEFAULT_SETTINGS.subscriptionCredits,
      );
    // Expired credits left with one ledger entry; the bad wallet was left alone.
    expect(await ledgerEntries(db, seed.uid(expiring.at(-1) ?? 0))).toEqual([
      expect.objectContaining({ type: 'expire', delta: -1 }),
    ]);
    expect(await valueAt(db, paths.creditLedger(seed.uid(261)))).toBeNull();

    // The retry in the same month asks Stripe only about the one that failed, and adds nothing.
    seed.calls.clear();
    const again = await monthlyCredits(
      { db, stripe: seed.stripe, now: () => nowMs },
      { pages: PAGES },
    );
    expect(again).toMatchObject({
      checkedWithStripe: 0,
      repaired: 0,
      expired: 0,
      statusesMirrored: 0,
      failed: 2,
    });
    expect([...seed.calls.keys()]).toEqual([seed.subscriptionId(250)]);
  });

  it('grants and expires exactly once when two runs overlap', async () => {
    const db = backend.db;
    const nowMs = Date.now();
    const members = 200;
    const seed = await seedStudioScale(db, {
      members,
      nowMs,
      subscription: (i) => (i % 4 === 0 ? 'lost-renewal' : i % 4 === 1 ? 'lost-trial' : undefined),
      expired: (i) => i % 3 === 0,
    });
    const deps = { db, stripe: seed.stripe, now: () => nowMs };

    const [first, second] = await Promise.all([
      monthlyCredits(deps, { pages: PAGES }),
      monthlyCredits(deps, { pages: { pageSize: 30, concurrency: 3 } }),
    ]);

    const subscribed = Array.from({ length: members }, (_, i) => i).filter((i) => i % 4 <= 1);
    const expiring = Array.from({ length: members }, (_, i) => i).filter((i) => i % 3 === 0);
    expect(first.repaired + second.repaired).toBe(subscribed.length);
    expect(first.expired + second.expired).toBe(expiring.length);
    expect(first.failed + second.failed).toBe(0);
    for (let i = 0; i < members; i += 1) {
      const uid = seed.uid(i);
      const entries = await ledgerEntries(db, uid);
      const grants = entries.filter((entry) => entry.type === 'grant');
      const expiries = entries.filter((entry) => entry.type === 'expire');
      expect(grants).toHaveLength(subscribed.includes(i) ? 1 : 0);
      expect(expiries).toHaveLength(i % 3 === 0 ? 1 : 0);
      const credits = (await valueAt(db, paths.creditsList(uid))) as Record<string, unknown>;
      const expected = 1 + (subscribed.includes(i) ? DEFAULT_SETTINGS.subscriptionCredits : 0);
      expect(Object.keys(credits)).toHaveLength(expected);
      expect(await valueAt(db, paths.userField(uid, 'Credits'))).toBe(expected);
    }
  });
});
