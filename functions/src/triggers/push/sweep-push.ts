import { onSchedule } from 'firebase-functions/v2/scheduler';
import { STUDIO_TIME_ZONE } from '@studio/core';
import { sweepPush as sweepPushHandler } from '../../handlers/push/sweep-push';
import { JOB_OPTIONS } from '../callable';
import { VAPID_PRIVATE_KEY } from './config';
import { pushDeps } from './deps';

/**
 * The push sweep (docs/architecture/push.md), every minute: due retries, held pushes whose quiet
 * hours ended, entries the trigger missed, the next wave of watchers, the end of watching at
 * class start. The local stack runs the same handler every second (scripts/lib/stack.ts).
 */
export const sweepPush = onSchedule(
  {
    ...JOB_OPTIONS,
    schedule: 'every 1 minutes',
    timeZone: STUDIO_TIME_ZONE,
    secrets: [VAPID_PRIVATE_KEY],
  },
  async () => {
    await sweepPushHandler(pushDeps());
  },
);
