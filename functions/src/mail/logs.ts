// The mail library's log events, one named function each, with a stable
// `event` field for Cloud Logging queries.
import { logger } from 'firebase-functions/logger';

function describe(error: unknown): { name: string; message: string } | string {
  return error instanceof Error ? { name: error.name, message: error.message } : String(error);
}

/**
 * The outbox entry of a committed event could not be written. The event's step is re-run (the
 * reconciler, Stripe's redelivery), which writes it then; the business action stands.
 */
export function mailEnqueueFailed(fields: { id: string; kind: string; error: unknown }): void {
  const { error, ...rest } = fields;
  logger.error('Mail enqueue failed', {
    event: 'mail_enqueue_failed',
    ...rest,
    error: describe(error),
  });
}
