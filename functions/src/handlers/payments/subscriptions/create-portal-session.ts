import { DomainError, isAppUrl, paths } from '@studio/core';
import type { CallableResult, CreatePortalSessionInput } from '@studio/core';
import { NO_RATE_LIMITS } from '../../../engine';
import type { CheckoutConfig, PaymentDeps } from '../deps';
import { ensurePortalConfiguration } from '../../plans/portal-configuration';

export interface PortalCommand extends CreatePortalSessionInput {
  uid: string;
}

/**
 * `createPortalSession`: opens Stripe's customer portal for the member's one Stripe
 * customer, where they cancel at the period's end, resume, change the card, read invoices and
 * switch between the studio's plans (`ensurePortalConfiguration`).
 * The portal's changes come back as webhook events (`customer.subscription.updated/deleted`,
 * `invoice.*`), which mirror the plan's state; nothing is written here.
 */
export async function createPortalSession(
  deps: PaymentDeps,
  command: PortalCommand,
  config: CheckoutConfig,
): Promise<CallableResult<'createPortalSession'>> {
  const { db, stripe } = deps;
  const { uid } = command;
  // Stripe sends the member back here: it must be a page of the app, like checkout's URLs.
  if (!isAppUrl(command.returnUrl, config.appOrigins))
    throw new DomainError('invalid-argument', 'returnUrlNotAllowed');
  const [customerId, planState, active] = await Promise.all([
    db.ref(`${paths.stripeCustomer(uid)}/customerId`).get(),
    db.ref(paths.userField(uid, 'plan-state')).get(),
    db.ref(paths.userField(uid, 'activeSuscription')).get(),
  ]);
  // A member who never had a plan has nothing to manage there (and possibly no customer yet).
  const hadPlan = planState.exists() || active.val() === true;
  const customer: unknown = customerId.val();
  if (typeof customer !== 'string' || !hadPlan)
    throw new DomainError('failed-precondition', 'noSubscription');
  await (deps.limits ?? NO_RATE_LIMITS).take(uid, 'checkout');
  const session = await stripe.billingPortal.sessions.create({
    customer,
    return_url: command.returnUrl,
    configuration: await ensurePortalConfiguration(deps),
  });
  return { url: session.url };
}
