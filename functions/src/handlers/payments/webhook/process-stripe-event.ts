// The webhook's work, apart from HTTP: one function per handled event type, a fixed
// set of types, and one record per event id, claimed before the work, so a redelivery changes
// nothing and two concurrent deliveries do the work once.
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { paths, stripeEventRecordSchema } from '@studio/core';
import type { StripeEventRecord } from '@studio/core';
import type { Database } from 'firebase-admin/database';
import type { PaymentDeps } from '../deps';
import { chargeDisputed } from '../refunds-and-disputes/disputes';
import { checkoutPaid, checkoutUnpaid } from '../checkout/fulfil-checkout';
import {
  stripeEventBusy,
  stripeEventIgnored,
  stripeEventProcessed,
  stripeEventReplayed,
} from '../logs';
import { ignored } from '../outcome';
import type { EventOutcome } from '../outcome';
import { feeIntentEvent } from '../../plans/fees';
import { chargeRefunded } from '../refunds-and-disputes/refunds';
import {
  chargeSchema,
  checkoutSessionSchema,
  disputeSchema,
  invoiceSchema,
  subscriptionSchema,
} from '../stripe-objects';
import { invoicePaid, invoicePaymentFailed } from '../subscriptions/subscription-grants';
import { applySubscriptionState, mirrorFailedInvoice } from '../subscriptions/subscription-status';

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
  'invoice.payment_failed': async (deps, event) => {
    const invoice = invoiceSchema.parse(object(event));
    await mirrorFailedInvoice(deps, invoice, event.created);
    return invoicePaymentFailed(deps, invoice);
  },
  'customer.subscription.created': (deps, event) =>
    applySubscriptionState(deps, subscriptionSchema.parse(object(event)), event.created),
  'customer.subscription.updated': (deps, event) =>
    applySubscriptionState(deps, subscriptionSchema.parse(object(event)), event.created),
  'customer.subscription.deleted': (deps, event) =>
    applySubscriptionState(deps, subscriptionSchema.parse(object(event)), event.created),
  // A plan's freeze (docs/architecture/plans.md): the pause and the resume.
  'customer.subscription.paused': (deps, event) =>
    applySubscriptionState(deps, subscriptionSchema.parse(object(event)), event.created),
  'customer.subscription.resumed': (deps, event) =>
    applySubscriptionState(deps, subscriptionSchema.parse(object(event)), event.created),
  // A plan fee charged off-session: Stripe's word on it, if the charging call stopped early.
  'payment_intent.succeeded': (deps, event) => feeIntentEvent(deps, object(event), true),
  'payment_intent.payment_failed': (deps, event) => feeIntentEvent(deps, object(event), false),
  'charge.refunded': (deps, event) => chargeRefunded(deps, chargeSchema.parse(object(event))),
  'charge.dispute.created': (deps, event) =>
    chargeDisputed(deps, disputeSchema.parse(object(event)), 'created'),
  'charge.dispute.closed': (deps, event) =>
    chargeDisputed(deps, disputeSchema.parse(object(event)), 'closed'),
} satisfies Record<string, EventHandler>;

export type HandledEventType = keyof typeof HANDLED_EVENTS;

function isHandled(type: string): type is HandledEventType {
  return Object.hasOwn(HANDLED_EVENTS, type);
}

function isShapeError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ZodError';
}

export interface ProcessResult extends EventOutcome {
  /** The event had been processed before: nothing was applied this time. */
  replay: boolean;
}

/** Another delivery of the same event holds its claim: answer 5xx so Stripe delivers it again. */
export class EventInFlight extends Error {
  constructor(eventId: string) {
    super(`event ${eventId} is being processed by another delivery`);
    this.name = 'EventInFlight';
  }
}

/**
 * How long a claim lasts: longer than one webhook invocation may run (Cloud Functions' 60 s
 * default), so only a delivery that crashed leaves a claim to lapse; Stripe's retry then takes it.
 */
export const EVENT_CLAIM_MS = 2 * 60 * 1000;

type Claim = { kind: 'claimed'; claimId: string } | { kind: 'done' } | { kind: 'busy' };

/**
 * Claims `StripeEvents/{id}` in a transaction: free or lapsed → ours; recorded → done; claimed by
 * a live delivery → busy. Transactions only, here and after, so the claim's writes never abort
 * another delivery's transaction on the same node (docs/architecture/payments.md#webhook).
 */
