/**
 * Bookings on their way, per class, for the visit: a seat held when the member tapped "Book"
 * stays held (and settles) while the class sheet is closed, so reopening the sheet shows it
 * instead of "Book" again. No I/O here: `useOptimisticBooking` makes the call.
 */
import { create } from 'zustand';

/**
 * A booking as the member sees it: the seat is shown held the moment they tap "Book", then
 * confirmed with the spot the server gave, or rolled back with the server's reason.
 */
export type BookingState =
  | { phase: 'idle' }
  /** `spot` undefined: the server picks (first free spot) and none is known to be free. */
  | { phase: 'held'; spot: string | undefined }
  /**
   * `entryCaughtUp`: the member's own entry has shown the booking since, and alone says what is
   * true from then on (a cancel made elsewhere must not leave this answer showing 'booked').
   */
  | { phase: 'confirmed'; spot: string; entryCaughtUp?: true }
  | { phase: 'rolled-back'; spot: string | undefined; error: unknown };

export const IDLE_BOOKING: BookingState = { phase: 'idle' };

interface BookingStoreState {
  /** Each class's booking; a class with none is idle. */
  bookings: Readonly<Record<string, BookingState>>;
  /** Each class's latest attempt: only its answer may settle the state. */
  attempts: Readonly<Record<string, number>>;
  /** Starts a new attempt holding `spot`; returns its number. */
  hold: (classId: string, spot: string | undefined) => number;
  /** Settles attempt `attempt`, unless the member has moved on since. */
  settle: (classId: string, attempt: number, state: BookingState) => void;
  /** Back to idle; an answer still on its way is ignored. */
  reset: (classId: string) => void;
  /** Forgets a settled outcome (the sheet closed after showing it); a held seat stays. */
  dropSettled: (classId: string) => void;
  /** The member's own entry now shows the confirmed booking (the message stays). */
  entryCaughtUp: (classId: string) => void;
}

export const initialBookingState = { bookings: {}, attempts: {} } as const;

export const useBookingStore = create<BookingStoreState>()((set, get) => ({
  ...initialBookingState,
  hold: (classId, spot) => {
    const attempt = (get().attempts[classId] ?? 0) + 1;
    set((state) => ({
      attempts: { ...state.attempts, [classId]: attempt },
      bookings: { ...state.bookings, [classId]: { phase: 'held', spot } },
    }));
    return attempt;
  },
  settle: (classId, attempt, booking) => {
    if (get().attempts[classId] !== attempt) return;
    set((state) => ({ bookings: { ...state.bookings, [classId]: booking } }));
  },
  reset: (classId) =>
    set((state) => {
      const { [classId]: _dropped, ...bookings } = state.bookings;
      return {
        attempts: { ...state.attempts, [classId]: (state.attempts[classId] ?? 0) + 1 },
        bookings,
      };
    }),
  entryCaughtUp: (classId) => {
    const booking = get().bookings[classId];
    if (booking?.phase !== 'confirmed' || booking.entryCaughtUp) return;
    set((state) => ({
      bookings: { ...state.bookings, [classId]: { ...booking, entryCaughtUp: true } },
    }));
  },
  dropSettled: (classId) => {
    const phase = get().bookings[classId]?.phase;
    if (phase === 'confirmed' || phase === 'rolled-back') {
      set((state) => {
        const { [classId]: _dropped, ...bookings } = state.bookings;
        return { bookings };
      });
    }
  },
}));
