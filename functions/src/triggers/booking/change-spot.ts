import { onCall } from 'firebase-functions/v2/https';
import { changeSpotInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { changeSpot as changeSpotHandler } from '../../handlers/booking/change-spot';
import { spotChanged } from '../../handlers/booking/logs';
import { CALLABLE_OPTIONS, requireAuth, runCallable } from '../callable';
import { bookingDeps } from '../deps';
import { countedCall } from '../limits';

/** `changeSpot`: a booked member moves to another free spot; no credit moves. */
export const changeSpot = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'changeSpot'>> =>
    runCallable('changeSpot', request, async () => {
      const { uid } = requireAuth(request);
      const input = parseInput(changeSpotInput, request.data);
      const result = await countedCall(uid, 'book', (limits) =>
        changeSpotHandler(bookingDeps(limits), { uid, ...input }),
      );
      spotChanged({ uid, ...result });
      return result;
    }),
);
