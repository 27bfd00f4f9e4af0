import { onCall } from 'firebase-functions/v2/https';
import { joinWaitlistInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { joinWaitlist as joinWaitlistHandler } from '../../handlers/booking/join-waitlist';
import { waitlistJoined } from '../../handlers/booking/logs';
import { CALLABLE_OPTIONS, requireAuth, runCallable } from '../callable';
import { bookingDeps } from '../deps';
import { countedCall } from '../limits';

/** `joinWaitlist`: a full class's FIFO waiting list; returns the position. */
export const joinWaitlist = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'joinWaitlist'>> =>
    runCallable('joinWaitlist', request, async () => {
      const { uid } = requireAuth(request);
      const input = parseInput(joinWaitlistInput, request.data);
      const result = await countedCall(uid, 'book', (limits) =>
        joinWaitlistHandler(bookingDeps(limits), { uid, ...input }),
      );
      waitlistJoined({ uid, classId: input.classId, position: result.position });
      return result;
    }),
);
