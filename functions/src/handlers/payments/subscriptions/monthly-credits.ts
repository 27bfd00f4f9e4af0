import {
  expiredCreditIds,
  formatDate,
  parseStored,
  paths,
  readWallet,
  stripeSubscriptionSchema,
  subscriptionGrantSchema,
} from '@studio/core';
import type { StripeSubscription } from '@studio/core';
import { forEachChild, jobItemFailed } from '../../../engine';
import type { PageOptions } from '../../../engine';
import { expireCredits } from '../credit-grants';
import type { PaymentDeps } from '../deps';
import { monthlyCreditsRun, subscriptionPeriodRepaired } from '../logs';
import {
  currentPeriod,
  invoicePeriod,
  invoiceSchema,
  periodKey,
  subscriptionSchema,
} from '../stripe-objects';
import type { SubscriptionObject } from '../stripe-objects';
import { planPeriodCredits } from '../../plans/plan-invoices';
import { isPlanSubscription } from '../../plans/plan-subscriptions';
import { grantSubscriptionPeriod } from './subscription-grants';
import { applySubscriptionState } from './subscription-status';

/**
 * Statuses whose current period is granted (Stripe, "How subscriptions work"):
 * - `active`: the period's invoice is paid.
 * - `trialing`: Stripe issues a paid $0 invoice for the trial period (`subscription_create`),
 *   and the webhook grants on it as on any paid period; so does this repair. Decided: a trial
 *   month gives the plan's credits, as a paid month does (the offer is the plan, tried free).
 * `past_due` (the renewal's payment failed; Stripe retries) gets no grant: its period's invoice
 * is not paid, and the credits come when it is (`invoice.paid`, or this job's next run once
 * Stripe says `active`). Its status is still mirrored, so the member and the admins see it.
 */
const GRANTING_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing']);
/** Nothing follows these: the job does not ask Stripe about them again. */
const FINAL_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

/** 10,000 members: 200 pages; each page is small in memory, and 8 Stripe calls run at once. */
export const MONTHLY_PAGES: PageOptions = { pageSize: 50, concurrency: 8 };

export interface MonthlyCreditsResult {
  /** Subscriptions looked at (every stored one not canceled). */
  subscriptions: number;
  /** Of those, the ones Stripe was asked about (not yet finished by a run this month). */
  checkedWithStripe: number;
  /** Periods whose credits were missing and were granted now (a lost `invoice.paid`). */
  repaired: number;
  /** Stored statuses brought in line with Stripe's (a lost `customer.subscription.*`). */
  statusesMirrored: number;
  /** Members looked at for expired credits. */
  members: number;
  /** Credits removed because they expired. */
  expired: number;
  /** Subscriptions or members whose step failed: logged (`job_item_failed`), retried next run. */
  failed: number;
}

export interface MonthlyCreditsOptions {
  pages?: PageOptions;
}

const JOB = 'monthlyCredits';

/**
 * The run's period, the month in the studio's zone (`2026-12`): a subscription finished by a
 * run of this month is skipped by the next run of the month (the scheduler's retry after a
 * failure, or a run overlapping it) without a Stripe call, so a retry redoes only what failed.
 */
function runMonth(nowMs: number): { run: string; previous: string } {
  const run = formatDate(nowMs).slice(0, 7);
  const [year = 0, month = 1] = run.split('-').map(Number);
  const previous = new Date(Date.UTC(year, month - 2, 1)).toISOString().slice(0, 7);
  return { run, previous };
}

/** The stored status and period match what Stripe says now. */
function mirrors(stored: StripeSubscription, subscription: SubscriptionObject): boolean {
  const period = currentPeriod(subscription);
  return (
    stored.status === subscription.status &&
    stored.currentPeriodEnd === (period ? period.end * 1000 : undefined)
  );
}

/**
 * One subscription: Stripe's status mirrored into `StripeSubscriptions` and the member's flags,
 * then its current period, if paid (or a trial's), granted exactly once. The grant is keyed by
 * the same invoice the webhook uses, so a late `invoice.paid`, or a second run at the same
 * time, adds nothing.
 */
