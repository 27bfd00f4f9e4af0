import { useCallback, useEffect } from 'react';
import type { BookingState } from '../stores/booking-store';
import { IDLE_BOOKING, useBookingStore } from '../stores/booking-store';

export type { BookingState } from '../stores/booking-store';

export interface OptimisticBooking {
  state: BookingState;
  /** Holds `held` at once and settles when `call` answers. */
  book: (call: () => Promise<{ spot: string }>, held: string | undefined) => void;
  /** Back to idle (the member moved on: another action, another spot). */
  reset: () => void;
}

/**
 * One class's booking on its way, kept in the booking store: a seat held stays held (and
 * settles) while the sheet is closed, and shows again when it reopens; an outcome that settled
 * meanwhile shows once.
 */
export function useOptimisticBooking(classId: string, ownEntryBooked = false): OptimisticBooking {
  const state = useBookingStore((store) => store.bookings[classId] ?? IDLE_BOOKING);
  const confirmed = state.phase === 'confirmed';

  // Once the member's own entry shows the booking, it alone says what is true from then on.
  useEffect(() => {
    if (confirmed && ownEntryBooked) useBookingStore.getState().entryCaughtUp(classId);
  }, [classId, confirmed, ownEntryBooked]);

  const book = useCallback(
    (call: () => Promise<{ spot: string }>, held: string | undefined) => {
      const { hold, settle } = useBookingStore.getState();
      const attempt = hold(classId, held);
      call().then(
        (result) => settle(classId, attempt, { phase: 'confirmed', spot: result.spot }),
        (error: unknown) => settle(classId, attempt, { phase: 'rolled-back', spot: held, error }),
      );
    },
    [classId],
  );

  const reset = useCallback(() => useBookingStore.getState().reset(classId), [classId]);

  // A settled outcome is shown once, in the sheet that is open: closing it forgets the outcome.
  useEffect(() => () => useBookingStore.getState().dropSettled(classId), [classId]);

  return { state, book, reset };
}
