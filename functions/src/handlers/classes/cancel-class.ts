import { DomainError, cancelRoster, paths } from '@studio/core';
import type { AuditEntry, CallableResult, CancelClassInput } from '@studio/core';
import { changeRoster, classContext, newId } from '../../engine';
import type { BookingDeps } from '../../engine';
import { finishCancellation } from '../booking/finish-cancellation';

export interface CancelClassCommand extends CancelClassInput {
  /** The admin cancelling. */
  by: string;
}

/**
 * `cancelClass` (admins): one roster transaction ends every booking ('class-cancelled') and
 * empties the waiting list, and from then on the roster refuses bookings; then every credit is
 * refunded, everyone is told, and the class shows as cancelled (`finishCancellation`, the
 * booking domain's step, which the reconciler also runs to finish a crash part-way). A
 * cancellation that went through is recorded in the audit log with the class before and after;
 * a refused one is not.
 */
export async function cancelClass(
  deps: BookingDeps,
  { by, classId, reason }: CancelClassCommand,
): Promise<CallableResult<'cancelClass'>> {
  const { db } = deps;
  const nowMs = deps.now();
  const context = await classContext(deps, classId);
  const { cls } = context;
  if (cls.status === 'cancelled') throw new DomainError('failed-precondition', 'classCancelled');
  if (nowMs >= cls.startsAt) throw new DomainError('failed-precondition', 'classStarted');
  await changeRoster(context, (roster) => {
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
