// The push library's log events.
import { logger } from 'firebase-functions/logger';

/** An entry the database did not take: the event's step runs again and writes it then. */
export function pushEnqueueFailed(fields: {
  pushEvent: string;
  kind: string;
  error: unknown;
}): void {
  const { error, ...rest } = fields;
  logger.error('Push enqueue failed', {
    event: 'push_enqueue_failed',
    ...rest,
    error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
  });
}
