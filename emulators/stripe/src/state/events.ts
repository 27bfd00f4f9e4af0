import { newId, nowSeconds } from '../objects/ids';
import type { ApiObject, EventObject } from '../objects/types';
import { API_VERSION } from '../objects/types';

/** The API request behind an event; `null` ids mean Stripe acted on its own (control endpoints). */
export interface EventOrigin {
  requestId: string | null;
  idempotencyKey: string | null;
}

/**
 * The events one state change produces, in Stripe's order. Each carries a snapshot of its object
 * taken at emission, so later changes do not leak into earlier events.
 */
export class EventBatch {
  readonly events: EventObject[] = [];

  constructor(
    private readonly origin: EventOrigin,
    private readonly pendingWebhooks: number,
  ) {}

  emit(type: string, object: ApiObject, previousAttributes?: Record<string, unknown>): EventObject {
    const event: EventObject = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      data: {
        object: structuredClone(object),
        ...(previousAttributes === undefined
          ? {}
          : { previous_attributes: structuredClone(previousAttributes) }),
      },
      livemode: false,
      pending_webhooks: this.pendingWebhooks,
      request: { id: this.origin.requestId, idempotency_key: this.origin.idempotencyKey },
      type,
    };
    this.events.push(event);
    return event;
  }
}
