import { canJoinWaitlist, joinQueue, memberPayment, orThrow } from '@studio/core';
import type { CallableResult, JoinWaitlistInput } from '@studio/core';
import { changeRoster, NO_RATE_LIMITS, readClassCall, readMember } from '../../engine';
import type { BookingDeps } from '../../engine';
import { syncViews } from './sync-views';

export interface JoinWaitlistCommand extends JoinWaitlistInput {
  uid: string;
}

/**
 * `joinWaitlist`: a full class, before the cut-off, a member neither booked nor
 * waiting. They must also be able to book (waiver accepted, a usable credit of the class's
 * kind) — otherwise a promotion would only skip them (docs/decisions/032-waitlist-promotion.md).
 * FIFO by a sequence number taken in the roster transaction
 * (docs/architecture/booking.md#waiting-list).
 */
export async function joinWaitlist(
  deps: BookingDeps,
  { uid, classId }: JoinWaitlistCommand,
): Promise<CallableResult<'joinWaitlist'>> {
  const { db } = deps;
  const nowMs = deps.now();
  const [{ context, cls, settings, roster }, member] = await Promise.all([
    readClassCall(deps, classId),
    readMember(db, uid, deps.rush),
  ]);
  orThrow(canJoinWaitlist({ cls, roster, uid, nowMs, settings }));
  // A plan that would pay counts as a credit would (docs/architecture/plans.md).
  orThrow(memberPayment(member.user, cls, nowMs, { timeZone: settings.timeZone }));
  await (deps.limits ?? NO_RATE_LIMITS).take(uid, 'book');

  const joined = await changeRoster(context, (current) =>
    joinQueue(current, { cls, settings, uid, nowMs, name: member.user?.Name }),
  );
  await syncViews(db, context, joined.roster, [uid], nowMs);
  return { position: joined.result.position };
}
