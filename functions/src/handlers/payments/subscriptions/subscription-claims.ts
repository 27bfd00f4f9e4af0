// A member holds one subscription. `SubscriptionClaims/{uid}` is claimed in a
// transaction when a subscription checkout opens, so a second checkout opened at the same time is
// refused; the paid subscription then holds it until it ends. If Stripe still ends up with a
// second paid subscription (a claim that lapsed while its page stayed open), the webhook keeps the
// one that holds the claim and cancels and refunds the other instead of granting twice.
import { randomUUID } from 'node:crypto';
import { DomainError, parseStored, paths, subscriptionClaimSchema } from '@studio/core';
import type { SubscriptionClaim } from '@studio/core';
import { grantLedgerId } from '../credit-grants';
import type { PaymentDeps } from '../deps';
import { duplicateSubscriptionCancelled } from '../logs';
import { subscriptionSchema } from '../stripe-objects';

/** Stripe's shortest Checkout Session life, plus a minute: how long a checkout holds the claim. */
export const SUBSCRIPTION_CHECKOUT_MS = 31 * 60 * 1000;

const ENDED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired', 'unpaid']);

async function subscriptionEnded(deps: PaymentDeps, subscriptionId: string): Promise<boolean> {
  const raw: unknown = (await deps.db.ref(paths.stripeSubscription(subscriptionId)).get()).val();
  const status = (raw as { status?: unknown } | null)?.status;
  return typeof status === 'string' && ENDED_STATUSES.has(status);
}

async function readClaim(deps: PaymentDeps, uid: string): Promise<SubscriptionClaim | undefined> {
  const path = paths.subscriptionClaim(uid);
  const raw: unknown = (await deps.db.ref(path).get()).val();
  return raw === null ? undefined : parseStored(subscriptionClaimSchema, raw, path);
}

/**
 * Claims the member's subscription for a checkout about to open (the session id follows with
 * {@link attachCheckoutSession}). Refused while another checkout's claim is live
 * (`subscriptionCheckoutOpen`) or a subscription that has not ended holds it (`alreadySubscribed`).
 * Returns the claim's id, for {@link attachCheckoutSession} and {@link releaseCheckoutClaim}.
 */
export async function claimSubscriptionCheckout(deps: PaymentDeps, uid: string): Promise<string> {
  const now = deps.now();
  const held = await readClaim(deps, uid);
  const heldEnded =
    held?.subscriptionId !== undefined && (await subscriptionEnded(deps, held.subscriptionId));
  const checkoutId = randomUUID();
  const claim: SubscriptionClaim = {
    checkoutId,
    claimedAt: now,
    expiresAt: now + SUBSCRIPTION_CHECKOUT_MS,
  };
  let refusal: DomainError | undefined;
  // Refusals write the value back unchanged rather than abort, so only the server's value decides.
  const { snapshot } = await deps.db.ref(paths.subscriptionClaim(uid)).transaction(
    (current: unknown) => {
      refusal = undefined;
      if (current === null) return claim;
      const stored = subscriptionClaimSchema.safeParse(current);
      if (!stored.success) return claim;
      const { subscriptionId, expiresAt } = stored.data;
      if (subscriptionId !== undefined) {
        if (subscriptionId === held?.subscriptionId && heldEnded) return claim;
        refusal = new DomainError('failed-precondition', 'alreadySubscribed');
        return current;
      }
      if ((expiresAt ?? 0) <= now) return claim;
      refusal = new DomainError('failed-precondition', 'subscriptionCheckoutOpen', {
        minutes: Math.max(1, Math.ceil(((expiresAt ?? now) - now) / 60_000)),
      });
      return current;
    },
    undefined,
    false,
  );
  const stored = subscriptionClaimSchema.safeParse(snapshot.val());
  if (stored.success && stored.data.checkoutId === checkoutId) return checkoutId;
  throw refusal ?? new DomainError('aborted', 'tryAgain');
}

/** Names the session that holds the claim (so its expiry can release it). */
export async function attachCheckoutSession(
  deps: PaymentDeps,
  uid: string,
  checkoutId: string,
  sessionId: string,
): Promise<void> {
  await deps.db.ref(paths.subscriptionClaim(uid)).transaction(
    (current: unknown) => {
      const stored = subscriptionClaimSchema.safeParse(current);
      if (!stored.success || stored.data.checkoutId !== checkoutId) return current;
      return { ...stored.data, sessionId };
    },
    undefined,
    false,
  );
}

/**
 * Gives the claim back when its checkout will not become a subscription: the call failed after
 * claiming (`checkoutId`), or the session expired or its payment failed (`sessionId`).
 */
export async function releaseCheckoutClaim(
  deps: PaymentDeps,
  uid: string,
  which: { checkoutId: string } | { sessionId: string },
): Promise<void> {
  await deps.db.ref(paths.subscriptionClaim(uid)).transaction(
    (current: unknown) => {
      const stored = subscriptionClaimSchema.safeParse(current);
      if (!stored.success || stored.data.subscriptionId !== undefined) return current;
      const ours =
        'checkoutId' in which
          ? stored.data.checkoutId === which.checkoutId
          : stored.data.sessionId === which.sessionId;
      return ours ? null : current;
    },
    undefined,
    false,
  );
}

