import { onCall } from 'firebase-functions/v2/https';
import { cancelBookingInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { cancelBooking as cancelBookingHandler } from '../../handlers/booking/cancel-booking';
import { bookingCancelled } from '../../handlers/booking/logs';
import { CALLABLE_OPTIONS, requireAuth, runCallable } from '../callable';
import { bookingDeps } from '../deps';
import { countedCall } from '../limits';

/** `cancelBooking`: in time the credit comes back; late it is forfeited. */
export const cancelBooking = onCall(
  CALLABLE_OPTIONS,
  (request): Promise<CallableResult<'cancelBooking'>> =>
    runCallable('cancelBooking', request, async () => {
      const { uid } = requireAuth(request);
      const input = parseInput(cancelBookingInput, request.data);
      const outcome = await countedCall(uid, 'cancel', (limits) =>
        cancelBookingHandler(bookingDeps(limits), { uid, ...input }),
      );
      bookingCancelled({
        uid,
        classId: input.classId,
        bookingId: outcome.bookingId,
        outcome: outcome.outcome,
        ...(input.guestBookingId === undefined ? {} : { guest: true }),
      });
      return { refunded: outcome.refunded };
    }),
);
