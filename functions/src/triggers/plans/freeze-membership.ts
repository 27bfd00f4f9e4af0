import { onCall } from 'firebase-functions/v2/https';
import { freezeMembershipInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adminDatabase } from '../../admin';
import { freezeMembership as handler } from '../../handlers/plans/freezes';
import { CALLABLE_OPTIONS, requireAuth, runCallable } from '../callable';
import { countedCall } from '../limits';
import { STRIPE_SECRET_KEY, stripeClient } from '../payments/config';

/** `freezeMembership {days | until}`: the member pauses their own plan. */
export const freezeMembership = onCall(
  { ...CALLABLE_OPTIONS, secrets: [STRIPE_SECRET_KEY] },
  (request): Promise<CallableResult<'freezeMembership'>> =>
    runCallable('freezeMembership', request, async () => {
      const { uid } = requireAuth(request);
      const input = parseInput(freezeMembershipInput, request.data);
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
