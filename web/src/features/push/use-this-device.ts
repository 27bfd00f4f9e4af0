import { useCallback, useEffect, useState } from 'react';
import type { TurnOnOutcome } from '../../lib/push-device';
import type { PushApi } from './api/push-api';

/** This browser's push state: its endpoint (null = off here), and turning it on or off. */
export function useThisDevice(api: Pick<PushApi, 'thisDevice' | 'turnOn'>) {
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<TurnOnOutcome | null>(null);

  const refresh = useCallback(() => {
    api.thisDevice().then(setEndpoint, (error: unknown) => {
      console.error('push subscription not read', error);
    });
  }, [api]);
  useEffect(refresh, [refresh]);

  const run = useCallback(
    (step: () => Promise<unknown>) => {
      setBusy(true);
      setOutcome(null);
      step()
        .catch((error: unknown) => {
          console.error('push not changed', error);
          setOutcome('failed');
        })
        .finally(() => {
          setBusy(false);
          refresh();
        });
    },
    [refresh],
  );

  const turnOn = useCallback(() => {
    run(async () => setOutcome(await api.turnOn()));
  }, [api, run]);

  return { endpoint, busy, outcome, refresh, run, turnOn };
}