async function repairSubscription(
  deps: PaymentDeps,
  subscriptionId: string,
  stored: StripeSubscription,
  result: MonthlyCreditsResult,
): Promise<void> {
  const subscription = subscriptionSchema.parse(
    await deps.stripe.subscriptions.retrieve(subscriptionId),
  );
  result.checkedWithStripe += 1;
  if (!mirrors(stored, subscription)) {
    // As of now: newer than any event Stripe sent before this read.
    await applySubscriptionState(deps, subscription, Math.floor(deps.now() / 1000));
    result.statusesMirrored += 1;
  }
  const period = currentPeriod(subscription);
  if (!period) return;
  // A plan grants its own credits, and only a credits plan grants any (plans/plan-invoices.ts).
  const credits = isPlanSubscription(subscription.metadata)
    ? await planPeriodCredits(deps.db, stored.uid, subscriptionId)
    : undefined;
  if (credits === null) return;
  const grantPath = paths.subscriptionGrant(subscriptionId, periodKey(period.start));
  const claimed: unknown = (await deps.db.ref(grantPath).get()).val();
  if (claimed !== null) {
    // Claimed: its credits are keyed by the claim's invoice, so this adds them only if a crash
    // stopped the webhook between the claim and the grant and Stripe stopped retrying.
    const marker = parseStored(subscriptionGrantSchema, claimed, grantPath);
    const added = await grantSubscriptionPeriod(
      deps,
      { uid: marker.uid, subscriptionId, invoiceId: marker.invoiceId, period, credits },
      { notify: false },
    );
    if (added) result.repaired += 1;
    return;
  }
  if (!GRANTING_STATUSES.has(subscription.status)) return;

  const invoices = await deps.stripe.invoices.list({
    subscription: subscriptionId,
    status: 'paid',
    limit: 10,
  });
  const invoice = invoices.data
    .map((raw) => invoiceSchema.parse(raw))
    .find((candidate) => invoicePeriod(candidate)?.start === period.start);
  if (!invoice) return;
  const added = await grantSubscriptionPeriod(deps, {
    uid: stored.uid,
    subscriptionId,
    invoiceId: invoice.id,
    period,
    credits,
  });
  if (added) {
    result.repaired += 1;
    subscriptionPeriodRepaired({
      uid: stored.uid,
      subscriptionId,
      period: periodKey(period.start),
    });
  }
}

/**
 * `monthlyCredits`: every subscription's current period has its credits (active
 * and trialing ones; past_due waits for its payment), every stored status matches Stripe's, and
 * expired credits leave every member's balance with a ledger entry.
 *
 * At studio scale: subscriptions and members are read a page at a time by key (never the whole
 * tree), each is handled on its own (a bad record or a Stripe error is logged as
 * `job_item_failed` and counted in `failed`; the rest go on, and the next run retries it), and
 * two runs at once (a retry overlapping a slow run) are safe: each grant is claimed in a
 * transaction keyed by its period, and each expiry is one wallet transaction, so the second
 * run finds nothing left to do. A subscription finished this month is marked in
 * `JobProgress/monthlyCredits/{month}`, so a retry asks Stripe only about the rest.
 */
export async function monthlyCredits(
  deps: PaymentDeps,
  options: MonthlyCreditsOptions = {},
): Promise<MonthlyCreditsResult> {
  const { db, now } = deps;
  const pages = options.pages ?? MONTHLY_PAGES;
  const result: MonthlyCreditsResult = {
    subscriptions: 0,
    checkedWithStripe: 0,
    repaired: 0,
    statusesMirrored: 0,
    members: 0,
    expired: 0,
    failed: 0,
  };

  const { run, previous } = runMonth(now());
  // Last month's markers are of no more use (a month's are about 30 bytes per subscription).
  await db.ref(paths.jobRun(JOB, previous)).remove();
  const subscriptions = await forEachChild(
    db,
    paths.stripeSubscriptions(),
    pages,
    async (subscriptionId, raw) => {
      const path = paths.stripeSubscription(subscriptionId);
      const stored = parseStored(stripeSubscriptionSchema, raw, path);
      if (FINAL_STATUSES.has(stored.status)) return;
      result.subscriptions += 1;
      const done = db.ref(paths.jobItemDone(JOB, run, subscriptionId));
      if ((await done.get()).exists()) return;
      await repairSubscription(deps, subscriptionId, stored, result);
      await done.set(true);
    },
    (subscriptionId, error) =>
      jobItemFailed({
        job: JOB,
        target: paths.stripeSubscription(subscriptionId),
        error,
      }),
  );

  // One run id per run: a second run in the same month must not reuse the first's ledger ids.
  const runId = `monthly-${now()}`;
  const members = await forEachChild(
    db,
    paths.users(),
    pages,
    async (uid, stored) => {
      const path = paths.user(uid);
      result.members += 1;
      // Read from the page: only a member with an expired credit costs a transaction.
      if (expiredCreditIds(readWallet(stored, path).credits, now()).length === 0) return;
      // Not `result.expired += await …`: that reads the sum before the wait, and members run
      // side by side.
      const expired = await expireCredits(db, uid, runId, now());
      result.expired += expired;
    },
    (uid, error) => jobItemFailed({ job: JOB, target: paths.user(uid), error }),
  );
  result.failed = subscriptions.failed + members.failed;
  monthlyCreditsRun(result);
  return result;
}
