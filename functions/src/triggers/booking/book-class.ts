import { onCall } from 'firebase-functions/v2/https';
import { bookClassInput, parseInput } from '@studio/core';
import type { CallableResult } from '@studio/core';
import { bookClass as bookClassHandler } from '../../handlers/booking/book-class';
import { classBooked } from '../../handlers/booking/logs';
import { CALLABLE_OPTIONS, requireAuth, runCallable } from '../callable';
import { bookingDeps } from '../deps';

/** `bookClass`: a signed-in member books a seat with one of their credits. */
export const bookClass = onCall(CALLABLE_OPTIONS, (request): Promise<CallableResult<'bookClass'>> =>
  runCallable('bookClass', request, async () => {
    const { uid } = requireAuth(request);
    const input = parseInput(bookClassInput, request.data);
    const { bookingId, ...result } = await bookClassHandler(bookingDeps(), { uid, ...input });
    classBooked({ uid, bookingId, ...result });
    return result;
  }),
);
