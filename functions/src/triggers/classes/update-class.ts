import { onCall } from 'firebase-functions/v2/https';
import { parseInput, updateClassInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { updateClass as updateClassHandler } from '../../handlers/classes/update-class';
import { CALLABLE_OPTIONS, requireAdmin, runCallable } from '../callable';
import { bookingDeps } from '../deps';

/** `updateClass`: admins edit a scheduled class (admin-clases); every change is audited. */
export const updateClass = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'updateClass'>> =>
    runCallable('updateClass', request, async () => {
      const caller = requireAdmin(request);
      const input = parseInput(updateClassInput, request.data);
      await updateClassHandler(bookingDeps(), { by: caller.uid, input });
      return {};
    }),
);
