import { onCall } from 'firebase-functions/v2/https';
import { createPortalSessionInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adminDatabase } from '../../../admin';
import { createPortalSession as createPortalSessionHandler } from '../../../handlers/payments/subscriptions/create-portal-session';
import { CALLABLE_OPTIONS, requireAuth, runCallable } from '../../callable';
import { countedCall } from '../../limits';
import { STRIPE_SECRET_KEY, appOrigins, stripeClient } from '../config';

/** `createPortalSession`: returns the URL of Stripe's customer portal for the member. */
export const createPortalSession = onCall(
  { ...CALLABLE_OPTIONS, secrets: [STRIPE_SECRET_KEY] },
  (request): Promise<CallableResult<'createPortalSession'>> =>
    runCallable('createPortalSession', request, async () => {
      const { uid } = requireAuth(request);
      const input = parseInput(createPortalSessionInput, request.data);
      return countedCall(uid, 'checkout', (limits) =>
        createPortalSessionHandler(
          { db: adminDatabase(), stripe: stripeClient(), now: Date.now, limits },
          { ...input, uid },
          { appOrigins: appOrigins() },
        ),
      );
    }),
);
