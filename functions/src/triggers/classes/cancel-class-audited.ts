import { onCall } from 'firebase-functions/v2/https';
import { cancelClassInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { cancelClassAudited as cancelClassAuditedHandler } from '../../handlers/classes/cancel-class-audited';
import { classCancelled } from '../../handlers/booking/logs';
import { CALLABLE_OPTIONS, requireAdmin, runCallable } from '../callable';
import { bookingDeps } from '../booking/shared';

/** `cancelClassAudited`: `cancelClass` plus its audit entry, for admin-clases (decision 072). */
export const cancelClassAudited = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'cancelClass'>> =>
    runCallable('cancelClassAudited', request, async () => {
      const caller = requireAdmin(request);
      const input = parseInput(cancelClassInput, request.data);
      const result = await cancelClassAuditedHandler(bookingDeps(), { by: caller.uid, ...input });
      classCancelled({ by: caller.uid, classId: input.classId, refunded: result.refunded });
      return result;
    }),
);
