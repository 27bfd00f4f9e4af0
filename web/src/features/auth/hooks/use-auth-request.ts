import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { authMessages } from '../auth-messages';
import { authErrorText } from '../auth-errors';

/**
 * One request of the login or reset form: `busy` while it runs, then `onDone`, or `failure`
 * holds the catalogue text of its error until `dismiss`.
 */
export function useAuthRequest() {
  const t = useT(authMessages);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = (request: () => Promise<void>, onDone: () => void) => {
    setBusy(true);
    request().then(
      () => {
        setBusy(false);
        onDone();
      },
      (error: unknown) => {
        setBusy(false);
        setFailure(authErrorText(error, t));
      },
    );
  };
  return { busy, failure, run, dismiss: () => setFailure(null) };
}
