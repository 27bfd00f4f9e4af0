import { onCall } from 'firebase-functions/v2/https';
import { parseInput, sumPaymentsInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adminDatabase } from '../../../admin';
import { paymentsSummed } from '../../../handlers/payments/logs';
import { sumPayments as sumPaymentsHandler } from '../../../handlers/payments/reports/sum-payments';
import { CALLABLE_OPTIONS, requireBranchAdmin, runCallable } from '../../callable';
import { requireBranchInScope } from '../../scope';

/** `sumPayments`: lista-pagos' totals for a date range, added up on the server. */
export const sumPayments = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'sumPayments'>> =>
    runCallable('sumPayments', request, async () => {
      const caller = requireBranchAdmin(request);
      const input = parseInput(sumPaymentsInput, request.data);
      // A branch manager sums their branch's payments only (the list they may read).
      if (caller.scope !== null) requireBranchInScope(caller.scope, input.branch ?? '');
      const { totals, unreadable } = await sumPaymentsHandler({ db: adminDatabase() }, input);
      paymentsSummed({ by: caller.uid, from: input.from, to: input.to, unreadable });
      return { totals };
    }),
);
