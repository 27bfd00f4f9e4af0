// A card sale at the front desk: the member's own Stripe Checkout, opened by staff for them. Paid
// on the desk's device (`here`) or on the member's phone from the QR code the desk shows (`link`),
// it is the member's checkout in every way (their customer, their uid on every Stripe object, the
// webhook grants as for a purchase in the app), with the desk's audit entry.
import { DomainError, paths } from '@studio/core';
import type { AuditEntry, CallableResult, CreateDeskCheckoutInput } from '@studio/core';
import { newId } from '../../engine';
import { createCheckoutSession } from '../payments/checkout/create-checkout-session';
import { deskSaleBranch } from './sales';
import type { CheckoutConfig, PaymentDeps } from '../payments/deps';

/**
 * `createDeskCheckout` (the front desk, admins): refused, writing nothing, for an unknown member
 * and for anything the member's own checkout refuses (an item not on sale, a return address off
 * the app, one plan at a time), whose checks and limit (the member's `checkout`) it runs.
 */
export async function createDeskCheckout(
  deps: PaymentDeps,
  {
    by,
    delivery,
    scope = null,
    ...input
  }: CreateDeskCheckoutInput & { by: string; scope?: string | null },
  config: CheckoutConfig,
): Promise<CallableResult<'createDeskCheckout'>> {
  const { db, now } = deps;
  // The payment's branch, as for cash: a branch manager's desk sells for their branch.
  const branch = await deskSaleBranch(db, scope, input.branch);
  const user = await db.ref(paths.user(input.uid)).get();
  if (!user.exists()) throw new DomainError('not-found', 'userNotFound', { uid: input.uid });
  const email: unknown = user.child('Email').val();
  const opened = await createCheckoutSession(
    deps,
    {
      uid: input.uid,
      email: typeof email === 'string' && email !== '' ? email : undefined,
      kind: input.kind,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      ...(branch === undefined ? {} : { branch }),
      ...(input.kind === 'plan' ? { planId: input.planId } : { packageId: input.packageId }),
    },
    config,
  );
  const entry: AuditEntry = {
    at: now(),
    by,
    action: 'createDeskCheckout',
    target: paths.payment(opened.sessionId),
    details: { member: input.uid, kind: input.kind, delivery },
  };
  await db.ref(paths.auditEntry(newId(db))).set(entry);
  return opened;
}
