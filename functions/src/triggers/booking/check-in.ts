import { onCall } from 'firebase-functions/v2/https';
import { checkInInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { checkIn as checkInHandler } from '../../handlers/booking/check-in';
import { attendanceMarked } from '../../handlers/booking/logs';
import { CALLABLE_OPTIONS, runCallable } from '../callable';
import { bookingDeps, requireAttendanceTaker } from '../deps';

/** `checkIn` (checador): coaches for their own classes (or those they substitute), admins and the front desk for all. */
export const checkIn = onCall(CALLABLE_OPTIONS, (request): Promise<CallableResult<'checkIn'>> =>
  runCallable('checkIn', request, async () => {
    const caller = requireAttendanceTaker(request);
    const input = parseInput(checkInInput, request.data);
    const result = await checkInHandler(bookingDeps(), {
      by: caller.uid,
      role: caller.role,
      scope: caller.scope,
      ...input,
    });
    attendanceMarked({ by: caller.uid, ...input });
    return result;
  }),
);
