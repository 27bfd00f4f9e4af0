import { onCall } from 'firebase-functions/v2/https';
import { bookGuestInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { bookGuest as bookGuestHandler } from '../../handlers/booking/book-guest';
import { guestSeatBooked } from '../../handlers/booking/logs';
import { CALLABLE_OPTIONS, requireAuth, runCallable } from '../callable';
import { bookingDeps } from '../deps';
import { countedCall } from '../limits';

/** `bookGuest` ("bring a friend"): a booked member books a seat for a named guest. */
export const bookGuest = onCall(CALLABLE_OPTIONS, (request): Promise<CallableResult<'bookGuest'>> =>
  runCallable('bookGuest', request, async () => {
    const { uid } = requireAuth(request);
    const input = parseInput(bookGuestInput, request.data);
    const result = await countedCall(uid, 'book', (limits) =>
      bookGuestHandler(bookingDeps(limits), { uid, ...input }),
    );
    guestSeatBooked({ uid, ...result });
    return result;
  }),
);
