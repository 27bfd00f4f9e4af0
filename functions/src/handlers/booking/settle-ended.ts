import { settleCredit } from '@studio/core';
import type { BookingCreditState, EndedBooking, Roster } from '@studio/core';
import { changeWallet, markSettled, readSettings } from '../../engine';
import { queueFee } from '../plans/fee-queue';
import type { BookingDeps, ClassContext } from '../../engine';
import { syncViews } from './sync-views';
import { enqueueEndedMail } from './mails';
import { enqueueClassCancelledPush } from './pushes';

/**
 * The member's side of a cancelled booking, after the roster transaction freed the seat and
 * recorded it under `ended` (docs/decisions/030-booking-protocol.md): one transaction on the member
 * refunds or forfeits the credit exactly once, the views follow, and `settled` is set last, so
 * until then the reconciler can finish it.
 */
export async function settleEnded(
  deps: BookingDeps,
  context: ClassContext,
  ended: EndedBooking,
  roster: Roster,
  by: string,
): Promise<BookingCreditState> {
  const nowMs = deps.now();
  const { currency } = await readSettings(deps.db);
  const { state, fees } = await changeWallet(deps.db, ended.uid, nowMs, (wallet) => {
    const settled = settleCredit(wallet, {
      bookingId: ended.bookingId,
      classId: context.classId,
      startsAt: context.cls.startsAt,
      outcome: ended.outcome,
      nowMs,
      by,
      currency,
    });
    return {
      change: settled.change,
      result: { state: settled.state, fees: Object.keys(settled.change.planFees ?? {}) },
    };
  });
  // A plan's late-cancel fee, recorded with the cancel, is charged by the plans job.
  for (const feeId of fees) await queueFee(deps.db, ended.uid, feeId, nowMs);
  // The mail before `settled`, so the reconciler's re-run writes it if a crash lost it, or if
  // the database did not take it (then `settled` waits for that re-run; mails.ts).
  const [, mailed, pushed] = await Promise.all([
    syncViews(deps.db, context, roster, [ended.uid], nowMs),
    enqueueEndedMail(deps, context, ended, roster.cancellation?.reason),
    enqueueClassCancelledPush(deps, context, ended, roster.cancellation?.reason),
  ]);
  if (mailed && pushed) await markSettled(context, ended.bookingId);
  return state;
}
