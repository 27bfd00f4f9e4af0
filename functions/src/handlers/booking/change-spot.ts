import { moveBooking, orThrow } from '@studio/core';
import type { CallableResult, ChangeSpotInput } from '@studio/core';
import { changeRoster, NO_RATE_LIMITS, readClassCall, readLayout } from '../../engine';
import type { BookingDeps } from '../../engine';
import { syncViews } from './sync-views';

export interface ChangeSpotCommand extends ChangeSpotInput {
  uid: string;
}

/**
 * `changeSpot`: a booked member moves to another free spot. One roster transaction
 * frees the old spot and takes the new one (the public `spots` map every seat map listens to);
 * no credit moves. The member's class view follows from that roster's version, so a crash after
 * the transaction leaves a view the reconciler rewrites (docs/architecture/booking.md#change-spot).
 */
export async function changeSpot(
  deps: BookingDeps,
  { uid, classId, spot }: ChangeSpotCommand,
): Promise<CallableResult<'changeSpot'>> {
  const { db } = deps;
  const nowMs = deps.now();
  const { context, cls, roster } = await readClassCall(deps, classId);
  const layout = await readLayout(db, cls, deps.rush);
  // Decided on the mirror first, so a refusal or "already there" costs no rate-limit unit and
  // no transaction.
  const planned = orThrow(moveBooking(roster, uid, { cls, layout, spot, nowMs }));
  if (planned.roster === roster) return { classId, spot };
  await (deps.limits ?? NO_RATE_LIMITS).take(uid, 'book');

  const moved = await changeRoster(context, (current) =>
    moveBooking(current, uid, { cls, layout, spot, nowMs }),
  );
  if (moved.changed) await syncViews(db, context, moved.roster, [uid], nowMs);
  return { classId, spot: moved.result.booking.spot };
}