async function claimEvent(db: Database, event: Stripe.Event, now: number): Promise<Claim> {
  const ref = db.ref(paths.stripeEvent(event.id));
  // A replay or a delivery while another one works is answered from a read, writing nothing: a
  // burst of redeliveries must not contend with the working delivery's own transactions on this
  // node (it could then fail to record its outcome, leaving its claim to lapse).
  const seen = stripeEventRecordSchema.safeParse((await ref.get()).val());
  if (seen.success && seen.data.outcome !== 'processing') return { kind: 'done' };
  if (seen.success && (seen.data.claimExpiresAt ?? 0) > now) return { kind: 'busy' };
  const claimId = randomUUID();
  const claim: StripeEventRecord = {
    type: event.type,
    created: event.created,
    receivedAt: now,
    outcome: 'processing',
    claimId,
    claimExpiresAt: now + EVENT_CLAIM_MS,
  };
  // Refusals write the value back unchanged rather than abort: the SDK first runs the update on
  // its cache (usually nothing), and only the server's value may decide (engine/transact.ts).
  const { snapshot } = await ref.transaction(
    (current: unknown) => {
      if (current === null) return claim;
      const stored = stripeEventRecordSchema.safeParse(current);
      if (stored.success && stored.data.outcome === 'processing') {
        if ((stored.data.claimExpiresAt ?? 0) <= now) return claim;
      }
      return current;
    },
    undefined,
    false,
  );
  const stored = stripeEventRecordSchema.safeParse(snapshot.val());
  if (stored.success && stored.data.claimId === claimId) return { kind: 'claimed', claimId };
  return stored.success && stored.data.outcome === 'processing'
    ? { kind: 'busy' }
    : { kind: 'done' };
}

/** How often settling a claim is tried when the node is contended (the SDK gives up at 25 runs). */
const SETTLE_ATTEMPTS = 5;

/** Replaces our claim with `next` (the outcome), or removes it (`null`), if it is still ours. */
async function settleClaim(
  db: Database,
  eventId: string,
  claimId: string,
  next: StripeEventRecord | null,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.ref(paths.stripeEvent(eventId)).transaction(
        (current: unknown) => {
          const stored = stripeEventRecordSchema.safeParse(current);
          if (!stored.success || stored.data.claimId !== claimId) return current;
          return next;
        },
        undefined,
        false,
      );
      return;
    } catch (error) {
      // 'maxretry' (other writers kept changing the node) or 'disconnect': the step is
      // idempotent (it only replaces our own claim), so it runs again after a short pause.
      if (attempt >= SETTLE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
    }
  }
}

/**
 * Applies one verified event. The event is claimed first (`StripeEvents/{id}`, `processing`); a
 * second delivery while the first works is refused with {@link EventInFlight} (the caller answers
 * 5xx and Stripe delivers it again later), and a recorded event is a replay. Throws on a
 * transient failure (the database or Stripe could not be reached) after releasing the claim, so
 * the caller answers 5xx and Stripe's retry does the work; every effect is keyed by a business
 * id, so nothing is applied twice. The outcome replaces the claim last: an event whose effects
 * did not all land is not marked as done.
 */
export async function processStripeEvent(
  deps: PaymentDeps,
  event: Stripe.Event,
): Promise<ProcessResult> {
  const claim = await claimEvent(deps.db, event, deps.now());
  if (claim.kind === 'done') {
    stripeEventReplayed({ eventId: event.id, type: event.type });
    return { outcome: 'processed', replay: true };
  }
  if (claim.kind === 'busy') {
    stripeEventBusy({ eventId: event.id, type: event.type });
    throw new EventInFlight(event.id);
  }
  let result: EventOutcome;
  try {
    result = await handle(deps, event);
  } catch (error) {
    // Released, so Stripe's retry can do the work at once instead of waiting for the claim.
    await settleClaim(deps.db, event.id, claim.claimId, null).catch(() => undefined);
    throw error;
  }
  const record: StripeEventRecord = {
    type: event.type,
    created: event.created,
    receivedAt: deps.now(),
    outcome: result.outcome,
  };
  if (result.note !== undefined) record.note = result.note.slice(0, 500);
  await settleClaim(deps.db, event.id, claim.claimId, record);
  const fields = { eventId: event.id, type: event.type };
  if (result.outcome === 'ignored') stripeEventIgnored({ ...fields, note: result.note ?? '' });
  else stripeEventProcessed(result.note === undefined ? fields : { ...fields, note: result.note });
  return { ...result, replay: false };
}

async function handle(deps: PaymentDeps, event: Stripe.Event): Promise<EventOutcome> {
  if (!isHandled(event.type)) return ignored('event type not handled');
  try {
    return await HANDLED_EVENTS[event.type](deps, event);
  } catch (error) {
    // A shape we cannot read will not improve with retries: acknowledged, recorded, logged.
    if (!isShapeError(error)) throw error;
    return ignored(`unexpected ${event.type} shape`);
  }
}
