// Plan fees waiting to be charged (`PlanFeeQueue`): the booking domain records a late-cancel or
// no-show fee in the member's transaction and queues it here; the plans job charges the queue
// (fees.ts). Kept apart from the charging so a booking function does not load the Stripe SDK.
import { paths } from '@studio/core';
import type { Database } from 'firebase-admin/database';

/** The queue entry's key: the member and the fee. */
export function feeQueueKey(uid: string, feeId: string): string {
  return `${uid}-${feeId}`;
}

/** Puts a recorded fee in the charging queue (the plans job charges it). */
export async function queueFee(
  db: Database,
  uid: string,
  feeId: string,
  at: number,
): Promise<void> {
  await db.ref(paths.planFeeQueueEntry(feeQueueKey(uid, feeId))).set({ uid, feeId, at });
}
