import { useCallback, useState } from 'react';

/**
 * A setting saved as soon as it changes: `save(saving, ...what)` clears the last failure and, if
 * `saving` fails, logs `what` with the error and sets `failed` (the section's "not saved" alert).
 */
export function useSaveAtOnce(): {
  failed: boolean;
  save: (saving: Promise<unknown>, ...what: unknown[]) => void;
} {
  const [failed, setFailed] = useState(false);
  const save = useCallback((saving: Promise<unknown>, ...what: unknown[]) => {
    setFailed(false);
    saving.catch((error: unknown) => {
      console.error(...what, error);
      setFailed(true);
    });
  }, []);
  return { failed, save };
}
