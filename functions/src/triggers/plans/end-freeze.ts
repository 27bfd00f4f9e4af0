import { onCall } from 'firebase-functions/v2/https';
import { endFreezeInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adminDatabase } from '../../admin';
import { endFreeze as handler } from '../../handlers/plans/freezes';
import { CALLABLE_OPTIONS, requireAuth, runCallable } from '../callable';
import { countedCall } from '../limits';
import { STRIPE_SECRET_KEY, stripeClient } from '../payments/config';

/** `endFreeze {}`: the member ends their freeze now. */
export const endFreeze = onCall(
  { ...CALLABLE_OPTIONS, secrets: [STRIPE_SECRET_KEY] },
  (request): Promise<CallableResult<'endFreeze'>> =>
    runCallable('endFreeze', request, async () => {
      const { uid } = requireAuth(request);
      const input = parseInput(endFreezeInput, request.data);
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
