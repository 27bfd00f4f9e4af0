import { onCall } from 'firebase-functions/v2/https';
import { parseInput, removePushSubscriptionInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adminDatabase } from '../../admin';
import { removePushSubscription as removeHandler } from '../../handlers/push/devices';
import { CALLABLE_OPTIONS, requireAuth, runCallable } from '../callable';
import { countedCall } from '../limits';
import { localPushOrigins } from './config';

/** `removePushSubscription {endpoint}`: the device stops getting the member's pushes (sign-out). */
export const removePushSubscription = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'removePushSubscription'>> =>
    runCallable('removePushSubscription', request, async () => {
      const { uid } = requireAuth(request);
      const input = parseInput(removePushSubscriptionInput, request.data);
      return countedCall(uid, 'push', (limits) =>
        removeHandler(
          {
            db: adminDatabase(),
            now: Date.now,
            limits,
            localOrigins: localPushOrigins(),
          },
          { ...input, uid },
        ),
      );
    }),
);
