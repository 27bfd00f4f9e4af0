import { onSchedule } from 'firebase-functions/v2/scheduler';
import { STUDIO_TIME_ZONE } from '@studio/core';
import { adminDatabase } from '../../admin';
import { sendExpiringCredits } from '../../handlers/mail/expiring-credits';
import { JOB_OPTIONS } from '../callable';

/**
 * `expiringCredits`: each morning at 09:00 in the studio's zone, a mail into the outbox
 * for each member whose credits expire within 7 days. Failed members were logged one by one; the
 * run then fails so Cloud Scheduler retries it, and a retry writes only what is missing.
 */
export const expiringCredits = onSchedule(
  { ...JOB_OPTIONS, schedule: '0 9 * * *', timeZone: STUDIO_TIME_ZONE, retryCount: 3 },
  async () => {
    const result = await sendExpiringCredits({ db: adminDatabase(), now: Date.now });
    if (result.failed > 0) throw new Error(`expiringCredits: ${result.failed} members failed`);
  },
);
