import { onCall } from 'firebase-functions/v2/https';
import { adjustCreditsInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adjustCredits as adjustCreditsHandler } from '../../handlers/credits/adjust-credits';
import { creditsAdjusted } from '../../handlers/credits/logs';
import { CALLABLE_OPTIONS, requireAdmin, runCallable } from '../callable';
import { bookingDeps } from '../deps';

/** `adjustCredits`: admins add or remove a member's credits, with a reason. */
export const adjustCredits = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'adjustCredits'>> =>
    runCallable('adjustCredits', request, async () => {
      const caller = requireAdmin(request);
      const input = parseInput(adjustCreditsInput, request.data);
      const { adjustId, balance } = await adjustCreditsHandler(bookingDeps(), {
        by: caller.uid,
        ...input,
      });
      creditsAdjusted({ by: caller.uid, ...input, balance, adjustId });
      return { balance };
    }),
);
