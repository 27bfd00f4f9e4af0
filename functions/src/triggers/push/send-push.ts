import { onValueCreated } from 'firebase-functions/v2/database';
import { ROOTS } from '@studio/core';
import { sendPushEntry } from '../../handlers/push/send-push-entry';
import { MAX_INSTANCES, REGION } from '../callable';
import { VAPID_PRIVATE_KEY } from './config';
import { pushDeps } from './deps';

/**
 * Sends a push as soon as its `PushOutbox/{id}` entry is written. The outcome is recorded on the
 * entry (retrying, held, dropped…), so the trigger itself never retries; the sweep sends what
 * this missed.
 */
export const sendPush = onValueCreated(
  {
    ref: `${ROOTS.pushOutbox}/{id}`,
    region: REGION,
    maxInstances: MAX_INSTANCES.push,
    secrets: [VAPID_PRIVATE_KEY],
  },
  async (event) => {
    await sendPushEntry(pushDeps(), event.params.id);
  },
);
