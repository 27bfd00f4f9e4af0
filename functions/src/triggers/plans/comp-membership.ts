import { onCall } from 'firebase-functions/v2/https';
import { compMembershipInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adminDatabase } from '../../admin';
import { compMembership as handler } from '../../handlers/plans/plan-changes';
import { CALLABLE_OPTIONS, requireAdmin, runCallable } from '../callable';
import { STRIPE_SECRET_KEY, stripeClient } from '../payments/config';

/** `compMembership` (admins): a plan given free until a date, audited. */
export const compMembership = onCall(
  { ...CALLABLE_OPTIONS, secrets: [STRIPE_SECRET_KEY] },
  (request): Promise<CallableResult<'compMembership'>> =>
    runCallable('compMembership', request, async () => {
      const caller = requireAdmin(request);
      const input = parseInput(compMembershipInput, request.data);
      return handler(
        { db: adminDatabase(), stripe: stripeClient(), now: Date.now },
        { ...input, by: caller.uid },
      );
    }),
);
