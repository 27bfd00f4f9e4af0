// A studio at scale for the scheduled jobs: many members, some with a
// monthly subscription in each state the monthly job meets, some with an expired credit, some
// with a wallet that does not parse; and a Stripe stand-in that answers the two calls the job
// makes (subscriptions.retrieve, invoices.list) from the same table, Stripe-shaped, counting
// them. Used by functions/test/payments/monthly-scale.test.ts and functions/bench/jobs-scale.ts.
import type { Database } from 'firebase-admin/database';
import type Stripe from 'stripe';
import { DEFAULT_SETTINGS, creditIdsFor, ledgerEntry, paths } from '@studio/core';
import { grantLedgerId } from '../../src/handlers/payments/credit-grants';

export type SubscriptionCase =
  /** Stored active, current period granted (its 30 credits and ledger entry): nothing to do. */
  | 'settled'
  /** The renewal's events were lost: stored period ended; Stripe has a paid new period. */
  | 'lost-renewal'
  /** Trialing, its $0 `invoice.paid` lost: the trial period is granted. */
  | 'lost-trial'
  /** The renewal's payment failed (events lost): status mirrored, nothing granted. */
  | 'past-due'
  /** Cancelled: not looked at. */
  | 'canceled'
  /** Stripe answers with an error for this one. */
  | 'stripe-error';

export interface ScaleOptions {
  members: number;
  nowMs: number;
  /** The subscription case of member i, if it has one. */
  subscription: (i: number) => SubscriptionCase | undefined;
  /** Whether member i has an expired credit (besides a usable one). */
  expired: (i: number) => boolean;
  /** Whether member i's credits list does not parse (a bad wallet). */
  badWallet?: (i: number) => boolean;
  /** Key prefix, so several seeds can share a database. */
  prefix?: string;
}

export interface ScaleSeed {
  stripe: Stripe;
  /** Stripe calls made so far, per subscription id. */
  calls: Map<string, number>;
  uid: (i: number) => string;
  subscriptionId: (i: number) => string;
  /** The invoice that pays member i's current period. */
  currentInvoiceId: (i: number) => string;
  period: { start: number; end: number; previousStart: number };
}

const DAY_S = 24 * 60 * 60;
const WRITE_BATCH = 250;

