import { canLeaveWaitlist, leaveQueue, orThrow } from '@studio/core';
import type { CallableResult, LeaveWaitlistInput } from '@studio/core';
import { changeRoster, classContext, NO_RATE_LIMITS, readRoster, syncViews } from '../../engine';
import type { BookingDeps } from '../../engine';

export interface LeaveWaitlistCommand extends LeaveWaitlistInput {
  uid: string;
}

/** `leaveWaitlist`: off the queue; everyone behind moves up and is told their new place. */
export async function leaveWaitlist(
  deps: BookingDeps,
  { uid, classId }: LeaveWaitlistCommand,
): Promise<CallableResult<'leaveWaitlist'>> {
  const { db } = deps;
  const nowMs = deps.now();
  const [context, roster] = await Promise.all([classContext(db, classId), readRoster(db, classId)]);
  orThrow(canLeaveWaitlist(roster, uid));
  await (deps.limits ?? NO_RATE_LIMITS).take(uid, 'cancel');
  const left = await changeRoster(db, classId, (current) => leaveQueue(current, uid, nowMs));
  await syncViews(db, context, left.roster, [uid], nowMs, { previous: left.previous });
  return {};
}
