import { useCallback, useState } from 'react';
import { callableErrorText } from './callable-errors';
import type { ErrorText } from './callable-errors';

/** A form's call to the functions and its last outcome. */
export interface Submission<T> {
  /** The call is running (the submit button says so and takes no second click). */
  busy: boolean;
  /** What the last call resolved to, for the form's "saved" line; null before and while one runs. */
  done: T | null;
  /** Why the last call was refused, in words; null before and while one runs. */
  failure: ErrorText | null;
  /** Clears the last outcome, then runs `work`, keeping its result or its refusal. */
  run: (work: () => Promise<T>) => Promise<void>;
  /** Clears the last outcome without a call (a check in the browser refused the form). */
  clear: () => void;
}

/**
 * The busy/done/failure round of a form that sends one callable: one place that clears the last
 * outcome, marks the form busy, and turns a refusal into the words the person reads.
 */
export function useSubmit<T = true>(): Submission<T> {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<T | null>(null);
  const [failure, setFailure] = useState<ErrorText | null>(null);
  const clear = useCallback(() => {
    setDone(null);
    setFailure(null);
  }, []);
  const run = useCallback(
    async (work: () => Promise<T>) => {
      clear();
      setBusy(true);
      try {
        setDone(await work());
      } catch (error) {
        setFailure(callableErrorText(error));
      } finally {
        setBusy(false);
      }
    },
    [clear],
  );
  return { busy, done, failure, run, clear };
}
