// The bookings' side of a class cancellation, after the roster transaction that ended them
// (`cancelClass` in handlers/classes/): refunds, views, the waiting list told. The reconciler
// runs it too, so a cancellation a crash interrupted is finished by the booking domain alone.
import { paths, withCancellationDone } from '@studio/core';
import { changeRoster, readRoster, showCounts } from '../../engine';
import type { BookingDeps, ClassContext } from '../../engine';
import { syncViews } from './sync-views';
import { settleEnded } from './settle-ended';

/**
 * Everything after the roster transaction of a class cancellation, idempotent: the class
 * status, each credit refunded once (`settleEnded`), the waiting list told, then `done`.
 * Returns how many bookings this call settled.
 */
export async function finishCancellation(
  deps: BookingDeps,
  context: ClassContext,
  by: string,
): Promise<number> {
  const { db } = deps;
  const nowMs = deps.now();
  const roster = await readRoster(context);
  const cancellation = roster.cancellation;
  if (!cancellation || cancellation.done) return 0;
  // A transaction, not update(): the class's counts are written by transactions of this
  // instance's other calls (functions/src/engine/README.md#one-process-many-calls).
  await context.db.ref(paths.class(context.classId)).transaction(
    (current: unknown) =>
      current === null || typeof current !== 'object'
        ? current
        : {
            ...current,
            status: 'cancelled',
            cancelReason: cancellation.reason,
            cancelledAt: cancellation.at,
          },
    undefined,
    false,
  );
  const cls = { ...context.cls, status: 'cancelled' as const };
  const cancelled = { ...context, cls };
  const unsettled = Object.values(roster.ended).filter(
    (ended) => ended.outcome === 'class-cancelled' && !ended.settled,
  );
  await Promise.all(unsettled.map((ended) => settleEnded(deps, cancelled, ended, roster, by)));
  const removed = Object.entries(roster.departed)
    .filter(([, departed]) => departed.status === 'removed')
    .map(([uid]) => uid);
  await syncViews(db, cancelled, roster, removed, nowMs);
  const done = await changeRoster(context, (current) => ({
    roster: withCancellationDone(current),
    result: null,
  }));
  await showCounts(context.db, context.classId, done.roster);
  return unsettled.length;
}
