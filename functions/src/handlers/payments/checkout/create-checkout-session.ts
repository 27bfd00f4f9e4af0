import type Stripe from 'stripe';
import { DomainError, isAppUrl, paths, paymentBranchKey } from '@studio/core';
import type { CallableResult, CreateCheckoutSessionInput } from '@studio/core';
import { NO_RATE_LIMITS } from '../../../engine';
import {
  attachIntroSession,
  claimIntroOffer,
  introOfferOf,
  releaseIntroClaims,
} from '../../plans/intro-offers';
import { openPlanCheckout } from '../../plans/plan-checkout';
import { ensureCustomer } from '../customers';
import type { CheckoutConfig, PaymentDeps } from '../deps';
import type { PurchaseRecord } from '../purchase-record';
import { withCouponAttempt } from '../coupons/coupon-attempts';
import { holdCoupon, releaseCouponHold } from '../coupons/coupon-holds';
import { loadCoupon, quotePurchase } from './quote';
import type { Quote } from './quote';
import {
  SUBSCRIPTION_CHECKOUT_MS,
  attachCheckoutSession,
  claimSubscriptionCheckout,
  releaseCheckoutClaim,
} from '../subscriptions/subscription-claims';

export interface CheckoutCommand extends CreateCheckoutSessionInput {
  uid: string;
  email?: string | undefined;
}

type LineItem = Stripe.Checkout.SessionCreateParams.LineItem;

/**
 * Stripe's lines. Without a coupon, one line per item; with one, a single line at the price after
 * the coupon, because our coupons are ours, not Stripe's (Stripe takes at most one `discounts`
 * entry, and the sandbox has no Coupons API), and the member must see exactly what they pay.
 */
function lineItems(quote: Quote): LineItem[] {
  const currency = quote.currency.toLowerCase();
  const recurring = quote.kind === 'subscription' ? { interval: 'month' as const } : undefined;
  const line = (name: string, unitAmount: number, quantity: number): LineItem => ({
    quantity,
    price_data: {
      currency,
      unit_amount: unitAmount,
      product_data: { name },
      ...(recurring ? { recurring } : {}),
    },
  });
  if (quote.coupon === undefined)
    return quote.items.map((item) => line(item.name, item.unitAmount, item.quantity));
  const names = quote.items.map((item) => `${item.quantity} × ${item.name}`).join(', ');
  return [line(`${names} (coupon ${quote.coupon})`, quote.amount, 1)];
}

function purchaseRecord(
  command: CheckoutCommand,
  quote: Quote,
  session: Stripe.Checkout.Session,
  customerId: string,
  now: number,
): PurchaseRecord {
  const record: PurchaseRecord = {
    uid: command.uid,
    kind: quote.kind,
    items: quote.items,
    subtotal: quote.subtotal,
    discount: quote.discount,
    amount: quote.amount,
    currency: quote.currency,
    status: 'pending',
    createdAt: now,
    stripeSessionId: session.id,
    stripeCustomerId: customerId,
    grants: quote.grants,
  };
  if (command.email !== undefined) record.email = command.email;
  if (quote.coupon !== undefined) record.coupon = quote.coupon;
  if (command.branch !== undefined) {
    record.branch = command.branch;
    record.branchCreatedAt = paymentBranchKey(command.branch, now);
  }
  if (quote.subscriptionPrice !== undefined) record.subscriptionPrice = quote.subscriptionPrice;
  const kinds = new Set(quote.grants.map((grant) => grant.kind));
  const [kind] = kinds;
  if (kind !== undefined && kinds.size === 1)
    record.credits = { kind, count: quote.grants.reduce((sum, grant) => sum + grant.count, 0) };
  return record;
}

/**
 * `createCheckoutSession`: prices the purchase on the server, makes sure the
 * member has their one Stripe customer, creates the Checkout Session with the uid on every
 * object Stripe will send back, and records the pending payment.
 */
export async function createCheckoutSession(
  deps: PaymentDeps,
  command: CheckoutCommand,
  config: CheckoutConfig,
): Promise<CallableResult<'createCheckoutSession'>> {
  const { db, now } = deps;
  const { uid } = command;
  // A Stripe page in the studio's name must not send the member anywhere but back to the app.
  if (![command.successUrl, command.cancelUrl].every((url) => isAppUrl(url, config.appOrigins)))
    throw new DomainError('invalid-argument', 'checkoutUrlNotAllowed');
  // A membership plan (docs/architecture/plans.md): its own pricing, claims and session.
  if (command.kind === 'plan')
    return openPlanCheckout(deps, { ...command, planId: command.planId ?? '' });
  if (command.kind === 'subscription') {
    const active: unknown = (await db.ref(paths.userField(uid, 'activeSuscription')).get()).val();
    if (active === true) throw new DomainError('failed-precondition', 'alreadySubscribed');
  }
  // A code is counted as in previewPrice (an unknown one as a guess): codes cannot be tried here
  // without limit either.
  const quote = await withCouponAttempt(deps.limits ?? NO_RATE_LIMITS, uid, command.promocode, () =>
    quotePurchase(db, uid, command, now()),
  );
  const offer = await introOfferOf(db, command, false);
  // A limited coupon is held while the page is open (refused with nothing written when open
  // checkouts and payments already reach its limits), given back if the checkout does not open.
  const code = quote.coupon;
  const hold =
    code === undefined
      ? undefined
      : await holdCoupon(deps, {
          code,
          coupon: await loadCoupon(db, code),
          uid,
          // A minute past the page's own end (set from a later clock reading below).
          expiresAt: now() + COUPON_CHECKOUT_MS + 60_000,
        });
  try {
    // Counted once the purchase is valid, before anything else is written or asked of Stripe.
    await (deps.limits ?? NO_RATE_LIMITS).take(uid, 'checkout');
    return await openPurchase(deps, command, quote, offer, hold);
  } catch (error) {
    if (code !== undefined && hold !== undefined) await releaseCouponHold(db, code, hold);
    throw error;
  }
}

