import { onCall } from 'firebase-functions/v2/https';
import { cancelClassInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { cancelClass as cancelClassHandler } from '../../handlers/classes/cancel-class';
import { classCancelled } from '../../handlers/classes/logs';
import { CALLABLE_OPTIONS, requireBranchAdmin, runCallable } from '../callable';
import { bookingDeps } from '../deps';
import { requireClassInScope } from '../scope';

/** `cancelClass`: admins cancel a class; everyone is refunded and told. */
export const cancelClass = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'cancelClass'>> =>
    runCallable('cancelClass', request, async () => {
      const caller = requireBranchAdmin(request);
      const input = parseInput(cancelClassInput, request.data);
      await requireClassInScope(bookingDeps(), caller.scope, input.classId);
      const result = await cancelClassHandler(bookingDeps(), { by: caller.uid, ...input });
      classCancelled({ by: caller.uid, classId: input.classId, refunded: result.refunded });
      return result;
    }),
);
