import { DomainError, cancelRoster, paths, withCancellationDone } from '@studio/core';
import type { AuditEntry, CallableResult, CancelClassInput } from '@studio/core';
import { newId } from './deps';
import type { BookingDeps } from './deps';
import { classContext } from './context';
import { changeRoster } from './rosters';
import { settleEnded } from './settle-ended';
import { readRoster } from './store';
import { showCounts, syncViews } from './views';
import type { ClassContext } from './views';

export interface CancelClassCommand extends CancelClassInput {
  /** The admin cancelling. */
  by: string;
}

/**
 * `cancelClass` (admins): one roster transaction ends every booking ('class-cancelled') and
 * empties the waiting list, and from then on the roster refuses bookings; then every credit is
 * refunded, everyone is told, and the class shows as cancelled. A crash part-way is finished
 * by the reconciler (`finishCancellation`), which this call also is. A cancellation that went
 * through is recorded in the audit log with the class before and after; a refused one is not.
 */
export async function cancelClass(
  deps: BookingDeps,
  { by, classId, reason }: CancelClassCommand,
): Promise<CallableResult<'cancelClass'>> {
  const { db } = deps;
  const nowMs = deps.now();
  const context = await classContext(db, classId);
  const { cls } = context;
  if (cls.status === 'cancelled') throw new DomainError('failed-precondition', 'classCancelled');
  if (nowMs >= cls.startsAt) throw new DomainError('failed-precondition', 'classStarted');
  await changeRoster(db, classId, (roster) => {
    const cancelled = cancelRoster(roster, { nowMs, reason, by });
    return { roster: cancelled.roster, result: null };
  });
  const refunded = await finishCancellation(deps, context, by);
  const entry: AuditEntry = {
    at: deps.now(),
    by,
    action: 'cancelClass',
    target: paths.class(classId),
    details: {
      reason,
      refunded,
      before: { status: cls.status, date: cls.date, hour: cls.hour },
      after: { status: 'cancelled' },
    },
  };
  await db.ref(paths.auditEntry(newId(db))).set(entry);
  return { refunded };
}

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
  const roster = await readRoster(db, context.classId);
  const cancellation = roster.cancellation;
  if (!cancellation || cancellation.done) return 0;
  await db.ref(paths.class(context.classId)).update({
    status: 'cancelled',
    cancelReason: cancellation.reason,
    cancelledAt: cancellation.at,
  });
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
  const done = await changeRoster(db, context.classId, (current) => ({
    roster: withCancellationDone(current),
    result: null,
  }));
  await showCounts(db, context.classId, done.roster);
  return unsettled.length;
}
