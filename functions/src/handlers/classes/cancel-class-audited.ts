import { paths } from '@studio/core';
import type { AuditEntry, CallableResult, CancelClassInput } from '@studio/core';
import { cancelClass } from '../booking/cancel-class';
import { newId } from '../booking/deps';
import type { BookingDeps } from '../booking/deps';
import { readClass } from '../booking/store';

export interface CancelClassAuditedCommand extends CancelClassInput {
  by: string;
}

/**
 * admin-clases cancels through here: the booking engine's `cancelClass` (refunds, waiting
 * list, notifications) and then an audit entry, which the engine's callable does not write
 * (decision 072). Nothing is audited when the cancellation is refused.
 */
export async function cancelClassAudited(
  deps: BookingDeps,
  { by, classId, reason }: CancelClassAuditedCommand,
): Promise<CallableResult<'cancelClass'>> {
  const { db } = deps;
  const before = await readClass(db, classId);
  const result = await cancelClass(deps, { by, classId, reason });
  const entry: AuditEntry = {
    at: deps.now(),
    by,
    action: 'cancelClass',
    target: paths.class(classId),
    details: {
      reason,
      refunded: result.refunded,
      before: { status: before.status, date: before.date, hour: before.hour },
      after: { status: 'cancelled' },
    },
  };
  await db.ref(paths.auditEntry(newId(db))).set(entry);
  return result;
}
