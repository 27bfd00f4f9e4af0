// Log events of the scheduled mail jobs (reminders, expiring credits, coaches' lists), one named
// function each, apart from the sender's (logs.ts).
import { logger } from 'firebase-functions/logger';

export interface ScheduledMailRun {
  job: string;
  /** Items looked at: bookings, members or coaches. */
  checked: number;
  /** Outbox entries this run wrote (the others existed already or were not due). */
  written: number;
  failed: number;
}

export function scheduledMailRun(fields: ScheduledMailRun): void {
  logger.info('Scheduled mail run', { event: 'scheduled_mail_run', ...fields });
}
