// The customer portal's configuration (docs/architecture/plans.md): besides cancelling at the
// period's end, the card and the invoices, a member switches between the studio's plans there as
// in the app. The plan catalogue's products and prices are the portal's `subscription_update`
// products; a switch applies at once with a prorated invoice, or at the period's end (on a
// subscription schedule) when the new plan costs less per period or bills more often, the same
// rule as `changePlan` (core `planChangeTiming`). Made on demand when a member opens the portal,
// and updated there whenever the catalogue changed, so it always follows the saved plans.
import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import { readPlans } from './memberships';
import { ensurePlanPrice } from './save-plan';
import type { PaymentDeps } from '../payments/deps';

/** Marks the configuration the functions manage, among the account's others. */
export const PORTAL_CONFIGURATION_APP = 'studio-plans';
/** Stripe lists at most 10 products in `subscription_update`. */
const MAX_PRODUCTS = 10;

type Features = Stripe.BillingPortal.ConfigurationCreateParams.Features;

/** What the portal offers, from the catalogue: plans on sale, not the first-timers' intro offers. */
async function portalFeatures(deps: PaymentDeps): Promise<Features> {
  const onSale = (await readPlans(deps.db))
    .filter(({ plan }) => plan.active && plan.introOffer !== true)
    .slice(0, MAX_PRODUCTS);
  const products: Stripe.BillingPortal.ConfigurationCreateParams.Features.SubscriptionUpdate.Product[] =
    [];
  for (const { id, plan } of onSale) {
    const { productId, priceId } = await ensurePlanPrice(deps, id, plan);
    products.push({ product: productId, prices: [priceId] });
  }
  return {
    invoice_history: { enabled: true },
    payment_method_update: { enabled: true },
    subscription_cancel: { enabled: true, mode: 'at_period_end', proration_behavior: 'none' },
    subscription_update:
      products.length === 0
        ? { enabled: false }
        : {
            enabled: true,
            default_allowed_updates: ['price'],
            products,
            proration_behavior: 'always_invoice',
            schedule_at_period_end: {
              conditions: [{ type: 'decreasing_item_amount' }, { type: 'shortening_interval' }],
            },
          },
  };
}

/**
 * The id of the portal configuration for the current catalogue: the functions' configuration when
 * its `catalogue` stamp matches, else that one updated, else a new one (idempotent on the stamp,
 * so two members opening the portal at once make one).
 */
export async function ensurePortalConfiguration(deps: PaymentDeps): Promise<string> {
  const { stripe } = deps;
  const features = await portalFeatures(deps);
  const catalogue = createHash('sha256')
    .update(JSON.stringify(features))
    .digest('hex')
    .slice(0, 32);
  const metadata = { app: PORTAL_CONFIGURATION_APP, catalogue };
  const listed = await stripe.billingPortal.configurations.list({
    active: true,
    is_default: false,
    limit: 100,
  });
  const ours = listed.data.filter(
    (configuration) => configuration.metadata?.['app'] === PORTAL_CONFIGURATION_APP,
  );
  const current = ours.find((configuration) => configuration.metadata?.['catalogue'] === catalogue);
  if (current !== undefined) return current.id;
  const stale = ours[0];
  if (stale !== undefined) {
    await stripe.billingPortal.configurations.update(stale.id, { features, metadata });
    return stale.id;
  }
  const created = await stripe.billingPortal.configurations.create(
    { features, metadata },
    { idempotencyKey: `portal-configuration-${catalogue}` },
  );
  return created.id;
}
