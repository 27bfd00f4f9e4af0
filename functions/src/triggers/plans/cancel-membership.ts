import { onCall } from 'firebase-functions/v2/https';
import { cancelMembershipInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adminDatabase } from '../../admin';
import { cancelMembership as handler } from '../../handlers/plans/plan-changes';
import { CALLABLE_OPTIONS, requireAuth, runCallable } from '../callable';
import { countedCall } from '../limits';
import { STRIPE_SECRET_KEY, stripeClient } from '../payments/config';

/** `cancelMembership`: the member cancels their plan online. */
export const cancelMembership = onCall(
  { ...CALLABLE_OPTIONS, secrets: [STRIPE_SECRET_KEY] },
  (request): Promise<CallableResult<'cancelMembership'>> =>
    runCallable('cancelMembership', request, async () => {
      const { uid } = requireAuth(request);
      const input = parseInput(cancelMembershipInput, request.data);
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