/**
 * A paid subscription takes the member's claim: it keeps it if it already has it, takes it from
 * a checkout or from a subscription that has ended. Returns false when another live subscription
 * holds it: this one is the duplicate. (An ended subscription's late events answer true and
 * change nothing.)
 */
export async function holdSubscription(
  deps: PaymentDeps,
  uid: string,
  subscriptionId: string,
): Promise<boolean> {
  // A late event of a subscription that has ended neither takes the claim nor is a duplicate.
  if (await subscriptionEnded(deps, subscriptionId)) return true;
  const held = await readClaim(deps, uid);
  const heldEnded =
    held?.subscriptionId !== undefined &&
    held.subscriptionId !== subscriptionId &&
    (await subscriptionEnded(deps, held.subscriptionId));
  const claim: SubscriptionClaim = { subscriptionId, claimedAt: deps.now() };
  const { snapshot } = await deps.db.ref(paths.subscriptionClaim(uid)).transaction(
    (current: unknown) => {
      const stored = subscriptionClaimSchema.safeParse(current);
      if (current === null || !stored.success) return claim;
      const holder = stored.data.subscriptionId;
      if (holder === subscriptionId) return current;
      if (holder === undefined) return claim;
      if (holder === held?.subscriptionId && heldEnded) return claim;
      return current;
    },
    undefined,
    false,
  );
  const winner = subscriptionClaimSchema.safeParse(snapshot.val());
  return winner.success && winner.data.subscriptionId === subscriptionId;
}

/** The subscription ended: the member may subscribe again. */
export async function releaseSubscription(
  deps: PaymentDeps,
  uid: string,
  subscriptionId: string,
): Promise<void> {
  await deps.db.ref(paths.subscriptionClaim(uid)).transaction(
    (current: unknown) => {
      const stored = subscriptionClaimSchema.safeParse(current);
      return stored.success && stored.data.subscriptionId === subscriptionId ? null : current;
    },
    undefined,
    false,
  );
}

/**
 * A second paid subscription of a member: cancelled now and its first payment refunded in full
 * (idempotency keys derived from the subscription, so a replay asks Stripe for nothing new). The
 * refund's `charge.refunded` then takes back anything that was granted for it.
 */
/** The invoice's period was granted: its `grant-{invoiceId}` entry is in the ledger or outbox. */
async function invoiceGranted(deps: PaymentDeps, uid: string, invoiceId: string): Promise<boolean> {
  const entryId = grantLedgerId(invoiceId);
  const [ledger, outbox] = await Promise.all([
    deps.db.ref(paths.creditLedgerEntry(uid, entryId)).get(),
    deps.db.ref(paths.ledgerOutboxEntry(uid, entryId)).get(),
  ]);
  return ledger.exists() || outbox.exists();
}

export async function cancelDuplicateSubscription(
  deps: PaymentDeps,
  uid: string,
  subscriptionId: string,
): Promise<void> {
  const { stripe } = deps;
  const subscription = subscriptionSchema.parse(
    await stripe.subscriptions.retrieve(subscriptionId),
  );
  if (!ENDED_STATUSES.has(subscription.status))
    await stripe.subscriptions.cancel(subscriptionId, undefined, {
      idempotencyKey: `duplicate-cancel-${subscriptionId}`,
    });
  const invoices = await stripe.invoices.list({ subscription: subscriptionId, limit: 10 });
  let refunded = 0;
  let granted = 0;
  for (const invoice of invoices.data) {
    if (invoice.id === undefined) continue;
    // A period whose credits were granted (a plan that was once the member's own, before this
    // check existed) keeps its money: the member had those credits. Only what was paid and never
    // granted goes back.
    if (await invoiceGranted(deps, uid, invoice.id)) {
      granted += 1;
      continue;
    }
    const payments = await stripe.invoicePayments.list({ invoice: invoice.id, limit: 10 });
    for (const payment of payments.data) {
      const intent = payment.payment.payment_intent;
      const intentId = typeof intent === 'string' ? intent : intent?.id;
      if (intentId === undefined || payment.status !== 'paid') continue;
      const charges = await stripe.charges.list({ payment_intent: intentId, limit: 1 });
      const charge = charges.data[0];
      if (!charge || charge.refunded) continue;
      await stripe.refunds.create(
        { payment_intent: intentId, reason: 'duplicate' },
        { idempotencyKey: `duplicate-refund-${intentId}` },
      );
      refunded += 1;
    }
  }
  // Its checkout's payment record says what happened to the money, when none of it was kept.
  const [session] =
    refunded > 0 && granted === 0
      ? (await stripe.checkout.sessions.list({ subscription: subscriptionId, limit: 1 })).data
      : [];
  if (session) {
    await deps.db.ref(paths.payment(session.id)).transaction(
      (current: unknown) => {
        if (current === null || typeof current !== 'object') return current;
        const record = current as Record<string, unknown>;
        return {
          ...record,
          status: 'refunded',
          amountRefunded: record['amount'],
          stripeSubscriptionId: subscriptionId,
          updatedAt: deps.now(),
        };
      },
      undefined,
      false,
    );
  }
  duplicateSubscriptionCancelled({ uid, subscriptionId });
}
