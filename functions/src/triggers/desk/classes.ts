import { onCall } from 'firebase-functions/v2/https';
import {
  assignSubstituteInput,
  coachPayReportInput,
  parseInput,
  saveCoachPayRateInput,
} from '@studio/core';
import type { CallableResult } from '@studio/core';
import { adminDatabase } from '../../admin';
import {
  coachPayReport as coachPayReportHandler,
  saveCoachPayRate as saveCoachPayRateHandler,
} from '../../handlers/desk/coach-pay';
import { coachPayRateSaved, substituteAssigned } from '../../handlers/desk/logs';
import { assignSubstitute as assignSubstituteHandler } from '../../handlers/desk/substitutes';
import { CALLABLE_OPTIONS, requireAdmin, runCallable } from '../callable';
import { bookingDeps, requireDesk } from '../deps';
import { requireClassInScope } from '../scope';

/** `assignSubstitute` (the front desk, admins): another coach takes a class, or its own again. */
export const assignSubstitute = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'assignSubstitute'>> =>
    runCallable('assignSubstitute', request, async () => {
      const caller = requireDesk(request);
      const input = parseInput(assignSubstituteInput, request.data);
      await requireClassInScope(bookingDeps(), caller.scope, input.classId);
      const result = await assignSubstituteHandler(bookingDeps(), { ...input, by: caller.uid });
      substituteAssigned({ by: caller.uid, ...input, notified: result.notified });
      return result;
    }),
);

/** `saveCoachPayRate` (admins): a coach's pay rate for a class type from a date on. */
export const saveCoachPayRate = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'saveCoachPayRate'>> =>
    runCallable('saveCoachPayRate', request, async () => {
      const caller = requireAdmin(request);
      const input = parseInput(saveCoachPayRateInput, request.data);
      const result = await saveCoachPayRateHandler(
        { db: adminDatabase(), now: Date.now },
        { ...input, by: caller.uid },
      );
      coachPayRateSaved({ by: caller.uid, coachId: input.coachId, rateId: result.rateId });
      return result;
    }),
);

/** `coachPayReport` (admins): what each coach earned in a pay period. */
export const coachPayReport = onCall(
  { ...CALLABLE_OPTIONS, timeoutSeconds: 120 },
  (request): Promise<CallableResult<'coachPayReport'>> =>
    runCallable('coachPayReport', request, async () => {
      requireAdmin(request);
      const input = parseInput(coachPayReportInput, request.data);
      return coachPayReportHandler({ db: adminDatabase(), now: Date.now }, input);
    }),
);
