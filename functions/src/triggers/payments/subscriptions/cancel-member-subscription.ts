import { onCall } from 'firebase-functions/v2/https';
import { cancelMemberSubscriptionInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adminDatabase } from '../../../admin';
import { cancelMemberSubscription as cancelMemberSubscriptionHandler } from '../../../handlers/payments/subscriptions/cancel-member-subscription';
import { CALLABLE_OPTIONS, requireAdmin, runCallable } from '../../callable';
import { STRIPE_SECRET_KEY, stripeClient } from '../config';

/** `cancelMemberSubscription`: an admin cancels a member's plan, audited. */
export const cancelMemberSubscription = onCall(
  { ...CALLABLE_OPTIONS, secrets: [STRIPE_SECRET_KEY] },
  (request): Promise<CallableResult<'cancelMemberSubscription'>> =>
    runCallable('cancelMemberSubscription', request, async () => {
      const caller = requireAdmin(request);
      const input = parseInput(cancelMemberSubscriptionInput, request.data);
      return cancelMemberSubscriptionHandler(
        { db: adminDatabase(), stripe: stripeClient(), now: Date.now },
        { ...input, by: caller.uid },
      );
    }),
);
