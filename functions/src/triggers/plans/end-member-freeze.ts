import { onCall } from 'firebase-functions/v2/https';
import { endMemberFreezeInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adminDatabase } from '../../admin';
import { endMemberFreeze as handler } from '../../handlers/plans/freezes';
import { CALLABLE_OPTIONS, requireAdmin, runCallable } from '../callable';
import { STRIPE_SECRET_KEY, stripeClient } from '../payments/config';

/** `endMemberFreeze` (admins): one member's freeze ended, audited. */
export const endMemberFreeze = onCall(
  { ...CALLABLE_OPTIONS, secrets: [STRIPE_SECRET_KEY] },
  (request): Promise<CallableResult<'endMemberFreeze'>> =>
    runCallable('endMemberFreeze', request, async () => {
      const caller = requireAdmin(request);
      const input = parseInput(endMemberFreezeInput, request.data);
      return handler(
        { db: adminDatabase(), stripe: stripeClient(), now: Date.now },
        { ...input, by: caller.uid },
      );
    }),
);
