import { onCall } from 'firebase-functions/v2/https';
import { parseInput, stampServerTimeInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adminDatabase } from '../../admin';
import { stampServerTime as stampServerTimeHandler } from '../../handlers/users/stamp-server-time';
import { serverTimeStamped } from '../../logs';
import { CALLABLE_OPTIONS, clientIp, requireAuth, runCallable } from '../callable';
import { memberLimits } from '../limits';

/** `stampServerTime`: any signed-in user; returns the database's clock. */
export const stampServerTime = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'stampServerTime'>> =>
    runCallable('stampServerTime', request, async () => {
      const { uid } = requireAuth(request);
      // The web SDK sends `null` when the app calls without an argument.
      parseInput(stampServerTimeInput, request.data ?? {});
      const ip = clientIp(request.rawRequest);
      const result = await stampServerTimeHandler(
        { db: adminDatabase(), limits: memberLimits() },
        { uid, ip },
      );
      serverTimeStamped({ uid, ts: result.Ts, ip });
      return result;
    }),
);
