import { onSchedule } from 'firebase-functions/v2/scheduler';
import { STUDIO_TIME_ZONE } from '@studio/core';
import { adminDatabase } from '../../admin';
import { sendClassReminders } from '../../handlers/mail/reminders';
import { JOB_OPTIONS } from '../callable';

/**
 * `classReminders`: every 15 minutes, a reminder into the mail outbox for each booking
 * of a class starting within the studio's `reminderHours`. No retry: the next run is the retry.
 */
export const classReminders = onSchedule(
  { ...JOB_OPTIONS, schedule: 'every 15 minutes', timeZone: STUDIO_TIME_ZONE },
  async () => {
    await sendClassReminders({ db: adminDatabase(), now: Date.now });
  },
);
