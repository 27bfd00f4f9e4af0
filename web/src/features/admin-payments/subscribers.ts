// admin-suscripcion's model, pure so the query and the rows are unit-tested: subscriptions from
// what the payments webhook writes, `StripeSubscriptions` (status per subscription, newest event
// wins), read a page at a time through an indexed query, with the page's members'
// names and `Users/{uid}/activeSuscription*` flags read per uid
// (docs/architecture/admin-and-audit.md#people-and-money).
import { isRecord, paths, stripeSubscriptionSchema } from '@studio/core';
import type { IndexedQuery } from '../../lib/indexed-query';
import type { MemberContact } from '../../lib/member-names';
import type { Unsubscribe } from '../../lib/unsubscribe';

/** How many subscriptions a page asks for; 'load more' adds another page. */
export const SUBSCRIBER_PAGE_SIZE = 50;

/** Stripe's subscription statuses, as stored and shown (the status filter's options). */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;

/** The statuses in which a member keeps the plan (functions' subscription-status.ts). */
export const KEEPS_PLAN: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/** A member's plan flags as the webhook mirrors them into `Users/{uid}`. */
export interface MemberPlanFlags {
  activeSuscription: boolean;
  activeSuscriptionId?: string;
}

/** Watches one member's plan flags. */
export type WatchMemberPlanFlags = (
  uid: string,
  onChange: (flags: MemberPlanFlags) => void,
) => Unsubscribe;

export interface SubscriberRow {
  subscriptionId: string;
  uid: string;
  name: string;
  email: string;
  /** Stripe's status (active, past_due, canceled…). */
  status: string;
  currentPeriodEnd?: number;
  cancelAtPeriodEnd: boolean;
  /** `Users/{uid}/activeSuscription` names this subscription; undefined until the flags are read. */
  memberFlag?: boolean;
}

/**
 * The page's query: every subscription by the indexed `currentPeriodEnd`, the plans that run
 * furthest first (the last of that order), or the subscriptions of one status by `status`.
 */
export function subscribersQuery(status: string): IndexedQuery {
  const path = paths.stripeSubscriptions();
  return status === ''
    ? { path, orderByChild: 'currentPeriodEnd', from: 'last' }
    : { path, orderByChild: 'status', equalTo: status, from: 'last' };
}

function parseSubscriptions(subscriptions: unknown) {
  return Object.entries(isRecord(subscriptions) ? subscriptions : {}).flatMap(([id, value]) => {
    const parsed = stripeSubscriptionSchema.safeParse(value);
    return parsed.success ? [{ id, subscription: parsed.data }] : [];
  });
}

/** The members of a page of subscriptions, whose names and flags are read. */
export function subscriberUids(subscriptions: unknown): string[] {
  return [
    ...new Set(parseSubscriptions(subscriptions).map(({ subscription }) => subscription.uid)),
  ];
}

/** A page of subscriptions as rows, the period that ends last first (none: at the end). */
export function subscriberRows(
  subscriptions: unknown,
  contacts: Readonly<Record<string, MemberContact>>,
  flags: Readonly<Record<string, MemberPlanFlags>>,
): SubscriberRow[] {
  const rows = parseSubscriptions(subscriptions).map(({ id, subscription }) => {
    const { uid } = subscription;
    const row: SubscriberRow = {
      subscriptionId: id,
      uid,
      name: contacts[uid]?.Name ?? '',
      email: contacts[uid]?.Email ?? '',
      status: subscription.status,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd === true,
    };
    if (subscription.currentPeriodEnd !== undefined)
      row.currentPeriodEnd = subscription.currentPeriodEnd;
    const flag = flags[uid];
    if (flag) row.memberFlag = flag.activeSuscription && flag.activeSuscriptionId === id;
    return row;
  });
  return rows.sort(
    (a, b) =>
      (b.currentPeriodEnd ?? -1) - (a.currentPeriodEnd ?? -1) ||
      a.subscriptionId.localeCompare(b.subscriptionId),
  );
}

/** How many loaded subscriptions are in each status, for the summary line. */
export function statusCounts(rows: readonly SubscriberRow[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const { status } of rows) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts.entries()].sort(([a], [b]) => a.localeCompare(b));
}
