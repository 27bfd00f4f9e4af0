import { canLeaveWaitlist, leaveQueue, orThrow } from '@studio/core';
import type { CallableResult, LeaveWaitlistInput } from '@studio/core';
import { NO_FAULTS } from './deps';
import type { BookingDeps } from './deps';
import { classContext } from './context';
import { changeRoster } from './rosters';
import { readRoster } from './store';
import { syncViews } from './views';

export interface LeaveWaitlistCommand extends LeaveWaitlistInput {
  uid: string;
}

/** `leaveWaitlist`: off the queue; everyone behind moves up and is told their new place. */
export async function leaveWaitlist(
  deps: BookingDeps,
  { uid, classId }: LeaveWaitlistCommand,
): Promise<CallableResult<'leaveWaitlist'>> {
  const { db } = deps;
  const faults = deps.faults ?? NO_FAULTS;
  const nowMs = deps.now();
  const [context, roster] = await Promise.all([classContext(db, classId), readRoster(db, classId)]);
  orThrow(canLeaveWaitlist(roster, uid));
  const left = await changeRoster(db, classId, (current) => leaveQueue(current, uid, nowMs));
  await faults.at('after-queue', { classId, uid });
  await syncViews(db, context, left.roster, [uid], nowMs, { previous: left.previous });
  return {};
}
