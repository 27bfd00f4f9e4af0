import Stripe from 'stripe';
import type { PaymentDeps } from './deps';
import { stripeEventFailed, stripeSignatureRejected } from './logs';
import { processStripeEvent } from './process-stripe-event';

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
 * The webhook's HTTP contract: 400 for a missing, wrong or stale signature (nothing written),
 * 500 for a transient failure so Stripe retries, 200 for everything processed, replayed or
 * ignored.
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
    if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
    stripeSignatureRejected({ reason: error.message });
    return { status: 400, body: { error: 'invalid signature' } };
  }
  try {
    const result = await processStripeEvent(deps, event);
    return { status: 200, body: { received: true, ...result } };
  } catch (error) {
    stripeEventFailed({ eventId: event.id, type: event.type, error });
    return { status: 500, body: { error: 'processing failed; retry' } };
  }
}
