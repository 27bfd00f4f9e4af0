import { onCall } from 'firebase-functions/v2/https';
import { parseInput, unwatchClassInput, watchClassInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import {
  unwatchClass as unwatchHandler,
  watchClass as watchHandler,
} from '../../handlers/push/watch';
import { CALLABLE_OPTIONS, requireAuth, runCallable } from '../callable';
import { bookingDeps } from '../deps';
import { countedCall } from '../limits';

/** `watchClass {classId}`: "tell me when a spot opens" on a full class; nothing is held. */
export const watchClass = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'watchClass'>> =>
    runCallable('watchClass', request, async () => {
      const { uid } = requireAuth(request);
      const input = parseInput(watchClassInput, request.data);
      return countedCall(uid, 'watch', (limits) =>
        watchHandler(bookingDeps(limits), { uid, ...input }),
      );
    }),
);

/** `unwatchClass {classId}`: stop watching. */
export const unwatchClass = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'unwatchClass'>> =>
    runCallable('unwatchClass', request, async () => {
      const { uid } = requireAuth(request);
      const input = parseInput(unwatchClassInput, request.data);
      return countedCall(uid, 'watch', (limits) =>
        unwatchHandler(bookingDeps(limits), { uid, ...input }),
      );
    }),
);
