import { canLeaveWaitlist, leaveQueue, orThrow } from '@studio/core';
import type { CallableResult, LeaveWaitlistInput } from '@studio/core';
import { changeRoster, classContext, NO_RATE_LIMITS, readRoster } from '../../engine';
import type { BookingDeps } from '../../engine';
import { syncViews } from './sync-views';

export interface LeaveWaitlistCommand extends LeaveWaitlistInput {
  uid: string;
}

/** `leaveWaitlist`: off the queue; everyone behind moves up and is told their new place. */
export async function leaveWaitlist(
  deps: BookingDeps,
  { uid, classId }: LeaveWaitlistCommand,
): Promise<CallableResult<'leaveWaitlist'>> {
  const nowMs = deps.now();
  const context = await classContext(deps, classId);
  const roster = await readRoster(context);
  orThrow(canLeaveWaitlist(roster, uid));
  await (deps.limits ?? NO_RATE_LIMITS).take(uid, 'cancel');
  const left = await changeRoster(context, (current) => leaveQueue(current, uid, nowMs));
  await syncViews(deps.db, context, left.roster, [uid], nowMs, { previous: left.previous });
  return {};
}
