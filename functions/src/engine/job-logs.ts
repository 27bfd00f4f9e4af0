// One named function per log event of the scheduled jobs' shared machinery.
import { logger } from 'firebase-functions/logger';

/** One item of a job (a member, a subscription, a class) failed; the job went on without it. */
export function jobItemFailed(fields: { job: string; target: string; error: unknown }): void {
  const { error, ...rest } = fields;
  logger.error('Job item failed', {
    event: 'job_item_failed',
    ...rest,
    error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
  });
}
