import { onSchedule } from 'firebase-functions/v2/scheduler';
import { STUDIO_TIME_ZONE } from '@studio/core';
import { bookingsReconciled } from '../../handlers/booking/logs';
import { reconcileBookings as reconcileHandler } from '../../handlers/booking/reconcile';
import { JOB_OPTIONS } from '../callable';
import { jobDeps } from '../deps';

/**
 * The booking reconciler and credit expiry (docs/architecture/background-jobs.md#reconciler), every
 * 10 minutes in the studio's time zone. The Functions emulator does not fire schedules; locally the
 * same handler runs with `npm run job:reconcile`.
 */
export const reconcileBookings = onSchedule(
  { ...JOB_OPTIONS, schedule: 'every 10 minutes', timeZone: STUDIO_TIME_ZONE },
  async () => {
    const report = await reconcileHandler(jobDeps());
    bookingsReconciled({ ...report });
  },
);
