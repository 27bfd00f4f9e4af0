import { onCall } from 'firebase-functions/v2/https';
import { parseInput, updateClassInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { updateClass as updateClassHandler } from '../../handlers/classes/update-class';
import { CALLABLE_OPTIONS, requireBranchAdmin, runCallable } from '../callable';
import { bookingDeps } from '../deps';
import { requireClassInScope } from '../scope';

/** `updateClass`: admins edit a scheduled class (admin-clases); every change is audited. */
export const updateClass = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'updateClass'>> =>
    runCallable('updateClass', request, async () => {
      const caller = requireBranchAdmin(request);
      const input = parseInput(updateClassInput, request.data);
      await requireClassInScope(bookingDeps(), caller.scope, input.classId);
      await updateClassHandler(bookingDeps(), { by: caller.uid, input });
      return {};
    }),
);
