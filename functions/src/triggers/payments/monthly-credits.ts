import { onSchedule } from 'firebase-functions/v2/scheduler';
import { STUDIO_TIME_ZONE } from '@studio/core';
import { adminDatabase } from '../../admin';
import { monthlyCredits as monthlyCreditsHandler } from '../../handlers/payments/monthly-credits';
import { REGION } from '../callable';
import { STRIPE_SECRET_KEY, stripeClient } from './config';

/**
 * `monthlyCredits` (design §5, §8): on the 1st of each month in the studio's zone, repairs any
 * subscription period whose `invoice.paid` was lost and expires old credits. Locally (no Pub/Sub
 * in the emulator) the same handler runs through `npm run job:monthly`.
 */
export const monthlyCredits = onSchedule(
  {
    schedule: '0 0 1 * *',
    timeZone: STUDIO_TIME_ZONE,
    region: REGION,
    secrets: [STRIPE_SECRET_KEY],
    retryCount: 3,
  },
  async () => {
    await monthlyCreditsHandler({ db: adminDatabase(), stripe: stripeClient(), now: Date.now });
  },
);
