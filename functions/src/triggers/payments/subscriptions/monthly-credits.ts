import { onSchedule } from 'firebase-functions/v2/scheduler';
import { STUDIO_TIME_ZONE } from '@studio/core';
import { adminDatabase } from '../../../admin';
import { monthlyCredits as monthlyCreditsHandler } from '../../../handlers/payments/subscriptions/monthly-credits';
import { JOB_OPTIONS } from '../../callable';
import { STRIPE_SECRET_KEY, stripeClient } from '../config';

/**
 * `monthlyCredits`: on the 1st of each month in the studio's zone, repairs any
 * subscription period whose `invoice.paid` was lost, mirrors Stripe's statuses and expires old
 * credits. Items that failed were logged one by one; the run then fails so Cloud Scheduler
 * retries it (`retryCount`), and a retry only redoes what is not done (granted periods are
 * skipped without a Stripe call). Locally (no Pub/Sub in the emulator) the same handler runs
 * through `npm run job:monthly`.
 */
export const monthlyCredits = onSchedule(
  {
    ...JOB_OPTIONS,
    schedule: '0 0 1 * *',
    timeZone: STUDIO_TIME_ZONE,
    secrets: [STRIPE_SECRET_KEY],
    retryCount: 3,
  },
  async () => {
    const result = await monthlyCreditsHandler({
      db: adminDatabase(),
      stripe: stripeClient(),
      now: Date.now,
    });
    if (result.failed > 0) throw new Error(`monthlyCredits: ${result.failed} items failed`);
  },
);
