import { canCancel, endBooking, orThrow } from '@studio/core';
import type { CallableResult, CancelBookingInput } from '@studio/core';
import { changeRoster, NO_RATE_LIMITS, readClassCall } from '../../engine';
import type { BookingDeps } from '../../engine';
import { offerFreeSeats } from '../push/watch';
import { promotionFailed, watchersNotTold } from './logs';
import { promoteWaitlist } from './promote';
import { settleEnded } from './settle-ended';

export interface CancelBookingCommand extends CancelBookingInput {
  uid: string;
}

export interface CancelBookingOutcome extends CallableResult<'cancelBooking'> {
  outcome: 'refund' | 'late';
  bookingId: string;
}

/**
 * `cancelBooking`: at least `cancellationWindowHours` before the start the credit
 * comes back with its original expiry; later it is forfeited, except for a member promoted
 * from the waiting list inside that window, who keeps the refund until the waitlist cut-off.
 * With `guestBookingId` it ends one of the member's guest seats instead, by the same rules and
 * to the same member's credits; their own booking and their other guests stay
 * (docs/architecture/booking.md#guest-seats). The freed seat then goes to the waiting list.
 */
export async function cancelBooking(
  deps: BookingDeps,
  { uid, classId, guestBookingId }: CancelBookingCommand,
): Promise<CancelBookingOutcome> {
  const nowMs = deps.now();
  const { context, cls, settings, roster } = await readClassCall(deps, classId);
  const { key } = orThrow(canCancel({ cls, roster, uid, guestBookingId, nowMs, settings }));
  await (deps.limits ?? NO_RATE_LIMITS).take(uid, 'cancel');

  // A guest seat's key names one booking of this member's for good, so the transaction ends
  // that one or finds it gone ("no booking"), like the member's own.
  const change = await changeRoster(context, (current) =>
    endBooking(current, key, { cls, settings, nowMs }),
  );
  const { ended } = change.result;
  await settleEnded(deps, context, ended, change.roster, uid);

  try {
    await promoteWaitlist(deps, context);
  } catch (error) {
    // The cancel itself is done and stands; the reconciler retries the promotion.
    promotionFailed({ classId, error });
  }
  try {
    // A seat the waiting list did not take: members watching the class hear at once.
    await offerFreeSeats(deps, context, { immediate: true });
  } catch (error) {
    // The cancel stands; the watchers hear of the next seat that frees.
    watchersNotTold({ classId, error });
  }
  return {
    refunded: ended.outcome === 'refund',
    outcome: ended.outcome === 'late' ? 'late' : 'refund',
    bookingId: ended.bookingId,
  };
}
