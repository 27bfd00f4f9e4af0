import { onSchedule } from 'firebase-functions/v2/scheduler';
import { STUDIO_TIME_ZONE } from '@studio/core';
import { adminDatabase } from '../../admin';
import { runPlanJobs as handler } from '../../handlers/plans/plan-jobs';
import { JOB_OPTIONS } from '../callable';
import { STRIPE_SECRET_KEY, stripeClient } from '../payments/config';

/**
 * `runPlanJobs` (docs/architecture/plans.md): every 15 minutes, freezes start and
 * end their billing pause, gift and cash plans end, yearly renewal reminders go, price changes
 * apply, plan fees are charged. Locally the same handler runs through `npm run job:plans`.
 */
export const runPlanJobs = onSchedule(
  {
    ...JOB_OPTIONS,
    schedule: 'every 15 minutes',
    timeZone: STUDIO_TIME_ZONE,
    secrets: [STRIPE_SECRET_KEY],
    retryCount: 3,
  },
  async () => {
    await handler({ db: adminDatabase(), stripe: stripeClient(), now: Date.now });
  },
);