export async function seedStudioScale(db: Database, options: ScaleOptions): Promise<ScaleSeed> {
  const prefix = options.prefix ?? 'm';
  const nowS = Math.floor(options.nowMs / 1000);
  const period = {
    start: nowS - 10 * DAY_S,
    end: nowS + 20 * DAY_S,
    previousStart: nowS - 40 * DAY_S,
  };
  const uid = (i: number) => `${prefix}${String(i).padStart(6, '0')}`;
  const subscriptionId = (i: number) => `sub_${uid(i)}`;
  const currentInvoiceId = (i: number) => `in_${uid(i)}_${period.start}`;
  const byId = new Map<string, { i: number; kase: SubscriptionCase }>();

  await db.ref(paths.settings()).set(DEFAULT_SETTINGS);
  let updates: Record<string, unknown> = {};
  const flush = async () => {
    if (Object.keys(updates).length > 0) await db.ref().update(updates);
    updates = {};
  };
  for (let i = 0; i < options.members; i += 1) {
    const id = uid(i);
    const usable = {
      kind: 'regular',
      source: 'seed',
      grantedAt: options.nowMs - DAY_S * 1000,
      expiresAt: options.nowMs + 20 * DAY_S * 1000,
    };
    const list: Record<string, unknown> = { [`${id}-usable`]: usable };
    if (options.expired(i))
      list[`${id}-old`] = { ...usable, expiresAt: options.nowMs - DAY_S * 1000 };
    if (options.badWallet?.(i)) list[`${id}-bad`] = { kind: 'regular', expiresAt: 'soon' };
    const kase = options.subscription(i);
    const credits = DEFAULT_SETTINGS.subscriptionCredits;
    if (kase === 'settled') {
      const ids = creditIdsFor(currentInvoiceId(i), credits);
      const granted = {
        kind: 'regular',
        source: 'subscription',
        sourceId: currentInvoiceId(i),
        grantedAt: period.start * 1000,
        expiresAt: period.start * 1000 + DEFAULT_SETTINGS.creditValidityDays * DAY_S * 1000,
      };
      for (const creditId of ids) list[creditId] = granted;
      updates[paths.creditLedgerEntry(id, grantLedgerId(currentInvoiceId(i)))] = ledgerEntry({
        type: 'grant',
        kind: 'regular',
        delta: credits,
        reasonKey: 'ledgerGrantSubscription',
        creditIds: ids,
        sourceId: currentInvoiceId(i),
        at: period.start * 1000,
        by: 'system',
      });
    }
    updates[paths.user(id)] = {
      Name: `Member ${i}`,
      Admin: false,
      Conditions: true,
      Credits: 1 + (kase === 'settled' ? credits : 0),
      'credits-list': list,
      ...(kase !== undefined && kase !== 'canceled'
        ? { activeSuscription: true, activeSuscriptionId: subscriptionId(i) }
        : {}),
    };
    if (kase !== undefined) {
      const sub = subscriptionId(i);
      byId.set(sub, { i, kase });
      const storedEnd = kase === 'settled' || kase === 'lost-trial' ? period.end : period.start;
      updates[paths.stripeSubscription(sub)] = {
        uid: id,
        customerId: `cus_${id}`,
        status: kase === 'lost-trial' ? 'trialing' : kase === 'canceled' ? 'canceled' : 'active',
        eventCreated: period.previousStart,
        currentPeriodEnd: storedEnd * 1000,
      };
      if (kase === 'settled') {
        updates[paths.subscriptionGrant(sub, String(period.start))] = {
          uid: id,
          invoiceId: currentInvoiceId(i),
          credits: DEFAULT_SETTINGS.subscriptionCredits,
          grantedAt: period.start * 1000,
          periodStart: period.start * 1000,
          periodEnd: period.end * 1000,
        };
      }
    }
    if (Object.keys(updates).length >= WRITE_BATCH) await flush();
  }
  await flush();

  const calls = new Map<string, number>();
  const lookup = (id: string) => {
    calls.set(id, (calls.get(id) ?? 0) + 1);
    const found = byId.get(id);
    if (!found) throw new Error(`No such subscription: '${id}'`);
    if (found.kase === 'stripe-error') throw new Error('Stripe answered 500');
    return found;
  };
  const status: Record<SubscriptionCase, string> = {
    settled: 'active',
    'lost-renewal': 'active',
    'lost-trial': 'trialing',
    'past-due': 'past_due',
    canceled: 'canceled',
    'stripe-error': 'active',
  };
  const stripe = {
    subscriptions: {
      retrieve: (id: string) => {
        const { i, kase } = lookup(id);
        return Promise.resolve({
          id,
          object: 'subscription',
          status: status[kase],
          customer: `cus_${uid(i)}`,
          metadata: { uid: uid(i) },
          items: {
            data: [{ current_period_start: period.start, current_period_end: period.end }],
          },
        });
      },
    },
    invoices: {
      list: ({ subscription }: { subscription: string }) => {
        const { i, kase } = lookup(subscription);
        const paid = (start: number, end: number, id: string, amount: number) => ({
          id,
          object: 'invoice',
          billing_reason: start === period.start ? 'subscription_cycle' : 'subscription_create',
          customer: `cus_${uid(i)}`,
          amount_paid: amount,
          amount_due: amount,
          currency: 'usd',
          parent: { subscription_details: { subscription, metadata: { uid: uid(i) } } },
          lines: { data: [{ period: { start, end } }] },
        });
        const previous = paid(period.previousStart, period.start, `in_${uid(i)}_prev`, 3900);
        const current = paid(
          period.start,
          period.end,
          currentInvoiceId(i),
          kase === 'lost-trial' ? 0 : 3900,
        );
        // A past-due period's invoice is open, not paid: only the previous one is listed.
        const data = kase === 'past-due' ? [previous] : [current, previous];
        return Promise.resolve({ object: 'list', data, has_more: false });
      },
    },
  };
  // A stand-in for the two calls the job makes; nothing else of the client is used.
  return {
    stripe: stripe as unknown as Stripe,
    calls,
    uid,
    subscriptionId,
    currentInvoiceId,
    period,
  };
}
