import { useCallback, useRef, useState } from 'react';

/**
 * A booking as the member sees it: the seat is shown held the moment they tap "Book", then
 * confirmed with the spot the server gave, or rolled back with the server's reason.
 */
export type BookingState =
  | { phase: 'idle' }
  /** `spot` undefined: the server picks (first free spot) and none is known to be free. */
  | { phase: 'held'; spot: string | undefined }
  | { phase: 'confirmed'; spot: string }
  | { phase: 'rolled-back'; spot: string | undefined; error: unknown };

const IDLE: BookingState = { phase: 'idle' };

export interface OptimisticBooking {
  state: BookingState;
  /** Holds `held` at once and settles when `call` answers. */
  book: (call: () => Promise<{ spot: string }>, held: string | undefined) => void;
  /** Back to idle (the member moved on: another action, another spot). */
  reset: () => void;
}

export function useOptimisticBooking(): OptimisticBooking {
  const [state, setState] = useState<BookingState>(IDLE);
  // Only the latest attempt may settle the state: an older answer arriving late is ignored.
  const attempt = useRef(0);

  const book = useCallback((call: () => Promise<{ spot: string }>, held: string | undefined) => {
    const id = ++attempt.current;
    setState({ phase: 'held', spot: held });
    call().then(
      (result) => {
        if (attempt.current === id) setState({ phase: 'confirmed', spot: result.spot });
      },
      (error: unknown) => {
        if (attempt.current === id) setState({ phase: 'rolled-back', spot: held, error });
      },
    );
  }, []);

  const reset = useCallback(() => {
    attempt.current++;
    setState(IDLE);
  }, []);

  return { state, book, reset };
}
