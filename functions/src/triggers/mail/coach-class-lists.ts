import { onSchedule } from 'firebase-functions/v2/scheduler';
import { STUDIO_TIME_ZONE } from '@studio/core';
import { adminDatabase } from '../../admin';
import { sendCoachClassLists } from '../../handlers/mail/coach-lists';
import { JOB_OPTIONS } from '../callable';

/**
 * `coachClassLists`: each evening at 19:00 in the studio's zone, every coach's list of
 * tomorrow's classes into the mail outbox. A failed coach fails the run, so Cloud Scheduler
 * retries it; the retry writes only the lists still missing.
 */
export const coachClassLists = onSchedule(
  { ...JOB_OPTIONS, schedule: '0 19 * * *', timeZone: STUDIO_TIME_ZONE, retryCount: 3 },
  async () => {
    const result = await sendCoachClassLists({ db: adminDatabase(), now: Date.now });
    if (result.failed > 0) throw new Error(`coachClassLists: ${result.failed} coaches failed`);
  },
);
