// The webhook's work, apart from HTTP (style.md): one function per handled event type, a fixed
// set of types, and one record per event id so a redelivery changes nothing.
import type Stripe from 'stripe';
import { paths } from '@studio/core';
import type { StripeEventRecord } from '@studio/core';
import { NO_PAYMENT_FAULTS } from './deps';
import type { FaultPlace, PaymentDeps } from './deps';
import { checkoutPaid, checkoutUnpaid } from './fulfil-checkout';
import { stripeEventIgnored, stripeEventProcessed, stripeEventReplayed } from './logs';
import { ignored } from './outcome';
import type { EventOutcome } from './outcome';
import { chargeRefunded } from './refunds';
import {
  chargeSchema,
  checkoutSessionSchema,
  invoiceSchema,
  subscriptionSchema,
} from './stripe-objects';
import { invoicePaid, invoicePaymentFailed } from './subscription-grants';
import { applySubscriptionState } from './subscription-status';

type EventHandler = (deps: PaymentDeps, event: Stripe.Event) => Promise<EventOutcome>;

const object = (event: Stripe.Event): unknown => event.data.object;

/** Every event type we act on; anything else is acknowledged and recorded as ignored. */
export const HANDLED_EVENTS = {
  'checkout.session.completed': (deps, event) =>
    checkoutPaid(deps, checkoutSessionSchema.parse(object(event)), event.created),
  'checkout.session.async_payment_succeeded': (deps, event) =>
    checkoutPaid(deps, checkoutSessionSchema.parse(object(event)), event.created),
  'checkout.session.async_payment_failed': (deps, event) =>
    checkoutUnpaid(deps, checkoutSessionSchema.parse(object(event)), 'failed'),
  'checkout.session.expired': (deps, event) =>
    checkoutUnpaid(deps, checkoutSessionSchema.parse(object(event)), 'expired'),
  'invoice.paid': (deps, event) => invoicePaid(deps, invoiceSchema.parse(object(event))),
  'invoice.payment_failed': (deps, event) =>
    invoicePaymentFailed(deps, invoiceSchema.parse(object(event))),
  'customer.subscription.created': (deps, event) =>
    applySubscriptionState(deps, subscriptionSchema.parse(object(event)), event.created),
  'customer.subscription.updated': (deps, event) =>
    applySubscriptionState(deps, subscriptionSchema.parse(object(event)), event.created),
  'customer.subscription.deleted': (deps, event) =>
    applySubscriptionState(deps, subscriptionSchema.parse(object(event)), event.created),
  'charge.refunded': (deps, event) => chargeRefunded(deps, chargeSchema.parse(object(event))),
} satisfies Record<string, EventHandler>;

export type HandledEventType = keyof typeof HANDLED_EVENTS;

function isHandled(type: string): type is HandledEventType {
  return Object.hasOwn(HANDLED_EVENTS, type);
}

function isShapeError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ZodError';
}

/** Where a crash point after an event's effects reports: its object's id and member. */
function faultPlace(event: Stripe.Event): FaultPlace {
  const data = (object(event) ?? {}) as { id?: unknown; metadata?: unknown };
  const metadata = (data.metadata ?? {}) as Record<string, unknown>;
  const place: FaultPlace = { sourceId: typeof data.id === 'string' ? data.id : event.id };
  if (typeof metadata['uid'] === 'string') place.uid = metadata['uid'];
  return place;
}

export interface ProcessResult extends EventOutcome {
  /** The event had been processed before: nothing was applied this time. */
  replay: boolean;
}

/**
 * Applies one verified event. Throws on a transient failure (the database or Stripe could not be
 * reached), so the caller answers 5xx and Stripe retries; every effect is keyed by a business id,
 * so the retry, or a concurrent duplicate, applies nothing twice. The record is written last: an
 * event whose effects did not all land is not marked as done.
 */
export async function processStripeEvent(
  deps: PaymentDeps,
  event: Stripe.Event,
): Promise<ProcessResult> {
  const recordRef = deps.db.ref(paths.stripeEvent(event.id));
  if ((await recordRef.get()).exists()) {
    stripeEventReplayed({ eventId: event.id, type: event.type });
    return { outcome: 'processed', replay: true };
  }
  let result: EventOutcome;
  if (!isHandled(event.type)) {
    result = ignored('event type not handled');
  } else {
    try {
      result = await HANDLED_EVENTS[event.type](deps, event);
    } catch (error) {
      // A shape we cannot read will not improve with retries: acknowledged, recorded, logged.
      if (!isShapeError(error)) throw error;
      result = ignored(`unexpected ${event.type} shape`);
    }
  }
  await (deps.faults ?? NO_PAYMENT_FAULTS).at('after-effects', faultPlace(event));
  const record: StripeEventRecord = {
    type: event.type,
    created: event.created,
    receivedAt: deps.now(),
    outcome: result.outcome,
  };
  if (result.note !== undefined) record.note = result.note.slice(0, 500);
  await recordRef.set(record);
  const fields = { eventId: event.id, type: event.type };
  if (result.outcome === 'ignored') stripeEventIgnored({ ...fields, note: result.note ?? '' });
  else stripeEventProcessed(result.note === undefined ? fields : { ...fields, note: result.note });
  return { ...result, replay: false };
}
