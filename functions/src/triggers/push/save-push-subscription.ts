import { onCall } from 'firebase-functions/v2/https';
import { parseInput, savePushSubscriptionInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adminDatabase } from '../../admin';
import { savePushSubscription as saveHandler } from '../../handlers/push/devices';
import { CALLABLE_OPTIONS, requireAuth, runCallable } from '../callable';
import { countedCall } from '../limits';
import { localPushOrigins } from './config';

function userAgentOf(header: string | string[] | undefined): string | undefined {
  return Array.isArray(header) ? header[0] : header;
}

/** `savePushSubscription {endpoint, keys: {p256dh, auth}}`: this device gets the member's pushes. */
export const savePushSubscription = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'savePushSubscription'>> =>
    runCallable('savePushSubscription', request, async () => {
      const { uid } = requireAuth(request);
      const input = parseInput(savePushSubscriptionInput, request.data);
      return countedCall(uid, 'push', (limits) =>
        saveHandler(
          {
            db: adminDatabase(),
            now: Date.now,
            limits,
            localOrigins: localPushOrigins(),
          },
          { ...input, uid, userAgent: userAgentOf(request.rawRequest.headers['user-agent']) },
        ),
      );
    }),
);
