import { onCall } from 'firebase-functions/v2/https';
import { leaveWaitlistInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { leaveWaitlist as leaveWaitlistHandler } from '../../handlers/booking/leave-waitlist';
import { waitlistLeft } from '../../handlers/booking/logs';
import { CALLABLE_OPTIONS, requireAuth, runCallable } from '../callable';
import { bookingDeps } from '../deps';
import { countedCall } from '../limits';

/** `leaveWaitlist`. */
export const leaveWaitlist = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'leaveWaitlist'>> =>
    runCallable('leaveWaitlist', request, async () => {
      const { uid } = requireAuth(request);
      const input = parseInput(leaveWaitlistInput, request.data);
      const result = await countedCall(uid, 'cancel', (limits) =>
        leaveWaitlistHandler(bookingDeps(limits), { uid, ...input }),
      );
      waitlistLeft({ uid, classId: input.classId });
      return result;
    }),
);
