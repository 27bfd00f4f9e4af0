// One named function per payment log event, so every
// line a developer searches for has a stable `event` name and structured fields.
import { logger } from 'firebase-functions/logger';

export function stripeEventProcessed(fields: {
  eventId: string;
  type: string;
  note?: string;
}): void {
  logger.info('Stripe event processed', { event: 'stripe_event_processed', ...fields });
}

export function stripeEventIgnored(fields: { eventId: string; type: string; note: string }): void {
  logger.info('Stripe event ignored', { event: 'stripe_event_ignored', ...fields });
}

export function stripeEventReplayed(fields: { eventId: string; type: string }): void {
  logger.info('Stripe event replayed', { event: 'stripe_event_replayed', ...fields });
}

/** A second delivery of an event another delivery is working on: answered 5xx, Stripe retries. */
export function stripeEventBusy(fields: { eventId: string; type: string }): void {
  logger.info('Stripe event in flight elsewhere', { event: 'stripe_event_busy', ...fields });
}

export function stripeSignatureRejected(fields: { reason: string }): void {
  logger.warn('Stripe webhook signature rejected', {
    event: 'stripe_signature_rejected',
    ...fields,
  });
}

/** Correctly signed but not an event we can name: refused, since a retry cannot help. */
export function stripeEventUnreadable(fields: { reason: string }): void {
  logger.warn('Stripe webhook event unreadable', { event: 'stripe_event_unreadable', ...fields });
}

/** Transient: the webhook answered 5xx so Stripe retries. */
export function stripeEventFailed(fields: { eventId: string; type: string; error: unknown }): void {
  const { error, ...rest } = fields;
  logger.error('Stripe event failed', {
    event: 'stripe_event_failed',
    ...rest,
    error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
  });
}

export function creditsGranted(fields: {
  uid: string;
  sourceId: string;
  kind: string;
  count: number;
}): void {
  logger.info('Credits granted', { event: 'credits_granted', ...fields });
}

export function creditsRevoked(fields: { uid: string; sourceId: string; count: number }): void {
  logger.info('Credits revoked', { event: 'credits_revoked', ...fields });
}

export function subscriptionPeriodRepaired(fields: {
  uid: string;
  subscriptionId: string;
  period: string;
}): void {
  logger.warn('Subscription period repaired', { event: 'subscription_period_repaired', ...fields });
}

export function monthlyCreditsRun(fields: {
  subscriptions: number;
  repaired: number;
  expired: number;
}): void {
  logger.info('Monthly credits run', { event: 'monthly_credits_run', ...fields });
}

/** A member's second paid subscription (a race on Stripe's side): cancelled and refunded. */
export function duplicateSubscriptionCancelled(fields: {
  uid: string;
  subscriptionId: string;
}): void {
  logger.warn('Duplicate subscription cancelled and refunded', {
    event: 'duplicate_subscription_cancelled',
    ...fields,
  });
}

/** lista-pagos' totals were added up; `unreadable` payments the schema refused were left out. */
export function paymentsSummed(fields: {
  by: string;
  from: string;
  to: string;
  unreadable: number;
}): void {
  const log = fields.unreadable > 0 ? logger.warn : logger.info;
  log('Payments summed', { event: 'payments_summed', ...fields });
}
