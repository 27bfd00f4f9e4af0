import type { DependencyList } from 'react';
import { useEffect, useState } from 'react';
import { holdFirstRead } from './first-reads';
import type { Unsubscribe } from './unsubscribe';

/**
 * The latest value a live subscription reported, or `initial` until it reports. `subscribe`
 * null means "nothing to watch" (a guest, no class chosen). It resubscribes when `deps` change.
 * On the page the app starts on, the session layer waits for the first answer
 * (lib/first-reads.ts).
 */
export function useLive<T>(
  subscribe: ((onChange: (value: T) => void) => Unsubscribe) | null,
  initial: T,
  deps: DependencyList,
): T {
  const [state, setState] = useState<{ deps: DependencyList; value: T }>({ deps, value: initial });
  useEffect(() => {
    if (!subscribe) return undefined;
    const answered = holdFirstRead();
    const stop = subscribe((value) => {
      answered();
      setState({ deps, value });
    });
    return () => {
      answered();
      stop();
    };
    // The caller's deps say when the subscription changes; `subscribe` is recreated each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  // A value reported for other deps (the previous week) is not shown for the new ones.
  const current =
    state.deps.length === deps.length && state.deps.every((d, i) => Object.is(d, deps[i]));
  return current ? state.value : initial;
}
