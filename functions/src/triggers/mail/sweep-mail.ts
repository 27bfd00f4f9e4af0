import { onSchedule } from 'firebase-functions/v2/scheduler';
import { STUDIO_TIME_ZONE } from '@studio/core';
import { sweepOutbox } from '../../handlers/mail/sweep-outbox';
import { MAIL_UNSUBSCRIBE_SECRET, SMTP_PASSWORD } from '../../mail';
import { JOB_OPTIONS } from '../callable';
import { mailDeps } from './deps';

/**
 * The outbox sweep (docs/architecture/background-jobs.md#mail-outbox), every 5 minutes: due
 * retries, entries the trigger missed, senders that died, and entries older than 90 days. The
 * local stack runs the same handler every few seconds (scripts/lib/stack.ts).
 */
export const sweepMail = onSchedule(
  {
    ...JOB_OPTIONS,
    schedule: 'every 5 minutes',
    timeZone: STUDIO_TIME_ZONE,
    secrets: [SMTP_PASSWORD, MAIL_UNSUBSCRIBE_SECRET],
  },
  async () => {
    await sweepOutbox(mailDeps());
  },
);
