import Stripe from 'stripe';
import { keySchema } from '@studio/core';
import type { PaymentDeps } from '../deps';
import { stripeEventFailed, stripeEventUnreadable, stripeSignatureRejected } from '../logs';
import { EventInFlight, processStripeEvent } from './process-stripe-event';

export interface WebhookRequest {
  /** The exact bytes Stripe signed (Cloud Functions' `req.rawBody`). */
  rawBody: Buffer | undefined;
  signature: string | undefined;
}

export interface WebhookResponse {
  status: number;
  body: Record<string, unknown>;
}

/**
 * The webhook's HTTP contract: 400 for a missing, wrong or stale signature, or a signed body that
 * is not an event we can name (nothing written; a retry cannot help), 500 for a transient failure
 * so Stripe retries, 503 while another delivery of the same event is being processed (Stripe
 * delivers it again later; by then it is a replay, or the other delivery failed and released it),
 * 200 for everything processed, replayed or ignored.
 */
export async function handleStripeWebhook(
  deps: PaymentDeps,
  webhookSecret: string,
  request: WebhookRequest,
): Promise<WebhookResponse> {
  if (request.rawBody === undefined || request.signature === undefined) {
    stripeSignatureRejected({ reason: 'missing body or Stripe-Signature header' });
    return { status: 400, body: { error: 'missing signature' } };
  }
  let event: Stripe.Event;
  try {
    event = deps.stripe.webhooks.constructEvent(request.rawBody, request.signature, webhookSecret);
  } catch (error) {
    if (error instanceof SyntaxError) return unreadable('body is not JSON');
    if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
    stripeSignatureRejected({ reason: error.message });
    return { status: 400, body: { error: 'invalid signature' } };
  }
  const problem = unreadableBecause(event);
  if (problem !== null) return unreadable(problem);
  try {
    const result = await processStripeEvent(deps, event);
    return { status: 200, body: { received: true, ...result } };
  } catch (error) {
    if (error instanceof EventInFlight) return { status: 503, body: { error: 'in flight; retry' } };
    stripeEventFailed({ eventId: event.id, type: event.type, error });
    return { status: 500, body: { error: 'processing failed; retry' } };
  }
}

function unreadable(reason: string): WebhookResponse {
  stripeEventUnreadable({ reason });
  return { status: 400, body: { error: 'unreadable event' } };
}

/** Why a signed body is not an event we could record, or null when it is one. */
function unreadableBecause(event: unknown): string | null {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) return 'not an object';
  const { id, type, data } = event as { id?: unknown; type?: unknown; data?: unknown };
  // The id becomes a database key (StripeEvents/{id}).
  if (!keySchema.safeParse(id).success) return 'missing or unusable id';
  if (typeof type !== 'string' || type === '') return 'missing type';
  if (typeof data !== 'object' || data === null) return 'missing data';
  return null;
}
