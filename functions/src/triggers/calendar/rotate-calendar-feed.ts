import { onCall } from 'firebase-functions/v2/https';
import { parseInput, rotateCalendarFeedInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adminDatabase } from '../../admin';
import { calendarFeedRotated } from '../../handlers/calendar/logs';
import { rotateCalendarFeed as rotateCalendarFeedHandler } from '../../handlers/calendar/rotate-calendar-feed';
import { CALLABLE_OPTIONS, requireAuth, runCallable } from '../callable';
import { countedCall } from '../limits';

/**
 * `rotateCalendarFeed`: the signed-in member gets a new secret calendar-feed URL (the
 * old one stops working), or revokes it (`{revoke: true}`).
 */
export const rotateCalendarFeed = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'rotateCalendarFeed'>> =>
    runCallable('rotateCalendarFeed', request, async () => {
      const caller = requireAuth(request);
      const input = parseInput(rotateCalendarFeedInput, request.data);
      const revoke = input.revoke === true;
      const result = await countedCall(caller.uid, 'feed', (limits) =>
        rotateCalendarFeedHandler({ db: adminDatabase(), now: Date.now, limits }, caller.uid, {
          revoke,
        }),
      );
      calendarFeedRotated({ uid: caller.uid, revoked: revoke });
      return result;
    }),
);
