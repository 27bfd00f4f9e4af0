import { useSyncExternalStore } from 'react';
import { connection } from './connection';

// Server rendering never happens here; the value only matters for the type.
const onServer = () => true;

/**
 * Whether the app can reach its servers, updated when that changes: the browser's claim, the
 * database connection and the last request's fate together (`lib/connection.ts`).
 */
export function useOnline(): boolean {
  return useSyncExternalStore(connection.subscribe, connection.isOnline, onServer);
}
