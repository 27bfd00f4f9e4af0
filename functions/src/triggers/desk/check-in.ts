import { onCall } from 'firebase-functions/v2/https';
import { checkInByNameInput, checkInByPassInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import {
  checkInByName as checkInByNameHandler,
  checkInByPass as checkInByPassHandler,
} from '../../handlers/desk/check-in-member';
import { memberCheckedIn } from '../../handlers/desk/logs';
import { CALLABLE_OPTIONS, runCallable } from '../callable';
import { bookingDeps, requireAttendanceTaker, requireDesk } from '../deps';
import { MEMBER_PASS_SECRET } from './config';

/**
 * `checkInByPass` (checador and the kiosk): a scanned pass checks its member into the booking of
 * the class starting soonest within its check-in window, or `classId`'s. Coaches for their own
 * classes; admins and the front desk for all.
 */
export const checkInByPass = onCall(
  { ...CALLABLE_OPTIONS, secrets: [MEMBER_PASS_SECRET] },
  (request): Promise<CallableResult<'checkInByPass'>> =>
    runCallable('checkInByPass', request, async () => {
      const caller = requireAttendanceTaker(request);
      const input = parseInput(checkInByPassInput, request.data);
      const result = await checkInByPassHandler(
        { ...bookingDeps(), secret: MEMBER_PASS_SECRET.value() },
        { by: caller.uid, role: caller.role, scope: caller.scope },
        input,
      );
      memberCheckedIn({ by: caller.uid, uid: result.uid, classId: result.classId, via: 'pass' });
      return result;
    }),
);

/** `checkInByName` (the kiosk, opened by the front desk): name + last four phone digits. */
export const checkInByName = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'checkInByName'>> =>
    runCallable('checkInByName', request, async () => {
      const caller = requireDesk(request);
      const input = parseInput(checkInByNameInput, request.data);
      const result = await checkInByNameHandler(
        bookingDeps(),
        { by: caller.uid, role: caller.role, scope: caller.scope },
        input,
      );
      memberCheckedIn({ by: caller.uid, uid: result.uid, classId: result.classId, via: 'name' });
      return result;
    }),
);
