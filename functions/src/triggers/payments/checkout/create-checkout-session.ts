import { onCall } from 'firebase-functions/v2/https';
import { createCheckoutSessionInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adminDatabase } from '../../../admin';
import { createCheckoutSession as createCheckoutSessionHandler } from '../../../handlers/payments/checkout/create-checkout-session';
import { CALLABLE_OPTIONS, requireAuth, runCallable } from '../../callable';
import { countedCall } from '../../limits';
import { STRIPE_SECRET_KEY, appOrigins, stripeClient } from '../config';

/** `createCheckoutSession`: returns the hosted checkout's URL. */
export const createCheckoutSession = onCall(
  { ...CALLABLE_OPTIONS, secrets: [STRIPE_SECRET_KEY] },
  (request): Promise<CallableResult<'createCheckoutSession'>> =>
    runCallable('createCheckoutSession', request, async () => {
      const { uid, token } = requireAuth(request);
      const input = parseInput(createCheckoutSessionInput, request.data);
      return countedCall(uid, 'checkout', (limits) =>
        createCheckoutSessionHandler(
          { db: adminDatabase(), stripe: stripeClient(), now: Date.now, limits },
          { ...input, uid, email: typeof token.email === 'string' ? token.email : undefined },
          { appOrigins: appOrigins() },
        ),
      );
    }),
);
