import { onCall } from 'firebase-functions/v2/https';
import { savePlanInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adminDatabase } from '../../admin';
import { savePlan as handler } from '../../handlers/plans/save-plan';
import { CALLABLE_OPTIONS, requireAdmin, runCallable } from '../callable';
import { STRIPE_SECRET_KEY, stripeClient } from '../payments/config';

/** `savePlan` (admins): the plan catalogue, audited. */
export const savePlan = onCall(
  { ...CALLABLE_OPTIONS, secrets: [STRIPE_SECRET_KEY] },
  (request): Promise<CallableResult<'savePlan'>> =>
    runCallable('savePlan', request, async () => {
      const caller = requireAdmin(request);
      const input = parseInput(savePlanInput, request.data);
      return handler(
        { db: adminDatabase(), stripe: stripeClient(), now: Date.now },
        { ...input, by: caller.uid },
      );
    }),
);
