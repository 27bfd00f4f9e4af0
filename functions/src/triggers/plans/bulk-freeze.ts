import { onCall } from 'firebase-functions/v2/https';
import { bulkFreezeInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adminDatabase } from '../../admin';
import { bulkFreeze as handler } from '../../handlers/plans/freezes';
import { CALLABLE_OPTIONS, requireAdmin, runCallable } from '../callable';
import { STRIPE_SECRET_KEY, stripeClient } from '../payments/config';

/** `bulkFreeze` (admins): every plan (or one branch's) frozen for a date range, audited, members mailed. */
export const bulkFreeze = onCall(
  { ...CALLABLE_OPTIONS, secrets: [STRIPE_SECRET_KEY] },
  (request): Promise<CallableResult<'bulkFreeze'>> =>
    runCallable('bulkFreeze', request, async () => {
      const caller = requireAdmin(request);
      const input = parseInput(bulkFreezeInput, request.data);
      return handler(
        { db: adminDatabase(), stripe: stripeClient(), now: Date.now },
        { ...input, by: caller.uid },
      );
    }),
);
