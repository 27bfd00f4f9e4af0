import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;
// Server rendering never happens here; the value only matters for the type.
const onServer = () => true;

/** Whether the browser says it has a network, updated when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, onServer);
}
