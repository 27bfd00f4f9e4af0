// Stripe objects as the webhook receives them, built by hand for the events a test delivers or
// processes itself (renewals, failed cards, ended plans, crafted redeliveries) rather than
// through the sandbox. Shapes follow Stripe API version 2026-10-28: periods on subscription
// items, the subscription of an invoice under `parent.subscription_details`.
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';

const DAY_SECONDS = 86_400;

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A fresh Stripe-looking id: `prefix_` and `length` hex digits. */
export const stripeId = (prefix: string, length = 20) =>
  `${prefix}_${randomUUID().replaceAll('-', '').slice(0, length)}`;

/** An event carrying `object`, as Stripe signs and delivers it. */
export function stripeEvent(type: string, object: unknown, created = nowSeconds()): Stripe.Event {
  return {
    id: stripeId('evt', 32),
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  } as unknown as Stripe.Event;
}

/** `uid`'s subscription `id` in `status`, its current period 30 days from now unless given. */
export function subscriptionObject(
  uid: string,
  id: string,
  status: string,
  period = { start: nowSeconds(), end: nowSeconds() + 30 * DAY_SECONDS },
) {
  return {
    id,
    object: 'subscription',
    status,
    customer: `cus_${id}`,
    metadata: { uid },
    cancel_at_period_end: false,
    items: {
      object: 'list',
      data: [{ current_period_start: period.start, current_period_end: period.end }],
    },
  };
}

/** A $39 invoice of `uid`'s subscription for the 30 days from `start`. */
export function invoiceObject(
  uid: string,
  subscriptionId: string,
  reason: string,
  start = nowSeconds(),
) {
  return {
    id: stripeId('in'),
    object: 'invoice',
    billing_reason: reason,
    customer: `cus_${subscriptionId}`,
    amount_paid: 3900,
    amount_due: 3900,
    currency: 'usd',
    attempt_count: 1,
    hosted_invoice_url: 'https://invoice.stripe.test/i/abc',
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscriptionId, metadata: { uid } },
    },
    lines: { object: 'list', data: [{ period: { start, end: start + 30 * DAY_SECONDS } }] },
  };
}
