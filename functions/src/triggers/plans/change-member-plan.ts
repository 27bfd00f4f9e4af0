import { onCall } from 'firebase-functions/v2/https';
import { changeMemberPlanInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adminDatabase } from '../../admin';
import { changeMemberPlan as handler } from '../../handlers/plans/plan-changes';
import { CALLABLE_OPTIONS, requireAdmin, runCallable } from '../callable';
import { STRIPE_SECRET_KEY, stripeClient } from '../payments/config';

/** `changeMemberPlan` (admins): a member moved to another plan, audited. */
export const changeMemberPlan = onCall(
  { ...CALLABLE_OPTIONS, secrets: [STRIPE_SECRET_KEY] },
  (request): Promise<CallableResult<'changeMemberPlan'>> =>
    runCallable('changeMemberPlan', request, async () => {
      const caller = requireAdmin(request);
      const input = parseInput(changeMemberPlanInput, request.data);
      return handler(
        { db: adminDatabase(), stripe: stripeClient(), now: Date.now },
        { ...input, by: caller.uid },
      );
    }),
);
