import {
  parseStored,
  paths,
  stripeSubscriptionSchema,
  subscriptionGrantSchema,
} from '@studio/core';
import { expireCredits } from './credit-grants';
import type { PaymentDeps } from './deps';
import { monthlyCreditsRun, subscriptionPeriodRepaired } from './logs';
import {
  invoiceSchema,
  invoicePeriod,
  currentPeriod,
  periodKey,
  subscriptionSchema,
} from './stripe-objects';
import { grantSubscriptionPeriod } from './subscription-grants';
import { isActiveStatus } from './subscription-status';

export interface MonthlyCreditsResult {
  /** Active subscriptions checked. */
  subscriptions: number;
  /** Periods whose credits were missing and were granted now (a lost `invoice.paid`). */
  repaired: number;
  /** Credits removed because they expired. */
  expired: number;
}

/**
 * The subscription's current period, paid: granted exactly once. Stripe is asked for the
 * subscription (its current period) and the paid invoice of that period, so the grant is keyed by
 * the same invoice the webhook would have used; a late `invoice.paid` then adds nothing.
 */
async function repairSubscription(
  deps: PaymentDeps,
  subscriptionId: string,
  uid: string,
): Promise<boolean> {
  const subscription = subscriptionSchema.parse(
    await deps.stripe.subscriptions.retrieve(subscriptionId),
  );
  const period = currentPeriod(subscription);
  if (!isActiveStatus(subscription.status) || !period) return false;
  const grantPath = paths.subscriptionGrant(subscriptionId, periodKey(period.start));
  const claimed: unknown = (await deps.db.ref(grantPath).get()).val();
  if (claimed !== null) {
    // Claimed: its credits are keyed by the claim's invoice, so this adds them only if a crash
    // stopped the webhook between the claim and the grant and Stripe stopped retrying.
    const marker = parseStored(subscriptionGrantSchema, claimed, grantPath);
    return grantSubscriptionPeriod(
      deps,
      { uid: marker.uid, subscriptionId, invoiceId: marker.invoiceId, period },
      { notify: false },
    );
  }

  const invoices = await deps.stripe.invoices.list({
    subscription: subscriptionId,
    status: 'paid',
    limit: 10,
  });
  const invoice = invoices.data
    .map((raw) => invoiceSchema.parse(raw))
    .find((candidate) => invoicePeriod(candidate)?.start === period.start);
  if (!invoice) return false;
  const added = await grantSubscriptionPeriod(deps, {
    uid,
    subscriptionId,
    invoiceId: invoice.id,
    period,
  });
  if (added) subscriptionPeriodRepaired({ uid, subscriptionId, period: periodKey(period.start) });
  return added;
}

/**
 * `monthlyCredits` (design §5): every active subscription has its current period's credits, and
 * expired credits leave every member's balance with a ledger entry. Safe to run any number of
 * times: each step is keyed as the webhook's are.
 */
export async function monthlyCredits(deps: PaymentDeps): Promise<MonthlyCreditsResult> {
  const { db, now } = deps;
  const stored = ((await db.ref(paths.stripeSubscriptions()).get()).val() ?? {}) as Record<
    string,
    unknown
  >;
  let subscriptions = 0;
  let repaired = 0;
  for (const [subscriptionId, raw] of Object.entries(stored)) {
    const parsed = stripeSubscriptionSchema.safeParse(raw);
    if (!parsed.success || parsed.data.status !== 'active') continue;
    subscriptions += 1;
    if (await repairSubscription(deps, subscriptionId, parsed.data.uid)) repaired += 1;
  }

  const users = ((await db.ref(paths.users()).get()).val() ?? {}) as Record<string, unknown>;
  // One run id per run: a second run in the same month must not reuse the first's ledger ids.
  const runId = `monthly-${now()}`;
  let expired = 0;
  for (const [uid, user] of Object.entries(users)) {
    if (typeof user !== 'object' || user === null || !('credits-list' in user)) continue;
    expired += await expireCredits(db, uid, runId, now());
  }
  const result = { subscriptions, repaired, expired };
  monthlyCreditsRun(result);
  return result;
}
