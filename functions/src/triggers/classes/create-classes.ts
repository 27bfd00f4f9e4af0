import { onCall } from 'firebase-functions/v2/https';
import { createClassesInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { createClasses as createClassesHandler } from '../../handlers/classes/create-classes';
import { classesCreated } from '../../handlers/classes/logs';
import { CALLABLE_OPTIONS, requireBranchAdmin, runCallable } from '../callable';
import { bookingDeps } from '../deps';
import { requireBranchInScope } from '../scope';

/** `createClasses`: admins create one class or a weekly series. */
export const createClasses = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'createClasses'>> =>
    runCallable('createClasses', request, async () => {
      const caller = requireBranchAdmin(request);
      const input = parseInput(createClassesInput, request.data);
      requireBranchInScope(caller.scope, input.branch);
      const result = await createClassesHandler(bookingDeps(), { by: caller.uid, input });
      classesCreated({ by: caller.uid, classIds: result.classIds });
      return result;
    }),
);
