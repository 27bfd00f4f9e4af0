import { onCall } from 'firebase-functions/v2/https';
import { freezeMemberPlanInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adminDatabase } from '../../admin';
import { freezeMemberPlan as handler } from '../../handlers/plans/freezes';
import { CALLABLE_OPTIONS, requireAdmin, runCallable } from '../callable';
import { STRIPE_SECRET_KEY, stripeClient } from '../payments/config';

/** `freezeMemberPlan` (admins): one member's plan frozen, audited. */
export const freezeMemberPlan = onCall(
  { ...CALLABLE_OPTIONS, secrets: [STRIPE_SECRET_KEY] },
  (request): Promise<CallableResult<'freezeMemberPlan'>> =>
    runCallable('freezeMemberPlan', request, async () => {
      const caller = requireAdmin(request);
      const input = parseInput(freezeMemberPlanInput, request.data);
      return handler(
        { db: adminDatabase(), stripe: stripeClient(), now: Date.now },
        { ...input, by: caller.uid },
      );
    }),
);
