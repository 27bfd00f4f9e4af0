// Buying a plan (`createCheckoutSession {kind: 'plan', planId}`, docs/architecture/plans.md):
// priced on the server from `Plans/{planId}`, one subscription per member (the same claim as the
// monthly subscription), an intro offer claimed once per person, and a Stripe Checkout Session in
// subscription mode on the plan's recurring price, in flexible billing mode (so it can pause).
// An intro price is the first period as a trial plus a one-time line at the intro price; a plan
// brought over by an import without a card is a trial to its paid period's end (adding a card).
import type Stripe from 'stripe';
import { DomainError, addBillingPeriods, paths, settingsFromStored } from '@studio/core';
import type { CallableResult, Plan } from '@studio/core';
import { NO_RATE_LIMITS } from '../../engine';
import { ensureCustomer } from '../payments/customers';
import type { PaymentDeps } from '../payments/deps';
import { minimumCharge } from '../payments/checkout/quote';
import type { PurchaseRecord } from '../payments/purchase-record';
import {
  SUBSCRIPTION_CHECKOUT_MS,
  attachCheckoutSession,
  claimSubscriptionCheckout,
  releaseCheckoutClaim,
} from '../payments/subscriptions/subscription-claims';
import {
  attachIntroSession,
  checkIntroOffer,
  claimIntroOffer,
  introOfferOf,
  releaseIntroClaims,
} from './intro-offers';
import { readMembership, readPlan } from './memberships';

/** Stripe takes a trial end at least two days away; an imported plan ending sooner is charged now. */
const TRIAL_MIN_MS = 2 * 24 * 60 * 60 * 1000;
import { ensurePlanPrice } from './save-plan';

export interface PlanCheckoutCommand {
  uid: string;
  email?: string | undefined;
  planId: string;
  branch?: string | undefined;
  successUrl: string;
  cancelUrl: string;
}

export interface PlanQuote {
  plan: Plan;
  /** What the first period costs: the intro price when the plan has one. */
  firstCharge: number;
  currency: string;
}

/** A plan on sale and its first charge; `previewPrice {kind: 'plan'}` answers with it. */
export async function quotePlan(deps: Pick<PaymentDeps, 'db'>, planId: string): Promise<PlanQuote> {
  const plan = await readPlan(deps.db, planId);
  if (!plan.active) throw new DomainError('failed-precondition', 'planInactive');
  const firstCharge = plan.introPrice ?? plan.price;
  if (firstCharge < minimumCharge(plan.currency))
    throw new DomainError('failed-precondition', 'paymentsUnavailable');
  return { plan, firstCharge, currency: plan.currency };
}

function lineItems(
  quote: PlanQuote,
  priceId: string,
): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const items: Stripe.Checkout.SessionCreateParams.LineItem[] = [{ price: priceId, quantity: 1 }];
  if (quote.plan.introPrice !== undefined)
    items.push({
      quantity: 1,
      price_data: {
        currency: quote.currency.toLowerCase(),
        unit_amount: quote.plan.introPrice,
        product_data: { name: `${quote.plan.name}: intro price, first period` },
      },
    });
  return items;
}

/**
 * Opens the plan's checkout. Refused before anything is written or asked of Stripe: a plan not on
 * sale, a member who already has a plan or the subscription (`alreadySubscribed`), an intro offer
 * already used (`introAlreadyUsed`). The claims taken are given back if Stripe fails.
 */
export async function openPlanCheckout(
  deps: PaymentDeps,
  command: PlanCheckoutCommand,
): Promise<CallableResult<'createCheckoutSession'>> {
  const { db, stripe, now } = deps;
  const { uid, planId } = command;
  const quote = await quotePlan(deps, planId);
  // The same plan brought over from another system, paid for there: the card added now is first
  // charged when that paid period ends (a trial to then; no intro offer on top).
  const imported = await readMembership(db, uid);
  const paidUntil =
    imported?.source === 'import' &&
    imported.status !== 'ended' &&
    imported.planId === planId &&
    imported.periodEnd !== undefined &&
    imported.periodEnd > now() + TRIAL_MIN_MS
      ? imported.periodEnd
      : undefined;
  // An intro offer says so first: "once per person" is the answer to a second try.
  const offer =
    paidUntil === undefined
      ? await introOfferOf(db, { kind: 'plan', planId }, quote.plan.introOffer === true)
      : undefined;
  if (offer !== undefined) await checkIntroOffer(deps, { uid, email: command.email });
  const active: unknown = (await db.ref(paths.userField(uid, 'activeSuscription')).get()).val();
  if (active === true) throw new DomainError('failed-precondition', 'alreadySubscribed');
  await (deps.limits ?? NO_RATE_LIMITS).take(uid, 'checkout');
  const expiresAt = now() + SUBSCRIPTION_CHECKOUT_MS;
  const introKeys =
    offer === undefined
      ? []
      : await claimIntroOffer(deps, { uid, email: command.email, offer, expiresAt });
  let checkoutId: string | undefined;
  try {
    checkoutId = await claimSubscriptionCheckout(deps, uid);
    const { priceId } = await ensurePlanPrice(deps, planId, quote.plan);
    const customerId = await ensureCustomer(deps, uid, command.email);
    const settings = settingsFromStored((await db.ref(paths.settings()).get()).val());
    const metadata: Record<string, string> = { uid, kind: 'plan', planId };
    if (offer !== undefined) metadata['intro'] = offer;
    if (command.branch !== undefined) metadata['branch'] = command.branch;
    const subscriptionData: Stripe.Checkout.SessionCreateParams.SubscriptionData = {
      metadata,
      billing_mode: { type: 'flexible' },
    };
    if (paidUntil !== undefined) {
      subscriptionData.trial_end = Math.floor(paidUntil / 1000);
      metadata['importedFrom'] = imported?.id ?? '';
    } else if (quote.plan.introPrice !== undefined)
      subscriptionData.trial_end = Math.floor(
        addBillingPeriods(now(), quote.plan.interval, 1, settings.timeZone) / 1000,
      );
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: uid,
      metadata,
      line_items:
        paidUntil === undefined ? lineItems(quote, priceId) : [{ price: priceId, quantity: 1 }],
      subscription_data: subscriptionData,
      success_url: command.successUrl,
      cancel_url: command.cancelUrl,
      expires_at: Math.floor(expiresAt / 1000),
    });
    if (session.url === null) throw new Error(`Checkout session ${session.id} has no url`);
    await attachCheckoutSession(deps, uid, checkoutId, session.id);
    if (introKeys.length > 0) await attachIntroSession(db, introKeys, session.id);
    const record: PurchaseRecord = {
      uid,
      kind: 'plan',
      items: [
        {
          type: 'plan',
          id: planId,
          name: quote.plan.name,
          quantity: 1,
          unitAmount: quote.firstCharge,
        },
      ],
      subtotal: quote.firstCharge,
      discount: 0,
      amount: quote.firstCharge,
      currency: quote.currency,
      status: 'pending',
      createdAt: now(),
      stripeSessionId: session.id,
      stripeCustomerId: customerId,
    };
    if (command.email !== undefined) record.email = command.email;
    if (command.branch !== undefined) record.branch = command.branch;
    await db.ref(paths.payment(session.id)).set(record);
    return { sessionId: session.id, url: session.url };
  } catch (error) {
    if (checkoutId !== undefined) await releaseCheckoutClaim(deps, uid, { checkoutId });
    await releaseIntroClaims(db, introKeys, undefined);
    throw error;
  }
}
