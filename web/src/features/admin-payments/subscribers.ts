// Subscribers and their status, from what the payments webhook writes: `StripeSubscriptions`
// (status per subscription, newest event wins), `Users/{uid}/activeSuscription*` and the
// subscription `Payments` (docs/architecture/admin-and-audit.md#people-and-money).
import { isRecord, paymentSchema, stripeSubscriptionSchema } from '@studio/core';
import type { Payment } from '@studio/core';
import { parseUserDirectory } from '../../lib/user-directory';

export interface SubscriberRow {
  subscriptionId: string;
  uid: string;
  name: string;
  email: string;
  /** Stripe's status (active, past_due, canceled…). */
  status: string;
  currentPeriodEnd?: number;
  cancelAtPeriodEnd: boolean;
  /** `Users/{uid}/activeSuscription` names this subscription. */
  memberFlag: boolean;
  lastPayment?: Payment;
}

/** The statuses in which a member keeps the plan (functions' subscription-status.ts). */
export const KEEPS_PLAN: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

export function subscriberRows(
  subscriptions: unknown,
  users: unknown,
  payments: unknown,
): SubscriberRow[] {
  const people = parseUserDirectory(users);
  const subscriptionPayments = (isRecord(payments) ? Object.values(payments) : []).flatMap(
    (value) => {
      const parsed = paymentSchema.safeParse(value);
      return parsed.success && parsed.data.kind === 'subscription' ? [parsed.data] : [];
    },
  );
  const lastPaymentOf = (subscriptionId: string, uid: string) =>
    subscriptionPayments
      .filter((payment) =>
        payment.stripeSubscriptionId === undefined
          ? payment.uid === uid
          : payment.stripeSubscriptionId === subscriptionId,
      )
      .sort((a, b) => b.createdAt - a.createdAt)[0];
  const row = (
    subscriptionId: string,
    uid: string,
    status: string,
    extra: Partial<SubscriberRow>,
  ): SubscriberRow => {
    const user = people[uid];
    const result: SubscriberRow = {
      subscriptionId,
      uid,
      name: user?.Name ?? '',
      email: user?.Email ?? '',
      status,
      cancelAtPeriodEnd: false,
      memberFlag: user?.activeSuscription === true && user.activeSuscriptionId === subscriptionId,
      ...extra,
    };
    const last = lastPaymentOf(subscriptionId, uid);
    if (last) result.lastPayment = last;
    return result;
  };

  const rows: SubscriberRow[] = [];
  const known = new Set<string>();
  for (const [id, value] of Object.entries(isRecord(subscriptions) ? subscriptions : {})) {
    const parsed = stripeSubscriptionSchema.safeParse(value);
    if (!parsed.success) continue;
    known.add(id);
    const extra: Partial<SubscriberRow> = {
      cancelAtPeriodEnd: parsed.data.cancelAtPeriodEnd === true,
    };
    if (parsed.data.currentPeriodEnd !== undefined)
      extra.currentPeriodEnd = parsed.data.currentPeriodEnd;
    rows.push(row(id, parsed.data.uid, parsed.data.status, extra));
  }
  // A member flagged active whose subscription has no status record yet still subscribes.
  for (const [uid, user] of Object.entries(people)) {
    const id = user.activeSuscriptionId;
    if (user.activeSuscription !== true || id === undefined || known.has(id)) continue;
    rows.push(row(id, uid, 'active', {}));
  }
  return rows.sort(
    (a, b) =>
      Number(KEEPS_PLAN.has(b.status)) - Number(KEEPS_PLAN.has(a.status)) ||
      (a.name || a.email).localeCompare(b.name || b.email) ||
      a.subscriptionId.localeCompare(b.subscriptionId),
  );
}

/** How many subscriptions are in each status, for the summary line. */
export function statusCounts(rows: readonly SubscriberRow[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const { status } of rows) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts.entries()].sort(([a], [b]) => a.localeCompare(b));
}
