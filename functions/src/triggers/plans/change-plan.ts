import { onCall } from 'firebase-functions/v2/https';
import { changePlanInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adminDatabase } from '../../admin';
import { changePlan as handler } from '../../handlers/plans/plan-changes';
import { CALLABLE_OPTIONS, requireAuth, runCallable } from '../callable';
import { countedCall } from '../limits';
import { STRIPE_SECRET_KEY, stripeClient } from '../payments/config';

/** `changePlan {planId}`: an upgrade now, a downgrade at the period's end. */
export const changePlan = onCall(
  { ...CALLABLE_OPTIONS, secrets: [STRIPE_SECRET_KEY] },
  (request): Promise<CallableResult<'changePlan'>> =>
    runCallable('changePlan', request, async () => {
      const { uid } = requireAuth(request);
      const input = parseInput(changePlanInput, request.data);
      return countedCall(uid, 'plan', (limits) =>
        handler(
          { db: adminDatabase(), stripe: stripeClient(), now: Date.now, limits },
          {
            ...input,
            uid,
          },
        ),
      );
    }),
);