/** The pack, cart or subscription checkout once priced, with its intro or subscription claim. */
async function openPurchase(
  deps: PaymentDeps,
  command: CheckoutCommand,
  quote: Quote,
  offer: string | undefined,
  couponHold: string | undefined,
): Promise<CallableResult<'createCheckoutSession'>> {
  const { db, now } = deps;
  const { uid } = command;
  if (quote.kind !== 'subscription' && offer !== undefined) {
    // An intro pack: once per person, claimed while its page is open (plans/intro-offers.ts).
    const keys = await claimIntroOffer(deps, {
      uid,
      email: command.email,
      offer,
      expiresAt: now() + CHECKOUT_SESSION_MS,
    });
    try {
      const opened = await openCheckout(deps, command, quote, { introOffer: offer, couponHold });
      await attachIntroSession(db, keys, opened.sessionId);
      return opened;
    } catch (error) {
      await releaseIntroClaims(db, keys, undefined);
      throw error;
    }
  }
  if (quote.kind !== 'subscription') return openCheckout(deps, command, quote, { couponHold });
  // One subscription per member: claimed before Stripe is asked, given back if this call fails.
  const checkoutId = await claimSubscriptionCheckout(deps, uid);
  try {
    return await openCheckout(deps, command, quote, { subscriptionClaim: checkoutId, couponHold });
  } catch (error) {
    await releaseCheckoutClaim(deps, uid, { checkoutId });
    throw error;
  }
}

/** A checkout holding a limited coupon lives as briefly as Stripe allows, as a subscription's. */
const COUPON_CHECKOUT_MS = SUBSCRIPTION_CHECKOUT_MS;

/** A pack's checkout page lives 24 hours at Stripe: how long its intro claim is held. */
const CHECKOUT_SESSION_MS = 24 * 60 * 60 * 1000;

/** What a checkout holds while its page is open, each given back if it is not paid. */
interface CheckoutClaims {
  subscriptionClaim?: string | undefined;
  introOffer?: string | undefined;
  couponHold?: string | undefined;
}

async function openCheckout(
  deps: PaymentDeps,
  command: CheckoutCommand,
  quote: Quote,
  { subscriptionClaim, introOffer, couponHold }: CheckoutClaims,
): Promise<CallableResult<'createCheckoutSession'>> {
  const { db, stripe, now } = deps;
  const { uid } = command;
  const customerId = await ensureCustomer(deps, uid, command.email);

  const metadata: Record<string, string> = { uid, kind: quote.kind };
  if (quote.coupon !== undefined) metadata['coupon'] = quote.coupon;
  if (command.branch !== undefined) metadata['branch'] = command.branch;
  if (introOffer !== undefined) metadata['intro'] = introOffer;

  const params: Stripe.Checkout.SessionCreateParams = {
    mode: quote.kind === 'subscription' ? 'subscription' : 'payment',
    customer: customerId,
    client_reference_id: uid,
    metadata,
    line_items: lineItems(quote),
    success_url: command.successUrl,
    cancel_url: command.cancelUrl,
  };
  if (quote.kind === 'subscription') params.subscription_data = { metadata };
  else params.payment_intent_data = { metadata };
  // The session ends when its claims do, so a lapsed claim has no payable page behind it.
  if (subscriptionClaim !== undefined || couponHold !== undefined)
    params.expires_at = Math.floor((now() + COUPON_CHECKOUT_MS) / 1000);

  const session = await stripe.checkout.sessions.create(params);
  if (session.url === null) throw new Error(`Checkout session ${session.id} has no url`);
  if (subscriptionClaim !== undefined)
    await attachCheckoutSession(deps, uid, subscriptionClaim, session.id);
  const record = purchaseRecord(command, quote, session, customerId, now());
  if (couponHold !== undefined) record.couponHold = couponHold;
  await db.ref(paths.payment(session.id)).set(record);
  return { sessionId: session.id, url: session.url };
}
